#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files and folders through Glibc (no Foundation in `Sources/`: it doubles start-up time).
package enum FileSystem {
  /// `other`: a FIFO, device or socket (opening one may block or never end).
  package enum Kind { case file, directory, other, missing }

  package static func kind(_ path: String) -> Kind {
    var st = stat()
    guard stat(path, &st) == 0 else { return .missing }
    switch st.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// Entries of a folder (not `.`/`..`), sorted bytewise so every machine sees the same order.
  package static func list(_ dir: String) -> [String] {
    guard let d = opendir(dir) else { return [] }
    defer { closedir(d) }
    var names: [String] = []
    while let e = readdir(d) {
      // Read the name in place: a record is only d_reclen long, so copying the whole 256-byte
      // d_name field reads past its end (AddressSanitizer: heap-buffer-overflow).
      let name = withUnsafePointer(to: &e.pointee.d_name) { field in
        field.withMemoryRebound(to: CChar.self, capacity: 1) { String(cString: $0) }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted(by: bytewise)
  }

  /// The names in a folder that are folders themselves (symbolic links followed), hidden ones
  /// left out, sorted bytewise like `list` (plugin discovery's candidates).
  package static func subfolders(_ dir: String) -> [String] {
    list(dir).filter { !$0.hasPrefix(".") && kind(join(dir, $0)) == .directory }
  }

  /// The lines of a small text file (a plugin manifest; read up to about 1 MiB), or nil when it
  /// cannot be read.
  package static func lines(_ path: String) -> [Substring]? {
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

  /// Writes a regular file through a temporary file and a rename, so a reader never sees half a
  /// file. Anything else that exists (`/dev/null`, `/dev/stdout`, a FIFO) is written in place: a
  /// rename would replace the device with a file.
  /// The temporary file is flushed to disk (`fsync`) before the rename, and the folder after it,
  /// so a crash leaves the old file or the new one. Temporary files of `path` left by a process
  /// that no longer runs (a killed run) are removed first.
  @discardableResult
  package static func write(_ path: String, _ text: String) -> Bool {
    var st = stat()
    let exists = stat(path, &st) == 0
    if exists && (st.st_mode & S_IFMT) != S_IFREG { return write(path, text, to: path, sync: false) }
    removeStaleTemporaries(of: path)
    let tmp = path + ".tmp\(getpid())-\(pthread_self())"  // unique per process and thread
    guard write(tmp, text, to: tmp, sync: true) else {
      let reason = errno  // kept for `save`'s message: unlink may set it
      unlink(tmp)
      errno = reason
      return false
    }
    guard rename(tmp, path) == 0 else {
      let reason = errno
      unlink(tmp)
      errno = reason
      return false
    }
    let dir = open(directory(of: path), O_RDONLY)
    if dir >= 0 {
      fsync(dir)
      close(dir)
    }
    return true
  }

  private static func write(_ path: String, _ text: String, to file: String, sync: Bool) -> Bool {
    guard let f = fopen(file, "wb") else { return false }
    var text = text
    var ok = text.withUTF8 { b in b.isEmpty || fwrite(b.baseAddress, 1, b.count, f) == b.count }
    if sync { ok = ok && fflush(f) == 0 && fsync(fileno(f)) == 0 }
    return fclose(f) == 0 && ok
  }

  /// Appends to a file (created when missing), as GitHub's `$GITHUB_STEP_SUMMARY` wants.
  package static func append(_ path: String, _ text: String) -> Bool {
    guard let f = fopen(path, "ab") else { return false }
    var text = text
    let ok = text.withUTF8 { b in b.isEmpty || fwrite(b.baseAddress, 1, b.count, f) == b.count }
    return fclose(f) == 0 && ok
  }

  /// Removes `<path>.tmp<pid>-<thread>` files (the names `write` uses) whose process is gone.
  static func removeStaleTemporaries(of path: String) {
    let prefix = baseName(path) + ".tmp"
    let dir = directory(of: path)
    for name in list(dir) where name.hasPrefix(prefix) {
      let rest = name.dropFirst(prefix.count)
      guard let dash = rest.firstIndex(of: "-"), let pid = Int32(rest[..<dash]), pid > 0, pid != getpid(),
        UInt(rest[rest.index(after: dash)...]) != nil
      else { continue }
      if kill(pid, 0) != 0 && errno == ESRCH { unlink(join(dir, name)) }
    }
  }

  @discardableResult
  package static func remove(_ path: String) -> Bool { unlink(path) == 0 }

  /// The absolute path with every symlink, `.` and `..` resolved; nil when it does not exist.
  package static func realPath(_ path: String) -> String? {
    guard let p = realpath(path, nil) else { return nil }
    defer { free(p) }
    return String(cString: p)
  }

  /// True when `path` (or, while it does not exist yet, its nearest existing folder) resolves to
  /// `root` or a place under it: a symlink cannot lead a write or a read out of `root`.
  package static func isInside(_ path: String, root: String) -> Bool {
    guard let realRoot = realPath(root) else { return false }
    var p = path
    while kind(p) == .missing && lstat(p) == nil {
      let parent = directory(of: p)
      guard parent != p else { return false }
      p = parent
    }
    guard let real = realPath(p) else { return false }  // a dangling symlink: refuse
    return real == realRoot || real.hasPrefix(realRoot == "/" ? "/" : realRoot + "/")
  }

  private static func lstat(_ path: String) -> stat? {
    var st = stat()
    return systemLstat(path, &st) == 0 ? st : nil
  }

  /// `mkdir -p`; false with `errno` set when the folder cannot be made.
  @discardableResult
  package static func makeDirectories(_ path: String) -> Bool {
    if kind(path) == .directory { return true }
    let parent = directory(of: path)
    if parent != path, parent != ".", parent != "/" { makeDirectories(parent) }
    if mkdir(path, 0o755) == 0 { return true }
    let reason = errno
    if kind(path) == .directory { return true }
    errno = reason
    return false
  }

  /// How the files the host writes on request (`--trace`, `--emit-meta`, `save_svg`) are written:
  /// missing parent folders created (unless `createFolders` is false: `save_svg` behaves like
  /// `io.open`), then `write`. Nil when written, else the system's reason (`strerror`:
  /// `Permission denied`, `Not a directory`) for the caller's message.
  package static func save(_ path: String, _ text: String, createFolders: Bool = true) -> String? {
    let dir = directory(of: path)
    if createFolders, dir != ".", kind(dir) == .missing, !makeDirectories(dir) {
      return "cannot create the folder \(dir): \(reason(errno))"
    }
    errno = 0
    return write(path, text) ? nil : reason(errno)
  }

  /// `strerror(code)`.
  static func reason(_ code: Int32) -> String {
    guard code != 0, let s = strerror(code) else { return "write failed" }
    return String(cString: s)
  }

  /// The folder part of a path (`.` when there is none).
  package static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// The last component, trailing slashes ignored (`plugins/csv/` is `csv`).
  package static func baseName(_ path: String) -> String {
    var p = Substring(path)
    while p.count > 1, p.hasSuffix("/") { p = p.dropLast() }
    guard let slash = p.lastIndex(of: "/") else { return String(p) }
    return String(p[p.index(after: slash)...])
  }

  package static func join(_ a: String, _ b: String) -> String {
    a.isEmpty || a == "." ? b : (a.hasSuffix("/") ? a + b : a + "/" + b)
  }

  package static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

  package static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) != 0 }

  /// Monotonic seconds.
  package static func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  /// Writes all of `text` to a file descriptor.
  package static func write(fd: Int32, _ text: String) {
    var text = text
    text.withUTF8 { b in
      var off = 0
      while off < b.count {
        let n = systemWrite(fd, b.baseAddress! + off, b.count - off)
        if n <= 0 {
          if errno == EINTR { continue }
          return
        }
        off += n
      }
    }
  }
}

/// Byte order of UTF-8, the same on every machine and locale.
package func bytewise(_ a: String, _ b: String) -> Bool {
  a.utf8.lexicographicallyPrecedes(b.utf8)
}

// The C functions FileSystem's own `write` and `lstat` shadow inside the enum (on Glibc or Darwin).
private func systemWrite(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int { write(fd, p, n) }
private func systemLstat(_ path: String, _ st: inout stat) -> Int32 { lstat(path, &st) }
