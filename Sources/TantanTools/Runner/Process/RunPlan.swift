/// The run phase on the coordinator's side: the selected items grouped into one task per file
/// (the file loads once in a worker and its scenarios run there in order), results put back in
/// suite order. With several jobs, a file of many items is split into one task per job (each
/// loads the file once), so one big file still keeps every worker busy. When a worker dies in a
/// scenario (a signal, an exit, a hang in C), that scenario is an error with the cause and a fresh
/// worker reloads the file and goes on with the next one.
/// Nothing ends as "passed" without a worker's report of it: an item without one is an error.
enum RunPlan {
  static func execute(
    _ indexed: [(Int, RunItem)], scenarios: [String: [ScenarioInfo]], pool: WorkerPool, traceNames: [Int: String],
    plugins: TestPlugins?, progress: Progress, jobs: Int, loadedIn: (String) -> Int? = { _ in nil }
  ) throws -> [ScenarioResult] {
    var results: [ScenarioResult?] = Array(repeating: nil, count: indexed.count)
    var position: [Int: Int] = [:]  // suite index -> place in `indexed`
    var fileOrder: [String] = []
    var byFile: [String: [Int]] = [:]  // places, in run order
    for (p, (index, item)) in indexed.enumerated() {
      position[index] = p
      if item.loadFailure != nil || item.scenario.pendingReason != nil {
        results[p] = pending(item, index: index)
        progress.tick(p, results[p]?.status ?? .error)
        continue
      }
      if byFile[item.scenario.file] == nil { fileOrder.append(item.scenario.file) }
      byFile[item.scenario.file, default: []].append(p)
    }
    var files: [String] = []  // per task
    var chunks: [[Int]] = []  // per task: places
    for file in fileOrder {
      let places = byFile[file] ?? []
      let size = jobs > 1 ? max(64, (places.count + jobs - 1) / jobs) : places.count
      for start in stride(from: 0, to: places.count, by: size) {
        files.append(file)
        chunks.append(Array(places[start..<min(start + size, places.count)]))
      }
    }
    func request(_ task: Int) -> WorkerRequest {
      let file = files[task]
      return .run(
        file: file, scenarios: scenarios[file] ?? [],  // as collected: the worker tells when the file changed
        items: chunks[task].map { p in
          let (index, item) = indexed[p]
          return TaskItem(
            index: index, ordinal: item.scenario.ordinal, repeatIndex: item.repeatIndex, trace: traceNames[index])
        })
    }
    let tasks = files.indices.map(request)
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
    // A file's first task goes to the worker that collected it, which still holds it loaded.
    let prefer = files.indices.map { t in t == 0 || files[t - 1] != files[t] ? loadedIn(files[t]) : nil }
    try pool.run(
      tasks, prefer: prefer,
      onReply: { (task, reply) throws(WireError) -> Bool in
        switch reply {
        case .loaded:
          loaded[task] = true
          return false
        case .note(let n):
          plugins?.note(n)
          return false
        case .result(let index, var result):
          guard let p = position[index], results[p] == nil else { throw WireError(description: "bad index") }
          result.scenario = indexed[p].1.scenario
          results[p] = result
          progress.tick(p, result.status)
          return false
        case .unloadable(let f):
          fail(task) { _ in f }
          return true
        case .done:
          fail(task) { s in Failure(kind: .error, message: "no result from its worker", file: s.file, line: s.line) }
          return true
        case .collected:
          throw WireError(description: "a collect reply to a run")
        }
      },
      onDeath: { task, cause, stderr in
        let file = files[task]
        guard loaded[task], let crashed = chunks[task].first(where: { results[$0] == nil }) else {
          fail(task) { _ in
            Failure(kind: .error, message: "\(file) could not be loaded: \(cause)", file: file, line: nil)
          }
          return []
        }
        // The scenario that was running: an error with the cause; a fresh worker goes on after it.
        let (index, item) = indexed[crashed]
        var r = pending(item, index: index)
        // The limit watchdog's last words (`file:line: timeout (1 s) exceeded`) say it all.
        let message = Failure.startsWithPosition(cause) ? cause : "the scenario did not finish: \(cause)"
        r.failure = Failure(kind: .error, message: message, file: item.scenario.file, line: item.scenario.line)
        r.stderr = stderr
        results[crashed] = r
        progress.tick(crashed, .error)
        let rest = chunks[task].filter { results[$0] == nil }
        guard !rest.isEmpty else { return [] }
        files.append(file)
        chunks.append(rest)
        loaded.append(false)
        return [request(files.count - 1)]
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

extension ScenarioResult {
  /// A teardown that failed after this scenario (the last of its block that ran): a scenario that
  /// passed becomes an error carrying the teardown's failure; one that failed keeps its own.
  mutating func failTeardown(_ f: Failure) {
    guard status == .passed || status == .pending || status == .flaky else { return }
    status = .error
    reason = nil
    failure = f
  }
}
