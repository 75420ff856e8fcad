/// What the record button captures: every call the playground made into the components (the
/// gestures, buttons and wheel as the adapters turned them into the components' own methods) and
/// every frame of the clock, in order, with the events each component fired meanwhile. Recording
/// starts on a fresh run of the script, so the scenario needs nothing that happened before.
final class PlayRecorder {
  enum Step: Equatable {
    case advance(Double)
    /// `failed`: the call raised (the scenario expects it to raise again).
    case call(label: String, method: String, args: [PlayArg], failed: Bool)
  }

  /// Components at the start, in the order the script made them.
  let labels: [String]
  private(set) var steps: [Step] = []
  private(set) var events: [String: [String]] = [:]
  /// Events the playground could not keep (more than a frame holds): their assertion is left out.
  private(set) var incomplete: Set<String> = []

  init(labels: [String]) { self.labels = labels }

  func record(_ step: Step) { steps.append(step) }

  func event(_ label: String, _ text: String) { events[label, default: []].append(text) }

  func lost(_ label: String) { incomplete.insert(label) }

  var gestures: Int {
    steps.reduce(0) { n, s in
      if case .call = s { return n + 1 }
      return n
    }
  }

  /// The steps with runs of equal frames joined: `(count, dt)` for frames.
  var compacted: [(step: Step, count: Int)] {
    var out: [(step: Step, count: Int)] = []
    for s in steps {
      if case .advance = s, let last = out.last, last.step == s {
        out[out.count - 1].count += 1
      } else {
        out.append((s, 1))
      }
    }
    return out
  }
}
