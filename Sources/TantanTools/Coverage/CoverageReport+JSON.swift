import TantanLua

/// The coverage report in the JSON report (`"coverage"`), so `merge-reports` merges the shards':
/// the project folder, and per file its path, executable lines and the hits of those that ran.
extension CoverageReport {
  func encode() -> JSONValue {
    .object([
      ("root", .string(root)),
      ("lines", .int(lineCount)), ("hit", .int(hitCount)),
      (
        "files",
        .array(
          files.map { f in
            .object([
              ("path", .string(f.path)), ("lines", .array(f.lines.map { .int($0) })),
              ("hits", .array(f.lines.map { .int(f.hits[$0, default: 0]) })),
            ])
          })
      ),
      ("problems", .array(problems.map { .string($0) })),
    ])
  }

  /// nil when `v` holds no coverage (a run without `--coverage`).
  static func decode(_ v: JSONValue) -> CoverageReport? {
    guard case .object = v, let root = v["root"].string else { return nil }
    var r = CoverageReport(root: root)
    for f in v["files"].array {
      let lines = f["lines"].array.compactMap(\.int)
      var hits: [Int: Int] = [:]
      for (line, n) in zip(lines, f["hits"].array.compactMap(\.int)) where n > 0 { hits[line] = n }
      r.files.append(File(path: f["path"].string ?? "", lines: lines, hits: hits))
    }
    r.problems = v["problems"].array.compactMap(\.string)
    return r
  }

  /// The shards' reports as one: files by path, executable lines united, hits added.
  static func merge(_ reports: [CoverageReport]) -> CoverageReport? {
    guard let first = reports.first else { return nil }
    var byPath: [String: File] = [:]
    var problems: [String] = []
    for r in reports {
      for f in r.files {
        var m = byPath[f.path] ?? File(path: f.path, lines: [], hits: [:])
        m.lines = Array(Set(m.lines).union(f.lines)).sorted()
        m.hits.merge(f.hits, uniquingKeysWith: +)
        byPath[f.path] = m
      }
      for p in r.problems where !problems.contains(p) { problems.append(p) }
    }
    var merged = CoverageReport(root: first.root)
    merged.files = byPath.keys.sorted(by: bytewise).map { byPath[$0]! }
    merged.problems = problems
    return merged
  }
}
