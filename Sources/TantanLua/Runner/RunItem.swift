/// One thing to run: a scenario (or one `--repeat-each` copy), or a file that failed to load.
struct RunItem {
  var scenario: ScenarioInfo
  var repeatIndex: Int
  var loadFailure: Failure?

  /// Runs the item, retrying a failure up to `retries` times, each attempt in a fresh state.
  /// With a `trace` name (`--trace`), each attempt is recorded and kept as the mode says.
  static func execute(_ item: RunItem, index: Int, config: ExecutionConfig, retries: Int, trace: String? = nil)
    -> ScenarioResult
  {
    var result = ScenarioResult(
      scenario: item.scenario, index: index, repeatIndex: item.repeatIndex, status: .error, duration: 0, output: "",
      failure: item.loadFailure, attempts: [], snapshotsUsed: [])
    if item.loadFailure != nil { return result }
    if let reason = item.scenario.pendingReason {
      result.status = .pending
      result.reason = reason
      return result
    }
    var attempts: [Attempt] = []
    var used: [String] = []
    var traces: [String] = []
    var actions = SnapshotActions()
    var artifacts: [String] = []
    for attempt in 0...retries {
      actions = SnapshotActions()
      artifacts = []
      let t0 = FileSystem.now()
      var status = Status.error
      var failure: Failure?
      var reason: String?
      var output = ""
      do throws(ScenarioSession.SetupError) {
        let session = try ScenarioSession(file: item.scenario.file, config: config)
        if trace != nil { session.startTrace(title: item.scenario.fullName) }
        (status, failure, reason) = session.run(item.scenario)
        if let trace, ScenarioTraces.keeps(config.trace, status),
          let html = session.traceHTML(status: status, failure: failure, meta: traceMeta(item, attempt, config))
        {
          let path = FileSystem.join(config.traceDir, trace + (attempt > 0 ? "-retry\(attempt)" : "") + ".html")
          if FileSystem.write(path, html) { traces.append(path) }
        }
        output = session.output
        for u in session.snapshotsUsed where !used.contains(u) { used.append(u) }
        actions = session.snapshotActions
        artifacts = session.artifacts
      } catch {
        failure = error.failure
      }
      let duration = FileSystem.now() - t0
      if status == .failed || status == .error, attempt < retries, let f = failure {
        attempts.append(Attempt(failure: f, output: output, duration: duration))
        continue
      }
      result.status = status == .passed && !attempts.isEmpty ? .flaky : status
      result.failure = failure
      result.reason = reason
      result.output = output
      result.duration = duration + attempts.reduce(0) { $0 + $1.duration }
      result.attempts = attempts
      break
    }
    result.snapshotsUsed = used
    result.snapshotActions = actions
    result.artifacts = artifacts
    result.traces = traces
    return result
  }

  static func traceMeta(_ item: RunItem, _ attempt: Int, _ config: ExecutionConfig) -> [(String, String)] {
    var meta = [("scenario", item.scenario.location), ("seed", String(config.seed))]
    if attempt > 0 { meta.append(("retry", String(attempt))) }
    if item.repeatIndex > 0 { meta.append(("repeat", String(item.repeatIndex))) }
    return meta
  }
}
