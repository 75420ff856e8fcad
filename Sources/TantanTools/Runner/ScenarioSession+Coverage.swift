import LuaRuntime

/// `--coverage` in a scenario state: the line hook counts from the state's start (before the
/// prelude and the file load); what forked attempts counted comes back in their outcome.
extension ScenarioSession {
  /// Moves the state's counts into `coverage` (before a fork, so the child counts only its own
  /// lines, and at the end of a task).
  func bankCoverage() {
    guard config.coverage else { return }
    coverage.merge(LineCoverage.read(state))
    LineCoverage.reset(state)
  }

  /// Everything counted so far in this state and its forks; starts again from nothing.
  func takeCoverage() -> LineCoverage {
    bankCoverage()
    defer { coverage = LineCoverage() }
    return coverage
  }
}
