import TantanLua

/// One thing to run: a scenario (or one `--repeat-each` copy), or a file that failed to load.
struct RunItem {
  var scenario: ScenarioInfo
  var repeatIndex: Int
  var loadFailure: Failure?

  /// Runs the item from `session` (its file loaded), retrying a failure up to `retries` times:
  /// each attempt in the session itself (`--isolate file`) or in its own forked copy of the loaded
  /// state (`forked`). With a `trace` name (`--trace`), each attempt is recorded and kept as the
  /// mode says. `onNote` sees the plugin problems of each attempt as it ends.
  static func execute(
    _ item: RunItem, index: Int, session: ScenarioSession, retries: Int, trace: String? = nil, forked: Bool,
    onNote: (PluginNote) -> Void = { _ in }
  ) -> ScenarioResult {
    let config = session.config
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
      let path = trace.map { FileSystem.join(config.traceDir, $0 + (attempt > 0 ? "-retry\(attempt)" : "") + ".html") }
      let traced = path.map { ($0, traceMeta(item, attempt, config)) }
      let o =
        forked
        ? ScenarioFork.attempt(session, item.scenario, trace: traced)
        : ScenarioAttempt.run(session, item.scenario, trace: traced)
      if let t = o.trace { traces.append(t) }
      for u in o.snapshotsUsed where !used.contains(u) { used.append(u) }
      actions = o.snapshotActions
      artifacts = o.artifacts
      for n in o.notes { onNote(n) }
      let duration = FileSystem.now() - t0
      if o.status == .failed || o.status == .error, attempt < retries, let f = o.failure {
        attempts.append(Attempt(failure: f, output: o.output, duration: duration))
        continue
      }
      result.status = o.status == .passed && !attempts.isEmpty ? .flaky : o.status
      result.failure = o.failure
      result.reason = o.reason
      result.output = o.output
      result.duration = duration + attempts.reduce(0) { $0 + $1.duration }
      result.attempts = attempts
      result.assertions = o.assertions
      result.pendingTimers = o.pendingTimers
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
