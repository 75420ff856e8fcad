import TantanLua

/// One recorded step of a trace: a gesture or programmatic call on a component, a clock advance,
/// a component's construction, or the run's end or error; what it fired and the state after it.
struct TraceStep {
  enum Kind: String {
    case create, call, clock, end, error
  }

  /// An event fired during the step (`tag` is the component kind, e.g. "deck") or a call made
  /// from a callback inside the step (`tag` "call").
  struct Event {
    var tag: String
    var text: String
  }

  /// One live component after the step: its index in the trace's component list, its frame in
  /// the frame store (nil when it cannot be drawn or the size limit was reached) and its
  /// `tostring` text.
  struct Shot {
    var component: Int
    var frame: Int?
    var state: String
  }

  var kind: Kind
  var title: String
  /// The chunk name of the code that issued the step (`@path` for files) and its line.
  var source: String?
  var line: Int?
  /// Virtual seconds after the step.
  var time: Double
  var events: [Event] = []
  var droppedEvents = 0
  var shots: [Shot] = []
  /// The error the step raised (it may have been caught by the script), or the run's error.
  var error: String?
}

/// SVG frames stored once each, with reference counts so steps evicted from a long trace free
/// theirs, and a byte budget past which new frames are not kept (the step keeps its state text).
struct TraceFrameStore {
  private(set) var frames: [Int: String] = [:]
  private var refs: [Int: Int] = [:]
  private var ids: [String: Int] = [:]
  private var next = 0
  private(set) var bytes = 0
  let maxBytes: Int
  /// Frames not kept because of `maxBytes`.
  private(set) var omitted = 0

  init(maxBytes: Int) { self.maxBytes = maxBytes }

  mutating func add(_ svg: String) -> Int? {
    if let id = ids[svg] {
      refs[id, default: 0] += 1
      return id
    }
    let size = svg.utf8.count
    guard bytes + size <= maxBytes else {
      omitted += 1
      return nil
    }
    let id = next
    next += 1
    frames[id] = svg
    refs[id] = 1
    ids[svg] = id
    bytes += size
    return id
  }

  mutating func release(_ id: Int) {
    guard let n = refs[id] else { return }
    if n > 1 {
      refs[id] = n - 1
      return
    }
    refs[id] = nil
    if let svg = frames.removeValue(forKey: id) {
      ids[svg] = nil
      bytes -= svg.utf8.count
    }
  }
}
