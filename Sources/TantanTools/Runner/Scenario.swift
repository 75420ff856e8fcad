/// A `describe` block around a scenario: its name and the lines it spans.
struct DescribeInfo: Equatable, Sendable {
  var name: String
  var line: Int
  var last: Int
}

/// One `it` (or `pending`) found by running a file in collect mode.
struct ScenarioInfo: Equatable, Sendable {
  var file: String
  /// 1-based position in the order the file's scenarios run (declaration order, or the order
  /// `randomize()` gives: prelude_core.lua's `collect`); 0 for a file that failed to load.
  var ordinal: Int
  var name: String
  var line: Int
  var first: Int
  var last: Int
  var describes: [DescribeInfo]
  var tags: [String]
  var pendingReason: String?

  /// busted's full name: the describe names and the scenario's, joined by spaces.
  var fullName: String { (describes.map(\.name) + [name]).joined(separator: " ") }
  /// JUnit classname: `file:line` of the innermost describe, or the file for a top-level `it`.
  var classname: String { describes.last.map { "\(file):\($0.line)" } ?? file }
  var location: String { line > 0 ? "\(file):\(line)" : file }
}

/// Why a scenario did not pass: an assertion (`failure`) or a Lua error (`error`, with traceback).
struct Failure: Error, Equatable, Sendable {
  enum Kind: String, Sendable { case failure, error }
  var kind: Kind
  var message: String
  var file: String?
  var line: Int?
  var wanted: String?
  var found: String?
  var traceback: String?

  /// `file:line: message`, unless the message already starts with a position (its own, or that
  /// of a helper a hook or scenario called: `h.lua:1: boom` is not written `spec.lua:4: h.lua:1: boom`).
  var headline: String {
    guard let file, let line, !Self.startsWithPosition(message) else { return message }
    return "\(file):\(line): " + message
  }

  /// `chunk:LINE: ` at the start, as `error` and the Lua runtime write it (`[string "x"]:3: ` too).
  static func startsWithPosition(_ message: String) -> Bool {
    guard let firstLine = message.split(separator: "\n", maxSplits: 1).first,
      let end = firstLine.firstRange(of: ": ")
    else { return false }
    let head = firstLine[..<end.lowerBound]
    guard let colon = head.lastIndex(of: ":"), colon != head.startIndex else { return false }
    let digits = head[head.index(after: colon)...]
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }
}

/// One failed attempt that a retry later made good (reported as `flakyFailure`).
struct Attempt: Equatable, Sendable {
  var failure: Failure
  var output: String
  var duration: Double
}

enum Status: String, Sendable {
  case passed, failed, error, pending, flaky
}

/// The outcome of one run item (a scenario, or one of its `--repeat-each` copies).
struct ScenarioResult: Equatable, Sendable {
  var scenario: ScenarioInfo
  /// Position in the whole suite (before sharding): reports and merges sort on it.
  var index: Int
  /// 1...N with `--repeat-each N` (N > 1), else 0.
  var repeatIndex: Int
  var status: Status
  var duration: Double
  var output: String
  var failure: Failure?
  var attempts: [Attempt]
  var snapshotsUsed: [String]
  /// Why a pending scenario is pending (`pending("reason")`), "" when no reason was given.
  var reason: String?
  /// HTML traces written for this scenario's attempts (`--trace`), in attempt order.
  var traces: [String] = []
  /// What the last attempt's snapshot assertions did with their goldens.
  var snapshotActions = SnapshotActions()
  /// Files left for review by the last attempt's failed picture snapshots (`--artifacts-dir`).
  var artifacts: [String] = []
  /// The assertions the last attempt made (nil: unknown, as in a report from before they were counted).
  var assertions: Int? = nil
  /// The timers and animations the last attempt left pending, described (`RunWarnings`).
  var pendingTimers: [String] = []
  /// What the scenario (and what it started) wrote to stderr, capped as `output` is.
  var stderr = ""

  /// The name shown in reports; repeats are numbered so names stay unique.
  var displayName: String {
    repeatIndex > 0 ? "\(scenario.fullName) [repeat \(repeatIndex)]" : scenario.fullName
  }
}
