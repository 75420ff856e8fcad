import TantanLua

/// JUnit XML as CI systems read it (Jenkins, GitLab, GitHub test-report actions, Surefire's
/// flaky extensions): one `testsuite` per file, `testcase` with `classname` = `file:line` of the
/// innermost `describe`, unique names, decimal seconds, `failure` (assertion) vs `error` (Lua error
/// with traceback), `skipped`, `system-out`, `flakyFailure`/`flakyError` and
/// `rerunFailure`/`rerunError` for retries; in `properties` the seed, the shard, the selection and
/// the number of scenarios it holds (`planned`, all shards together).
struct JUnitReporter: Reporter {
  static func attr(_ s: String) -> String { "\"" + XMLEscaping.escaped(s, attribute: true) + "\"" }

  static func body(_ f: Failure) -> String {
    var s = f.headline
    if !f.message.contains("\n@@") {
      if let w = f.wanted { s += "\nexpected: " + w }
      if let a = f.found { s += "\nactual:   " + a }
    }
    if f.kind == .error, let tb = f.traceback {
      s = tb.hasPrefix(f.message) ? f.headline + tb.dropFirst(f.message.count) : s + "\n" + tb
    }
    return s
  }

  static func firstLine(_ s: String) -> String {
    String(s.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
  }

  private static func element(_ tag: String, _ f: Failure, indent: String) -> String {
    let type = f.kind == .failure ? "assertion" : "error"
    return
      "\(indent)<\(tag) message=\(attr(firstLine(f.message))) type=\"\(type)\">\(XMLEscaping.escaped(body(f)))</\(tag)>\n"
  }

  private static func rerun(_ tag: String, _ a: Attempt, indent: String) -> String {
    let type = a.failure.kind == .failure ? "assertion" : "error"
    var s =
      "\(indent)<\(tag) message=\(attr(firstLine(a.failure.message))) type=\"\(type)\" time=\"\(formatSeconds(a.duration))\">\n"
    s += "\(indent)  <stackTrace>\(XMLEscaping.escaped(body(a.failure)))</stackTrace>\n"
    if !a.output.isEmpty { s += "\(indent)  <system-out>\(XMLEscaping.escaped(a.output))</system-out>\n" }
    return s + "\(indent)</\(tag)>\n"
  }

  func render(_ report: RunReport) -> String {
    var files: [String] = []
    var byFile: [String: [ScenarioResult]] = [:]
    for r in report.results {
      if byFile[r.scenario.file] == nil { files.append(r.scenario.file) }
      byFile[r.scenario.file, default: []].append(r)
    }
    let c = report.counts
    let unused = report.goldens.strict ? report.goldens.unused : []
    var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    out +=
      "<testsuites name=\"tantan-host test\" tests=\"\(c.total + unused.count)\" failures=\"\(c.failed + unused.count)\" "
      + "errors=\"\(c.errors)\" skipped=\"\(c.pending)\" time=\"\(formatSeconds(report.duration))\">\n"
    var properties = "    <properties>\n      <property name=\"seed\" value=\"\(report.seed)\"/>\n"
    if report.shuffled { properties += "      <property name=\"shuffle\" value=\"true\"/>\n" }
    if let shard = report.shard { properties += "      <property name=\"shard\" value=\(Self.attr(shard))/>\n" }
    if let planned = report.planned { properties += "      <property name=\"planned\" value=\"\(planned)\"/>\n" }
    if let selection = report.selection {
      properties += "      <property name=\"selection\" value=\(Self.attr(selection.description))/>\n"
      properties += "      <property name=\"pattern\" value=\(Self.attr(selection.pattern))/>\n"
    }
    let warnings = report.warnings
    // A file's warnings (RunWarning: green by accident?) are properties of its testsuite.
    // Numbered (warning-1, warning-2...): readers that keep properties in a map keep them all.
    func propertiesOf(_ file: String) -> String {
      properties
        + warnings.filter { $0.file == file }.enumerated().map {
          "      <property name=\"warning-\($0.offset + 1)\" value=\(Self.attr($0.element.text))/>\n"
        }.joined() + "    </properties>\n"
    }
    for file in report.emptyFiles {
      out +=
        "  <testsuite name=\(Self.attr(file)) tests=\"0\" failures=\"0\" errors=\"0\" skipped=\"0\" time=\"0.000\">\n"
        + propertiesOf(file) + "  </testsuite>\n"
    }
    for file in files {
      let rs = byFile[file]!
      var used: [String: Int] = [:]
      let failures = rs.filter { $0.status == .failed }.count
      let errors = rs.filter { $0.status == .error }.count
      let skipped = rs.filter { $0.status == .pending }.count
      let time = rs.reduce(0) { $0 + $1.duration }
      out +=
        "  <testsuite name=\(Self.attr(file)) tests=\"\(rs.count)\" failures=\"\(failures)\" errors=\"\(errors)\" "
        + "skipped=\"\(skipped)\" time=\"\(formatSeconds(time))\">\n" + propertiesOf(file)
      for r in rs {
        let key = r.scenario.classname + "\u{0}" + r.displayName
        used[key, default: 0] += 1
        let name = used[key]! > 1 ? "\(r.displayName) (\(used[key]!))" : r.displayName
        out +=
          "    <testcase classname=\(Self.attr(r.scenario.classname)) name=\(Self.attr(name)) "
          + "time=\"\(formatSeconds(r.duration))\" file=\(Self.attr(r.scenario.file)) line=\"\(r.scenario.line)\""
        var inner = ""
        switch r.status {
        case .passed: break
        case .pending:
          let reason = r.reason ?? ""
          inner += reason.isEmpty ? "      <skipped/>\n" : "      <skipped message=\(Self.attr(reason))/>\n"
        case .failed, .error:
          if let f = r.failure { inner += Self.element(r.status == .failed ? "failure" : "error", f, indent: "      ") }
          for a in r.attempts {
            inner += Self.rerun(a.failure.kind == .failure ? "rerunFailure" : "rerunError", a, indent: "      ")
          }
        case .flaky:
          for a in r.attempts {
            inner += Self.rerun(a.failure.kind == .failure ? "flakyFailure" : "flakyError", a, indent: "      ")
          }
        }
        var stdout = r.output
        if r.status != .passed && r.status != .pending && !(r.traces.isEmpty && r.artifacts.isEmpty) {
          if !stdout.isEmpty && !stdout.hasSuffix("\n") { stdout += "\n" }
          stdout += ScenarioTraces.attachments(r.traces + r.artifacts)
        }
        if !stdout.isEmpty { inner += "      <system-out>\(XMLEscaping.escaped(stdout))</system-out>\n" }
        if !r.stderr.isEmpty { inner += "      <system-err>\(XMLEscaping.escaped(r.stderr))</system-err>\n" }
        out += inner.isEmpty ? "/>\n" : ">\n" + inner + "    </testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    if !unused.isEmpty {
      out +=
        "  <testsuite name=\"unused goldens\" tests=\"\(unused.count)\" failures=\"\(unused.count)\" errors=\"0\" skipped=\"0\" time=\"0.000\">\n"
      for g in unused {
        out += "    <testcase classname=\"goldens\" name=\(Self.attr(g)) time=\"0.000\">\n"
        out +=
          "      <failure message=\(Self.attr("golden file not used by any scenario: " + g)) type=\"unused-golden\"/>\n    </testcase>\n"
      }
      out += "  </testsuite>\n"
    }
    return out + "</testsuites>\n"
  }
}
