import TantanLua

/// Finds scenario files: named files as given, folders searched recursively for the file pattern
/// (hidden folders and `__snapshots__` skipped). The result is sorted bytewise and deduplicated.
enum Discovery {
  struct Error: Swift.Error, CustomStringConvertible { let description: String }

  static func defaultPaths() -> [String]? {
    for p in ["spec", "scenarios"] where FileSystem.kind(p) == .directory { return [p] }
    return nil
  }

  /// Each real folder is searched once and each real file found once, whatever symlinks lead to
  /// them (`spec/up -> ..` would otherwise collect the suite once per level until the path is too
  /// long): a folder is named by the first path met, in sorted order; a file by a path without a
  /// symlink in it when it has one.
  static func files(_ paths: [String], pattern: String, matcher: PatternMatcher) throws -> [String] {
    var found: [String] = []
    var visited = Set<String>()
    for p in paths {
      let path = normalize(p)
      switch FileSystem.kind(path) {
      case .missing: throw Error(description: "no such file or folder: \(p)")
      case .file: found.append(path)
      case .other: throw notRegular(path)
      case .directory: try walk(path, pattern: pattern, matcher: matcher, visited: &visited, into: &found)
      }
    }
    // A file reached twice keeps the path without a symlink in it, when there is one.
    let real = found.map { FileSystem.realPath($0) ?? $0 }
    let direct = found.indices.filter { real[$0] == found[$0] || real[$0].hasSuffix("/" + found[$0]) }
    var seen = Set<String>()
    var out: [String] = []
    for i in direct + found.indices.filter({ !direct.contains($0) }) where seen.insert(real[i]).inserted {
      out.append(found[i])
    }
    return out.sorted(by: bytewise)
  }

  private static func walk(
    _ dir: String, pattern: String, matcher: PatternMatcher, visited: inout Set<String>, into found: inout [String]
  ) throws {
    guard visited.insert(FileSystem.realPath(dir) ?? dir).inserted else { return }
    for name in FileSystem.list(dir) {
      let path = FileSystem.join(dir, name)
      switch FileSystem.kind(path) {
      case .directory:
        if name.hasPrefix(".") || name == "__snapshots__" { continue }
        try walk(path, pattern: pattern, matcher: matcher, visited: &visited, into: &found)
      case .file:
        if try matcher.matches(name, pattern) { found.append(path) }
      case .other:
        if try matcher.matches(name, pattern) { throw notRegular(path) }
      case .missing: continue
      }
    }
  }

  /// Loading a FIFO would wait for a writer: refused by name, before any worker opens it.
  private static func notRegular(_ path: String) -> Error {
    Error(description: "\(path): not a regular file (a FIFO, device or socket cannot be a scenario file)")
  }

  /// Goldens in the searched folders whose scenario file is gone: `<dir>/__snapshots__/<x>/*.snap`
  /// with no file `<dir>/<x>.lua`. They can never be used, so they count as unused.
  static func orphanGoldens(_ paths: [String]) -> [String] {
    var out: [String] = []
    var visited = Set<String>()
    func walk(_ dir: String) {
      guard visited.insert(FileSystem.realPath(dir) ?? dir).inserted else { return }
      for name in FileSystem.list(dir) where !name.hasPrefix(".") {
        let path = FileSystem.join(dir, name)
        guard FileSystem.kind(path) == .directory else { continue }
        if name != "__snapshots__" { walk(path); continue }
        for spec in FileSystem.list(path) where FileSystem.kind(FileSystem.join(dir, spec + ".lua")) == .missing {
          let folder = FileSystem.join(path, spec)
          out += FileSystem.list(folder).filter(SnapshotStore.isGolden).map { FileSystem.join(folder, $0) }
        }
      }
    }
    for p in paths.map(normalize) where FileSystem.kind(p) == .directory { walk(p) }
    return out.sorted(by: bytewise)
  }

  /// `./a//b/` -> `a/b`: one spelling per file, so reports and goldens agree across invocations.
  static func normalize(_ p: String) -> String {
    let absolute = p.hasPrefix("/")
    var parts: [Substring] = []
    for c in p.split(separator: "/") where c != "." { parts.append(c) }
    let s = parts.joined(separator: "/")
    return absolute ? "/" + s : (s.isEmpty ? "." : s)
  }
}
