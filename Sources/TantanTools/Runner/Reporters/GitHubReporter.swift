/// GitHub Actions workflow commands: one `::error file=...,line=...,title=...::message` annotation
/// per failed or erroring scenario (and per unused golden under CI), at most `limit` of them since
/// GitHub shows no more per step; the counts and the failures past the limit go to the job summary
/// (`$GITHUB_STEP_SUMMARY`) as Markdown when that variable is set.
struct GitHubReporter: Reporter {
  static let limit = 10

  struct Problem {
    var file: String
    var line: Int?
    var title: String
    var message: String
    /// `error`, or `warning` for a `RunWarning` (green by accident?).
    var level = "error"
  }

  /// What deserves an annotation, in report order.
  static func problems(_ report: RunReport) -> [Problem] {
    var out: [Problem] = []
    for r in report.results where r.status == .failed || r.status == .error {
      let kind = r.status == .failed ? "FAILED" : "ERROR"
      let title = "\(kind) \(r.displayName)"
      guard let f = r.failure else {
        out.append(Problem(file: r.scenario.file, line: lineOrNil(r.scenario.line), title: title, message: title))
        continue
      }
      // The assertion's own position when it is in the scenario's file, else the scenario's.
      let inFile = f.file == r.scenario.file && f.line != nil
      out.append(
        Problem(
          file: r.scenario.file, line: inFile ? f.line : lineOrNil(r.scenario.line), title: title,
          message: JUnitReporter.body(f)))
    }
    if report.goldens.strict {
      for g in report.goldens.unused {
        out.append(
          Problem(file: g, line: nil, title: "UNUSED golden", message: "golden file not used by any scenario: \(g)"))
      }
    }
    return out
  }

  private static func lineOrNil(_ n: Int) -> Int? { n > 0 ? n : nil }

  /// Workflow command data: `%`, CR and LF percent-encoded; in a property value also `:` and `,`,
  /// which end a property.
  static func escapeData(_ s: String, property: Bool = false) -> String {
    var out = ""
    for u in s.unicodeScalars {
      switch u {
      case "%": out += "%25"
      case "\r": out += "%0D"
      case "\n": out += "%0A"
      case ":" where property: out += "%3A"
      case "," where property: out += "%2C"
      default: out.unicodeScalars.append(u)
      }
    }
    return out
  }

  static func escapeProperty(_ s: String) -> String { escapeData(s, property: true) }

  static func annotation(_ p: Problem) -> String {
    var props = ["file=" + escapeProperty(p.file)]
    if let line = p.line { props.append("line=\(line)") }
    props.append("title=" + escapeProperty(p.title))
    return "::\(p.level) " + props.joined(separator: ",") + "::" + escapeData(p.message) + "\n"
  }

  /// `RunWarning`s as `::warning` annotations (GitHub counts them apart from errors).
  static func warnings(_ report: RunReport) -> [Problem] {
    report.warnings.map {
      Problem(
        file: $0.file, line: $0.line, title: "WARNING " + ($0.scenario ?? $0.file), message: $0.message,
        level: "warning")
    }
  }

  func render(_ report: RunReport) -> String {
    let problems = Self.problems(report)
    var out = problems.prefix(Self.limit).map(Self.annotation).joined()
    out += Self.warnings(report).prefix(Self.limit).map(Self.annotation).joined()
    if problems.count > Self.limit {
      out += "\(problems.count - Self.limit) more failures are not annotated (GitHub shows \(Self.limit) per step)"
      out += ": see the job summary or the other reports\n"
    }
    return out
  }

  /// The job summary: the counts, then a table of the failures past the annotation limit.
  static func summary(_ report: RunReport) -> String {
    let c = report.counts
    let problems = problems(report)
    var out = "### tantan-host test: \(report.header)\n\n"
    out += "| scenarios | passed | failed | errors | pending | flaky |\n|---:|---:|---:|---:|---:|---:|\n"
    out += "| \(c.total) | \(c.passed) | \(c.failed) | \(c.errors) | \(c.pending) | \(c.flaky) |\n\n"
    guard problems.count > limit else {
      return out + (problems.isEmpty ? "" : "All \(problems.count) failures are annotated.\n\n")
    }
    out += "\(problems.count) failures: the first \(limit) are annotated, the other \(problems.count - limit) are:\n\n"
    out += "| location | title | message |\n|---|---|---|\n"
    for p in problems.dropFirst(limit) {
      let at = p.line.map { "\(p.file):\($0)" } ?? p.file
      out += "| \(cell(at)) | \(cell(p.title)) | \(cell(firstLine(p.message))) |\n"
    }
    return out + "\n"
  }

  /// Up to the first CR or LF (a CR LF pair is one Swift Character, so split on scalars).
  static func firstLine(_ s: String) -> String {
    String(String.UnicodeScalarView(s.unicodeScalars.prefix { $0 != "\n" && $0 != "\r" }))
  }

  /// A Markdown table cell: one line; `|`, `\\` and backticks escaped, `<` as `&lt;` (no HTML).
  static func cell(_ s: String) -> String {
    var out = ""
    for ch in s {
      switch ch {
      case "|": out += "\\|"
      case "\\": out += "\\\\"
      case "`": out += "\\`"
      case "<": out += "&lt;"
      case "\n", "\r", "\r\n": out += " "
      default: out.append(ch)
      }
    }
    return out
  }
}
