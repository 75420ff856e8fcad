/// `--reporter lcov=PATH` and `--reporter cobertura=PATH`: the run's coverage (which these
/// reporters turn on) as lcov's tracefile or Cobertura XML.
struct CoverageReporter: Reporter {
  let format: CoverageOutput.Format

  func render(_ report: RunReport) -> String {
    CoverageOutput(format: format, path: nil).render(
      report.coverage ?? CoverageReport(root: CoverageFilter.workingDirectory))
  }
}
