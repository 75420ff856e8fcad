import TantanLua

/// How much scenarios share (`--isolate`): `file` (default) runs a file's scenarios in order in the
/// one state loading the file made, as busted does; `scenario` runs each scenario in a forked copy
/// of the loaded state (nothing one scenario does reaches the next).
enum Isolation: String, Sendable, CaseIterable {
  case file, scenario
}

/// What every worker is told once, before any task (`WorkerRequest.configure`): the run's
/// settings, in the protocol rather than in the environment.
struct WorkerSettings: Equatable, Sendable {
  var seed: Int
  var isolation: Isolation
  var retries: Int
  /// `--explore-runs`: the run count of every explore (nil: each spec's own, or TANTAN_EXPLORE_RUNS).
  var exploreRuns: Int?
  /// The `test` command line, for what the worker builds from it (plugins, snapshot modes, limits).
  var arguments: [String]
}

/// One scenario (or `--repeat-each` copy) of a run task: its suite index, its ordinal in the file,
/// and its trace name (`--trace`).
struct TaskItem: Equatable, Sendable {
  var index: Int
  var ordinal: Int
  var repeatIndex: Int
  var trace: String?
}

/// A coordinator's request to a worker.
enum WorkerRequest: Equatable, Sendable {
  case configure(WorkerSettings)
  /// Load the file and list its scenarios.
  case collect(file: String)
  /// Load the file (it must declare `scenarios`, as collected) and run `items` in order.
  case run(file: String, scenarios: [ScenarioInfo], items: [TaskItem])
}

/// A worker's reply. A `collect` gets `collected`; a `run` gets `loaded` (or `unloadable`), then a
/// `result` per item (with `note`s between), then `done`.
enum WorkerReply: Equatable, Sendable {
  case collected(file: String, Result<[ScenarioInfo], Failure>)
  case loaded
  case note(PluginNote)
  /// The item at suite index `index` finished (the coordinator fills in its scenario).
  case result(index: Int, ScenarioResult)
  case unloadable(Failure)
  case done
}

extension WireWriter {
  mutating func put(_ request: WorkerRequest) {
    switch request {
    case .configure(let s):
      put("configure")
      put(s.seed)
      put(s.isolation.rawValue)
      put(s.retries)
      put(s.exploreRuns)
      put(s.arguments)
    case .collect(let file):
      put("collect")
      put(file)
    case .run(let file, let scenarios, let items):
      put("run")
      put(file)
      put(scenarios.count)
      for s in scenarios { put(s) }
      put(items.count)
      for i in items {
        put(i.index)
        put(i.ordinal)
        put(i.repeatIndex)
        put(i.trace)
      }
    }
  }

  mutating func put(_ reply: WorkerReply) {
    switch reply {
    case .collected(let file, let outcome):
      put("collected")
      put(file)
      switch outcome {
      case .success(let all):
        put(true)
        put(all.count)
        for s in all { put(s) }
      case .failure(let f):
        put(false)
        put(f)
      }
    case .loaded: put("loaded")
    case .note(let n):
      put("note")
      put(n)
    case .result(let index, let r):
      put("result")
      put(index)
      put(r)
    case .unloadable(let f):
      put("unloadable")
      put(f)
    case .done: put("done")
    }
  }
}

extension WireReader {
  mutating func request() throws(WireError) -> WorkerRequest {
    switch try string() {
    case "configure":
      let seed = try int()
      guard let isolation = Isolation(rawValue: try string()) else { throw WireError(description: "bad isolation") }
      return .configure(
        WorkerSettings(
          seed: seed, isolation: isolation, retries: max(try int(), 0), exploreRuns: try optionalInt(),
          arguments: try strings()))
    case "collect": return .collect(file: try string())
    case "run":
      let file = try string()
      var scenarios: [ScenarioInfo] = []
      for _ in 0..<max(try int(), 0) { scenarios.append(try scenario()) }
      var items: [TaskItem] = []
      for _ in 0..<max(try int(), 0) {
        let item = TaskItem(index: try int(), ordinal: try int(), repeatIndex: try int(), trace: try optionalString())
        guard item.ordinal >= 1, item.ordinal <= scenarios.count else { throw WireError(description: "bad ordinal") }
        items.append(item)
      }
      return .run(file: file, scenarios: scenarios, items: items)
    case let tag: throw WireError(description: "unknown request '\(tag)'")
    }
  }

  /// A reply; a `result`'s scenario is a placeholder the coordinator replaces with its own.
  mutating func reply() throws(WireError) -> WorkerReply {
    switch try string() {
    case "collected":
      let file = try string()
      if try bool() {
        var all: [ScenarioInfo] = []
        for _ in 0..<max(try int(), 0) { all.append(try scenario()) }
        return .collected(file: file, .success(all))
      }
      guard let f = try failure() else { throw WireError(description: "collected: no failure") }
      return .collected(file: file, .failure(f))
    case "loaded": return .loaded
    case "note": return .note(try note())
    case "result":
      let index = try int()
      var r = ScenarioResult(
        scenario: ScenarioInfo(file: "", ordinal: 0, name: "", line: 0, first: 0, last: 0, describes: [], tags: []),
        index: index, repeatIndex: 0, status: .error, duration: 0, output: "", failure: nil, attempts: [],
        snapshotsUsed: [])
      try result(into: &r)
      return .result(index: index, r)
    case "unloadable":
      guard let f = try failure() else { throw WireError(description: "unloadable: no failure") }
      return .unloadable(f)
    case "done": return .done
    case let tag: throw WireError(description: "unknown reply '\(tag)'")
    }
  }
}

enum WorkerChannel {
  @discardableResult
  static func send(_ fd: Int32, _ reply: WorkerReply) -> Bool {
    var w = WireWriter()
    w.put(reply)
    return Wire.send(fd, w)
  }
}
