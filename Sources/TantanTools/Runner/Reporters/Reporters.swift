import TantanLua

/// A reporter turns a finished run into text (written to stdout or a file by the caller).
protocol Reporter {
  func render(_ report: RunReport) -> String
}

enum Reporters {
  static func make(_ name: String, color: Bool) -> Reporter {
    switch name {
    case "tap": return TAPReporter()
    case "junit": return JUnitReporter()
    case "json": return JSONReporter()
    case "github": return GitHubReporter()
    case "lcov": return CoverageReporter(format: .lcov)
    case "cobertura": return CoverageReporter(format: .cobertura)
    default: return TextReporter(color: color)
    }
  }

  /// Writes every requested report; returns false (after a message on stderr) when a file cannot
  /// be written, or when a plugin's reporter failed under `--strict-plugins` (without it, the
  /// failure is reported and that report is not written).
  static func write(
    _ report: RunReport, _ specs: [RunnerOptions.ReporterSpec], progname: String, plugins: TestPlugins? = nil
  ) -> Bool {
    var ok = true
    for spec in specs {
      let color =
        spec.path == nil && spec.name == "default" && FileSystem.isTerminal(1)
        && FileSystem.environment("NO_COLOR") == nil
      let text: String
      if let plugins, !Set(RunnerOptions.reporterNames.values).contains(spec.name) {
        guard let t = plugins.render(spec.name, report) else {
          if plugins.strict { ok = false }
          continue
        }
        text = t
      } else {
        text = make(spec.name, color: color).render(report)
      }
      if spec.name == "github", let summary = FileSystem.environment("GITHUB_STEP_SUMMARY"), !summary.isEmpty,
        !FileSystem.append(summary, GitHubReporter.summary(report))
      {
        FileSystem.write(fd: 2, "\(progname): cannot append the job summary to \(summary) (GITHUB_STEP_SUMMARY)\n")
        ok = false
      }
      if let path = spec.path {
        let dir = FileSystem.directory(of: path)
        if dir != "." { FileSystem.makeDirectories(dir) }
        if !FileSystem.write(path, text) {
          FileSystem.write(fd: 2, "\(progname): cannot write the \(spec.name) report to \(path)\n")
          ok = false
        }
      } else {
        FileSystem.write(fd: 1, text)
      }
    }
    return ok
  }
}
