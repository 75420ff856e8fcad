import LuaRuntime

/// The run phase on the coordinator's side: the selected items grouped into one task per file
/// (the file loads once in a worker, each attempt forks from it), results put back in suite order.
/// With several jobs, a file of many items is split into one task per job (each loads the file
/// once), so one big file still keeps every worker busy.
/// Nothing ends as "passed" without a worker's report of it: an item without one is an error.
enum RunPlan {
  static func execute(
    _ indexed: [(Int, RunItem)], scenarios: [String: [ScenarioInfo]], pool: WorkerPool, traceNames: [Int: String],
    plugins: TestPlugins?, progress: Progress, jobs: Int, onCoverage: (LineCoverage) -> Void = { _ in },
    onLoaded: (String, [String]) -> Void = { _, _ in }
  ) throws -> [ScenarioResult] {
    var results: [ScenarioResult?] = Array(repeating: nil, count: indexed.count)
    var position: [Int: Int] = [:]  // suite index -> place in `indexed`
    var fileOrder: [String] = []
    var byFile: [String: [Int]] = [:]  // places, in run order
    for (p, (index, item)) in indexed.enumerated() {
      position[index] = p
      if item.loadFailure != nil || item.scenario.pendingReason != nil {
        results[p] = pending(item, index: index)
        progress.tick(p, results[p]!.status)
        continue
      }
      if byFile[item.scenario.file] == nil { fileOrder.append(item.scenario.file) }
      byFile[item.scenario.file, default: []].append(p)
    }
    var files: [String] = []  // per task
    var chunks: [[Int]] = []  // per task: places
    for file in fileOrder {
      let places = byFile[file]!
      let size = jobs > 1 ? max(64, (places.count + jobs - 1) / jobs) : places.count
      for start in stride(from: 0, to: places.count, by: size) {
        files.append(file)
        chunks.append(Array(places[start..<min(start + size, places.count)]))
      }
    }
    let tasks = zip(files, chunks).map { file, places -> WireWriter in
      var w = WireWriter()
      w.put("run")
      w.put(file)
      let declared = scenarios[file] ?? []  // as collected: the worker tells when the file changed
      w.put(declared.count)
      for s in declared { w.put(s) }
      w.put(places.count)
      for p in places {
        let (index, item) = indexed[p]
        w.put(index)
        w.put(item.scenario.ordinal)
        w.put(item.repeatIndex)
        w.put(traceNames[index])
      }
      return w
    }
    var loaded = Array(repeating: false, count: files.count)
    func fail(_ task: Int, _ f: (ScenarioInfo) -> Failure) {
      for p in chunks[task] where results[p] == nil {
        let (index, item) = indexed[p]
        var r = pending(item, index: index)
        r.failure = f(item.scenario)
        results[p] = r
        progress.tick(p, .error)
      }
    }
    try pool.run(
      tasks,
      onMessage: { (task, r: inout WireReader) throws(WireError) -> Bool in
        switch try r.string() {
        case "loaded":
          loaded[task] = true
          return false
        case "note":
          plugins?.note(try r.note())
          return false
        case "coverage":
          onCoverage(try r.lineCoverage())
          return false
        case "files":
          onLoaded(files[task], try r.strings())
          return false
        case "result":
          guard let p = position[try r.int()], results[p] == nil else { throw WireError(description: "bad index") }
          let (index, item) = indexed[p]
          var result = pending(item, index: index)
          try r.result(into: &result)
          results[p] = result
          progress.tick(p, result.status)
          return false
        case "unloadable":
          let f = try r.failure()
          fail(task) { _ in f ?? Failure(kind: .error, message: "cannot load", file: files[task], line: nil) }
          return true
        case "done":
          fail(task) { s in Failure(kind: .error, message: "no result from its worker", file: s.file, line: s.line) }
          return true
        default:
          throw WireError(description: "unknown reply")
        }
      },
      onDeath: { task, cause in
        let file = files[task]
        fail(task) { s in
          loaded[task]
            ? Failure(kind: .error, message: "the scenario did not finish: \(cause)", file: s.file, line: s.line)
            : Failure(kind: .error, message: "\(file) could not be loaded: \(cause)", file: file, line: nil)
        }
      })
    return indexed.indices.map { p in
      results[p]
        ?? {
          var r = pending(indexed[p].1, index: indexed[p].0)
          r.failure = Failure(kind: .error, message: "no result from its worker", file: r.scenario.file, line: nil)
          return r
        }()
    }
  }

  /// The result of an item that needs no worker: a file that failed to load, or a pending scenario.
  static func pending(_ item: RunItem, index: Int) -> ScenarioResult {
    var r = ScenarioResult(
      scenario: item.scenario, index: index, repeatIndex: item.repeatIndex, status: .error, duration: 0, output: "",
      failure: item.loadFailure, attempts: [], snapshotsUsed: [])
    if item.loadFailure == nil, let reason = item.scenario.pendingReason {
      r.status = .pending
      r.reason = reason
    }
    return r
  }
}
