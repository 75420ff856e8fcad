import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A scenario's stderr: while a scenario runs, the worker's fd 2 is an unlinked temporary file the
/// coordinator made and gave it as `fd` (opened for appending), emptied first; what the scenario
/// and what it started wrote there is its `stderr`, the first `CapturedOutput.limit` bytes of it
/// (with the output's cut marker). A file rather than a pipe: the bytes are the scenario's
/// exactly, whenever they are read, and the coordinator reads them when the worker died in it.
/// Outside scenarios fd 2 is the runner's stderr.
enum StderrFile {
  /// The coordinator's copy: a new unlinked file open for appending, or -1.
  static func make() -> Int32 {
    var template = Array((FileSystem.environment("TMPDIR").flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp").utf8CString)
    template.removeLast()
    template += Array("/tantan-stderr-XXXXXX".utf8CString)
    let fd = mkstemp(&template)
    guard fd >= 0 else { return -1 }
    unlink(template)
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_APPEND)
    return fd
  }

  /// Empties the file and makes it fd 2; returns the saved fd 2 (or -1 when there is no file).
  static func begin(_ fd: Int32) -> Int32 {
    guard fcntl(fd, F_GETFD) != -1 else { return -1 }
    fflush(nil)
    _ = ftruncate(fd, 0)
    let saved = fcntl(2, F_DUPFD_CLOEXEC, 10)
    guard saved >= 0, dup2(fd, 2) == 2 else {
      if saved >= 0 { close(saved) }
      return -1
    }
    return saved
  }

  /// Gives fd 2 back and returns what was written since `begin`.
  static func end(_ fd: Int32, saved: Int32) -> String {
    guard saved >= 0 else { return "" }
    fflush(nil)
    dup2(saved, 2)
    close(saved)
    return read(fd)
  }

  /// The file's text, cut at `CapturedOutput.limit` bytes.
  static func read(_ fd: Int32) -> String {
    var st = stat()
    guard fstat(fd, &st) == 0, st.st_size > 0 else { return "" }
    let size = Int(st.st_size)
    var bytes = [UInt8](repeating: 0, count: min(size, CapturedOutput.limit))
    let n = bytes.withUnsafeMutableBytes { pread(fd, $0.baseAddress, $0.count, 0) }
    guard n > 0 else { return "" }
    var out = CapturedOutput()
    out.append(String(decoding: bytes[0..<n], as: UTF8.self))
    out.skip(size - n)
    return out.text
  }
}
