/// The readable default: a header with the seed, one block per scenario that did not simply pass
/// (expected and actual values, traceback, what it printed), then a summary line.
/// Progress (one character per finished scenario) is written live by `TestCommand` on a terminal.
struct TextReporter: Reporter {
  var color = false

  private func paint(_ s: String, _ code: String) -> String { color ? "\u{1B}[\(code)m\(s)\u{1B}[0m" : s }

  static func progressMark(_ status: Status) -> String {
    switch status {
    case .passed: return "."
    case .failed: return "F"
    case .error: return "E"
    case .pending: return "P"
    case .flaky: return "f"
    }
  }

  static func indent(_ s: String, _ pad: String) -> String {
    var lines = s.split(separator: "\n", omittingEmptySubsequences: false)
    if lines.last == "" { lines.removeLast() }
    return lines.map { pad + $0 }.joined(separator: "\n") + "\n"
  }

  static func describe(_ f: Failure) -> String {
    var s = indent(f.headline, "  ")
    if let wanted = f.wanted, f.message.contains("\n@@") == false { s += indent("expected: " + wanted, "    ") }
    if let found = f.found, f.message.contains("\n@@") == false { s += indent("actual:   " + found, "    ") }
    if f.kind == .error, let tb = f.traceback, let i = tb.firstRange(of: "stack traceback:") {
      s += indent(String(tb[i.lowerBound...]), "  ")
    }
    return s
  }

  func render(_ report: RunReport) -> String {
    var out = "tantan-host test: \(report.header)\n"
    var lastWasPending = false
    for r in report.results {
      if r.status == .pending && !lastWasPending { out += "\n" }
      if r.status != .passed { lastWasPending = r.status == .pending }
      let title = "\(r.scenario.location) \(r.displayName)"
      switch r.status {
      case .passed: continue
      case .failed, .error:
        out += "\n" + paint(r.status == .failed ? "FAILED" : "ERROR", "31;1") + " " + title + "\n"
        if let f = r.failure { out += Self.describe(f) }
        if !r.attempts.isEmpty { out += "  (failed \(r.attempts.count + 1) times)\n" }
        if !r.output.isEmpty { out += "  output:\n" + Self.indent(r.output, "    ") }
        if !r.stderr.isEmpty { out += "  stderr:\n" + Self.indent(r.stderr, "    ") }
        for t in r.traces { out += "  trace: \(t)\n" }
        for a in r.artifacts { out += "  artifact: \(a)\n" }
      case .flaky:
        out += "\n" + paint("FLAKY", "33;1") + " \(title) (passed on attempt \(r.attempts.count + 1))\n"
        for (i, a) in r.attempts.enumerated() {
          out += "  attempt \(i + 1):\n" + Self.indent(Self.describe(a.failure), "  ")
        }
      case .pending:
        let reason = (r.reason ?? "").isEmpty || r.reason == r.scenario.name ? "" : " (\(r.reason!))"
        out += paint("PENDING", "33") + " \(title)\(reason)\n"
      }
    }
    let warnings = report.warnings
    if !warnings.isEmpty {
      out += "\n"
      for w in warnings { out += paint("WARNING", "33") + " " + w.text + "\n" }
      out += "  (green by accident? --strict makes each of these a failure)\n"
    }
    let unused = report.goldens.unused
    if !unused.isEmpty {
      out += "\n"
      for g in unused {
        out +=
          paint("UNUSED", report.goldens.strict ? "31;1" : "33") + " golden \(g)"
          + (report.goldens.strict ? " (fails under CI)\n" : " (remove it, or run with --update-snapshots=all)\n")
      }
    }
    for g in report.goldens.removed { out += "removed unused golden \(g)\n" }
    let c = report.counts
    var parts = ["\(c.passed) passed", "\(c.failed) failed", "\(c.errors) errors", "\(c.pending) pending"]
    if c.flaky > 0 { parts.append("\(c.flaky) flaky") }
    if !warnings.isEmpty { parts.append("\(warnings.count) warning\(warnings.count == 1 ? "" : "s")") }
    let summary =
      "\(c.total) scenario\(c.total == 1 ? "" : "s"): " + parts.joined(separator: ", ")
      + " (\(formatSeconds(report.duration)) s)"
    if let coverage = report.coverage { out += "\n" + CoverageWriters.summary(coverage) }
    if let goldens = report.snapshotTotals.summary { out += "\n" + goldens }
    out += "\n" + paint(summary, c.failed + c.errors > 0 ? "31;1" : "32;1") + "\n"
    return out
  }
}
