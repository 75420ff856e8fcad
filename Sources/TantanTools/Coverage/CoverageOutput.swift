import LuaRuntime
import TantanLua

/// One coverage report to write: `lcov=PATH`, `cobertura=PATH`, or `summary[=PATH]` (the table;
/// stderr without a path). Both the script run's `--coverage` and `test --reporter` name them so.
struct CoverageOutput: Equatable {
  enum Format: String, CaseIterable { case lcov, cobertura, summary }
  var format: Format
  var path: String?

  /// `lcov=PATH` and the like; nil when `spec` names no coverage format.
  static func parse(_ spec: String) -> Result<CoverageOutput, CoverageFilter.ConfigError>? {
    let parts = spec.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    guard let format = Format(rawValue: parts[0]) else { return nil }
    let path = parts.count > 1 ? parts[1] : nil
    if format != .summary, path?.isEmpty ?? true {
      return .failure(.init(description: "'\(format.rawValue)' needs a file: \(format.rawValue)=PATH"))
    }
    if path?.isEmpty == true { return .failure(.init(description: "'summary=' needs a file name")) }
    return .success(CoverageOutput(format: format, path: path))
  }

  func render(_ r: CoverageReport) -> String {
    switch format {
    case .lcov: return CoverageWriters.lcov(r)
    case .cobertura: return CoverageWriters.cobertura(r, version: "tantan-host \(TantanHost.version)")
    case .summary: return CoverageWriters.summary(r)
    }
  }

  /// Writes every output; the messages of those that could not be written.
  static func write(_ outputs: [CoverageOutput], _ report: CoverageReport) -> [String] {
    var problems: [String] = []
    for o in outputs {
      let text = o.render(report)
      if let path = o.path {
        if let err = FileSystem.save(path, text) {
          problems.append("cannot write the \(o.format.rawValue) report to \(path): \(err)")
        }
      } else {
        FileSystem.write(fd: 2, text)
      }
    }
    return problems
  }
}
