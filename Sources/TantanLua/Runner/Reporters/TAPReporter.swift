/// TAP version 14: one test point per scenario, YAML diagnostics (`message`, `severity`,
/// `at: {file, line}`, `found`, `wanted`, `traces`) for failures and flaky passes, `# SKIP` for
/// pending.
struct TAPReporter: Reporter {
  /// A description safe on a test point line: one line, `#` and `\` escaped.
  static func description(_ s: String) -> String {
    var out = ""
    for ch in s {
      switch ch {
      case "\\": out += "\\\\"
      case "#": out += "\\#"
      case "\n", "\r": out += " "
      default: out.append(ch)
      }
    }
    return out
  }

  /// A YAML double-quoted scalar (JSON escapes, plus C1 controls, which YAML does not allow raw).
  static func yaml(_ s: String) -> String { JSONValue.quote(s) }

  static func diagnostics(_ f: Failure, output: String, extra: [(String, String)] = []) -> String {
    var y = "  ---\n"
    y += "  message: \(yaml(f.message))\n"
    y += "  severity: \(f.kind == .failure ? "fail" : "error")\n"
    if let file = f.file {
      y += "  at:\n    file: \(yaml(file))\n"
      if let line = f.line { y += "    line: \(line)\n" }
    }
    if let found = f.found { y += "  found: \(yaml(found))\n" }
    if let wanted = f.wanted { y += "  wanted: \(yaml(wanted))\n" }
    if let tb = f.traceback { y += "  stack: \(yaml(tb))\n" }
    if !output.isEmpty { y += "  output: \(yaml(output))\n" }
    for (k, v) in extra { y += "  \(k): \(v)\n" }
    return y + "  ...\n"
  }

  /// `--trace` files of the scenario's attempts, as a YAML flow sequence of quoted paths.
  static func traces(_ r: ScenarioResult) -> [(String, String)] {
    r.traces.isEmpty ? [] : [("traces", "[" + r.traces.map(yaml).joined(separator: ", ") + "]")]
  }

  func render(_ report: RunReport) -> String {
    var out = "TAP version 14\n# tantan-host test: \(report.header)\n1..\(report.results.count)\n"
    for (i, r) in report.results.enumerated() {
      let desc = Self.description("\(r.scenario.location) \(r.displayName)")
      switch r.status {
      case .passed:
        out += "ok \(i + 1) - \(desc)\n"
      case .pending:
        let reason = Self.description(r.reason ?? "")
        out += "ok \(i + 1) - \(desc) # SKIP\(reason.isEmpty ? "" : " " + reason)\n"
      case .failed, .error:
        out += "not ok \(i + 1) - \(desc)\n"
        if let f = r.failure {
          let attempts = r.attempts.isEmpty ? [] : [("attempts", "\(r.attempts.count + 1)")]
          out += Self.diagnostics(f, output: r.output, extra: attempts + Self.traces(r))
        }
      case .flaky:
        out += "ok \(i + 1) - \(desc)\n"
        if let first = r.attempts.first {
          out += Self.diagnostics(
            first.failure, output: first.output,
            extra: [("flaky", "true"), ("attempts", "\(r.attempts.count + 1)")] + Self.traces(r))
        }
      }
    }
    for g in report.goldens.unused {
      out += "# unused golden: \(Self.description(g))\(report.goldens.strict ? " (fails under CI)" : "")\n"
    }
    let c = report.counts
    out +=
      "# \(c.total) scenarios: \(c.passed) passed, \(c.failed) failed, \(c.errors) errors, \(c.pending) pending, \(c.flaky) flaky\n"
    return out
  }
}
