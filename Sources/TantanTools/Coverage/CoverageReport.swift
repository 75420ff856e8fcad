import LuaRuntime
import TantanLua

/// A coverage report's content: per reported file, its executable lines (the lines that hold code
/// the compiler emitted) and how often each ran. Built from the counts a run kept (`LineCoverage`),
/// the filter, and the files' text on disk.
struct CoverageReport: Equatable {
  struct File: Equatable {
    /// Relative to the project folder when inside it, else absolute.
    var path: String
    /// Executable lines, ascending.
    var lines: [Int]
    /// Hits of the executable lines that ran.
    var hits: [Int: Int]

    var hitCount: Int { lines.reduce(0) { $0 + (hits[$1, default: 0] > 0 ? 1 : 0) } }
    var missed: [Int] { lines.filter { hits[$0, default: 0] == 0 } }
    var rate: Double { lines.isEmpty ? 1 : Double(hitCount) / Double(lines.count) }
  }

  var root: String
  var files: [File] = []
  /// Counted files that could not be read or compiled now ("path: why"), left out of the report.
  var problems: [String] = []

  var lineCount: Int { files.reduce(0) { $0 + $1.lines.count } }
  var hitCount: Int { files.reduce(0) { $0 + $1.hitCount } }
  var rate: Double { lineCount == 0 ? 1 : Double(hitCount) / Double(lineCount) }

  static func make(_ data: LineCoverage, filter: CoverageFilter) -> CoverageReport {
    var counts: [String: [Int: Int]] = [:]
    for (name, lines) in data.files {
      let (path, included) = filter.reported(name)
      if included { counts[path, default: [:]].merge(lines, uniquingKeysWith: +) }
    }
    var report = CoverageReport(root: filter.root)
    for path in counts.keys.sorted(by: bytewise) {
      let disk = path.hasPrefix("/") ? path : filter.root + "/" + path
      guard let text = FileSystem.read(disk) else {
        report.problems.append("\(path): cannot be read")
        continue
      }
      switch LineCoverage.executableLines(Array(text.utf8), name: "@" + path) {
      case .failure(let e): report.problems.append("\(path): \(e.description)")
      case .success(let lines):
        let ran = counts[path] ?? [:]
        let executable = Set(lines)
        report.files.append(File(path: path, lines: lines, hits: ran.filter { executable.contains($0.key) }))
      }
    }
    return report
  }
}
