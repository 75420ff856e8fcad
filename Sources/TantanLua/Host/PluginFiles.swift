#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file-system questions only plugin discovery asks, with Glibc (no Foundation: start-up time);
/// paths, base names and the environment come from `FileSystem`.
package enum PluginFiles {
  package enum Kind { case missing, file, directory, other }

  package static func kind(_ path: String) -> Kind {
    var st = stat()
    guard stat(path, &st) == 0 else { return .missing }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// The names in a directory that are directories themselves (symbolic links followed), sorted
  /// byte-wise so discovery order does not depend on the file system; hidden names are skipped.
  static func subdirectories(_ dir: String) -> [String] {
    guard let d = opendir(dir) else { return [] }
    defer { closedir(d) }
    var names: [String] = []
    while let e = readdir(d) {
      let name = withUnsafeBytes(of: e.pointee.d_name) { raw in
        String(cString: raw.baseAddress!.assumingMemoryBound(to: CChar.self))
      }
      if name.hasPrefix(".") { continue }
      if kind(join(dir, name)) == .directory { names.append(name) }
    }
    return names.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
  }

  /// The canonical path (symbolic links and `..` resolved), or nil when it does not exist.
  static func realPath(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
  }

  static func join(_ dir: String, _ name: String) -> String {
    dir.hasSuffix("/") ? dir + name : dir + "/" + name
  }

  /// The lines of a small text file (a manifest), or nil when it cannot be read.
  static func lines(_ path: String) -> [Substring]? {
    guard let f = fopen(path, "r") else { return nil }
    defer { fclose(f) }
    var bytes: [UInt8] = []
    var buf = [UInt8](repeating: 0, count: 4096)
    while true {
      let n = fread(&buf, 1, buf.count, f)
      if n <= 0 { break }
      bytes += buf[0..<n]
      if bytes.count > 1 << 20 { break }
    }
    return String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
  }
}
