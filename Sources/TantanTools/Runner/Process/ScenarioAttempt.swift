import LuaRuntime
import TantanLua

/// What one attempt of a scenario came to, as its process reports it.
struct AttemptOutcome {
  var status: Status
  var failure: Failure?
  var reason: String?
  var output = ""
  var snapshotsUsed: [String] = []
  var snapshotActions = SnapshotActions()
  /// Files a failed picture snapshot left for review.
  var artifacts: [String] = []
  /// The HTML trace written for this attempt (`--trace`).
  var trace: String?
  /// Plugin problems seen in this attempt (hooks that raised), for the run's warnings.
  var notes: [PluginNote] = []
  /// The assertions it made and what it left pending on the clock (RunWarnings).
  var assertions: Int?
  var pendingTimers: [String] = []
  /// The lines a forked attempt ran (`--coverage`), counted in its process.
  var coverage = LineCoverage()
}

/// One attempt of a scenario in this process's session (`--isolate file`: the worker's own; `--isolate
/// scenario`: a fork's): its output, snapshots and plugin notes only, its trace written. Never raises.
enum ScenarioAttempt {
  static func run(
    _ session: ScenarioSession, _ info: ScenarioInfo, trace: (path: String, meta: [(String, String)])?
  ) -> AttemptOutcome {
    session.beginScenario()
    session.config.plugins?.startJournal()
    (session.host.observer as? TraceRecorder)?.title = info.fullName
    let (status, failure, reason) = session.run(info)
    var o = AttemptOutcome(status: status, failure: failure, reason: reason)
    if let trace, ScenarioTraces.keeps(session.config.trace, status),
      let html = session.traceHTML(status: status, failure: failure, meta: trace.meta),
      FileSystem.write(trace.path, html)
    {
      o.trace = trace.path
    }
    o.output = session.output
    o.snapshotsUsed = session.snapshotsUsed
    o.snapshotActions = session.snapshotActions
    o.artifacts = session.artifacts
    o.notes = session.config.plugins?.journal ?? []
    o.assertions = session.lastAssertions
    o.pendingTimers = session.lastPendingTimers
    return o
  }
}
