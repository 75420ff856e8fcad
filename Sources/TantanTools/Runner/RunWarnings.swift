/// What passed but may be green by accident: a scenario that made no assertion, a spec file that
/// declares no scenario, timers or animations still pending when a scenario ended. Each is named
/// in the summary and in every report; `--strict` makes each a failure (`RunWarnings.strict`).
struct RunWarning: Equatable, Sendable {
  enum Kind: String, Sendable {
    case noAssertions = "no-assertions"
    case noScenarios = "no-scenarios"
    case pendingTimers = "pending-timers"
  }
  var kind: Kind
  var file: String
  var line: Int?
  /// The scenario's full name (nil for a file).
  var scenario: String?
  var message: String

  var location: String { line.map { "\(file):\($0)" } ?? file }
  /// `spec/a_spec.lua:3 adds: made no assertion`
  var text: String { location + (scenario.map { " " + $0 } ?? "") + ": " + message }
}

enum RunWarnings {
  static let noAssertions = "made no assertion"
  static let noScenarios = "declares no scenario"

  static func pending(_ timers: [String]) -> String {
    "left \(timers.count) timer\(timers.count == 1 ? "" : "s") or animation\(timers.count == 1 ? "" : "s") pending: "
      + timers.joined(separator: "; ")
  }

  /// The warnings a passing (or flaky) scenario gives.
  static func of(_ r: ScenarioResult) -> [RunWarning] {
    guard r.status == .passed || r.status == .flaky else { return [] }
    var out: [RunWarning] = []
    let s = r.scenario
    if r.assertions == 0 {
      out.append(.init(kind: .noAssertions, file: s.file, line: s.line, scenario: r.displayName, message: noAssertions))
    }
    if !r.pendingTimers.isEmpty {
      out.append(
        .init(
          kind: .pendingTimers, file: s.file, line: s.line, scenario: r.displayName, message: pending(r.pendingTimers)))
    }
    return out
  }

  /// `--strict`: a passing scenario with a warning fails, its warnings as the failure's message.
  static func strict(_ results: [ScenarioResult]) -> [ScenarioResult] {
    results.map { r in
      let warnings = of(r)
      guard !warnings.isEmpty else { return r }
      var r = r
      r.status = .failed
      r.failure = Failure(
        kind: .failure, message: warnings.map(\.message).joined(separator: "\n") + " (--strict)",
        file: r.scenario.file, line: r.scenario.line)
      return r
    }
  }

  /// `--strict`: a spec file that declares no scenario, as a run item that failed.
  static func emptyFileFailure(_ file: String) -> Failure {
    Failure(kind: .failure, message: "\(file) \(noScenarios) (--strict)", file: file, line: nil)
  }
}

extension RunReport {
  /// Every warning, in report order; files without scenarios last.
  var warnings: [RunWarning] {
    results.flatMap(RunWarnings.of)
      + emptyFiles.map { RunWarning(kind: .noScenarios, file: $0, message: RunWarnings.noScenarios) }
  }
}
