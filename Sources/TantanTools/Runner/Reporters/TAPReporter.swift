import TantanLua

/// TAP version 14: the plan first, then one test point per scenario, YAML diagnostics (`message`,
/// `severity`, `at: {file, line}`, `found`, `wanted`, `traces`, `tags`) for failures, flaky passes
/// and tagged scenarios, `# SKIP` for pending.
/// Descriptions carry no `#` at all: tap.py and meson end a description at the first `#`, escaped
/// or not, and read what follows as a directive (so `\#tag # SKIP` made a pending scenario pass).
struct TAPReporter: Reporter {
  /// A description safe on a test point line: one line, `\` escaped, `#tag` words left out (they
  /// go to the YAML `tags`), any other `#` written as the look-alike `＃` (U+FF03).
  static func description(_ s: String) -> String {
    var out = ""
    var chars = s.makeIterator()
    var pending: Character? = nil
    while let ch = pending ?? chars.next() {
      pending = nil
      switch ch {
      case "\\": out += "\\\\"
      case "#":
        var tag = ""
        while let c = chars.next() {
          guard isTagCharacter(c) else {
            pending = c
            break
          }
          tag.append(c)
        }
        if tag.isEmpty {
          out += "\u{FF03}"
        } else if out.hasSuffix(" ") && (pending == nil || pending == " ") {
          out.removeLast()  // "name #tag rest" reads "name rest"
        }
      case "\n", "\r", "\r\n": out += " "
      default: out.append(ch)
      }
    }
    return out
  }

  /// What `tags_in` (the prelude) takes as a tag name: `#([%w_%-]+)`.
  static func isTagCharacter(_ c: Character) -> Bool {
    c.isASCII && (c.isLetter || c.isNumber || c == "_" || c == "-")
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
    for (k, v) in extra { y += entry(k, v) }
    return y + "  ...\n"
  }

  /// `--trace` files of the scenario's attempts, as a YAML flow sequence of quoted paths.
  static func traces(_ r: ScenarioResult) -> [(String, String)] {
    (r.traces.isEmpty ? [] : [("traces", "[" + r.traces.map(yaml).joined(separator: ", ") + "]")])
      + (r.artifacts.isEmpty ? [] : [("artifacts", r.artifacts.map { "\n    - " + yaml($0) }.joined())])
  }

  /// The scenario's tags (without `#`), as a YAML block sequence of quoted names (Perl's
  /// TAP::Parser reads no flow sequences).
  static func tags(_ r: ScenarioResult) -> [(String, String)] {
    r.scenario.tags.isEmpty ? [] : [("tags", r.scenario.tags.map { "\n    - " + yaml($0) }.joined())]
  }

  /// `key: value`, or `key:` and the indented lines of a value that starts on the next line.
  static func entry(_ k: String, _ v: String) -> String { v.hasPrefix("\n") ? "  \(k):\(v)\n" : "  \(k): \(v)\n" }

  /// A YAML block of just these entries (none: no block).
  static func block(_ entries: [(String, String)]) -> String {
    entries.isEmpty ? "" : "  ---\n" + entries.map { entry($0.0, $0.1) }.joined() + "  ...\n"
  }

  func render(_ report: RunReport) -> String {
    // The plan before any comment: tap.py wants it on the first line after the version.
    var out = "TAP version 14\n1..\(report.results.count)\n# tantan-host test: \(report.header)\n"
    for (i, r) in report.results.enumerated() {
      let desc = Self.description("\(r.scenario.location) \(r.displayName)")
      let tags = Self.tags(r)
      switch r.status {
      case .passed:
        out += "ok \(i + 1) - \(desc)\n" + Self.block(tags)
      case .pending:
        let reason = Self.description(r.reason ?? "")
        out += "ok \(i + 1) - \(desc) # SKIP\(reason.isEmpty ? "" : " " + reason)\n" + Self.block(tags)
      case .failed, .error:
        out += "not ok \(i + 1) - \(desc)\n"
        if let f = r.failure {
          let attempts = r.attempts.isEmpty ? [] : [("attempts", "\(r.attempts.count + 1)")]
          let stderr = r.stderr.isEmpty ? [] : [("stderr", Self.yaml(r.stderr))]
          out += Self.diagnostics(f, output: r.output, extra: attempts + stderr + Self.traces(r) + tags)
        } else {
          out += Self.block(tags)
        }
      case .flaky:
        out += "ok \(i + 1) - \(desc)\n"
        if let first = r.attempts.first {
          out += Self.diagnostics(
            first.failure, output: first.output,
            extra: [("flaky", "true"), ("attempts", "\(r.attempts.count + 1)")] + Self.traces(r) + tags)
        } else {
          out += Self.block(tags)
        }
      }
    }
    for w in report.warnings { out += "# warning: \(Self.description(w.text))\n" }
    for g in report.goldens.unused {
      out += "# unused golden: \(Self.description(g))\(report.goldens.strict ? " (fails under CI)" : "")\n"
    }
    if let goldens = report.snapshotTotals.summary { out += "# \(goldens)\n" }
    let c = report.counts
    out +=
      "# \(c.total) scenarios: \(c.passed) passed, \(c.failed) failed, \(c.errors) errors, \(c.pending) pending, \(c.flaky) flaky\n"
    return out
  }
}
