#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The process calls of the runner that differ between Linux and macOS, each in one place with its
/// fallback (README, "On a Mac"). Everything else the runner calls (fork, posix_spawn, poll,
/// waitpid, kill, process groups, socketpair, pipes) is POSIX and exists on both.
///
/// | call | Linux | macOS |
/// |---|---|---|
/// | `send` without SIGPIPE | `MSG_NOSIGNAL` | `SO_NOSIGPIPE` set on both ends when the pair is made |
/// | close-on-exec socket pair | `SOCK_CLOEXEC` | `socketpair`, then `FD_CLOEXEC` on each end |
/// | this executable's path | `/proc/self/exe` | `_NSGetExecutablePath` |
/// | the environment for `posix_spawn` | `environ` | `_NSGetEnviron()` |
/// | giving freed heap back | `malloc_trim(0)` (glibc) | nothing (its allocator returns pages itself) |
enum Portable {
  /// `send(2)` that fails with EPIPE instead of raising SIGPIPE when the reader is gone.
  static func send(_ fd: Int32, _ p: UnsafeRawPointer, _ n: Int) -> Int {
    #if os(Linux)
      return Glibc.send(fd, p, n, Int32(MSG_NOSIGNAL))
    #else
      return Darwin.send(fd, p, n, 0)
    #endif
  }

  /// A connected pair of stream sockets, both ends close-on-exec (and without SIGPIPE on macOS).
  static func streamSocketPair() -> (Int32, Int32)? {
    var pair: [Int32] = [0, 0]
    #if os(Linux)
      guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
        return nil
      }
    #else
      guard socketpair(AF_UNIX, SOCK_STREAM, 0, &pair) == 0 else { return nil }
      var on: Int32 = 1
      for fd in pair {
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
      }
    #endif
    return (pair[0], pair[1])
  }

  /// The running executable's path (nil when the system does not say).
  static func executablePath() -> String? {
    var buf = [UInt8](repeating: 0, count: 4096)
    #if os(Linux)
      let n = buf.withUnsafeMutableBytes { readlink("/proc/self/exe", $0.baseAddress!, $0.count) }
      return n > 0 ? String(decoding: buf[..<n], as: UTF8.self) : nil
    #else
      var size = UInt32(buf.count)
      let ok = buf.withUnsafeMutableBytes {
        _NSGetExecutablePath($0.baseAddress!.assumingMemoryBound(to: CChar.self), &size) == 0
      }
      guard ok, let end = buf.firstIndex(of: 0) else { return nil }
      return String(decoding: buf[..<end], as: UTF8.self)
    #endif
  }

  /// The process's environment, as `posix_spawn` takes it.
  static var environment: UnsafePointer<UnsafeMutablePointer<CChar>?>? {
    #if os(Linux)
      return UnsafePointer(environ)
    #else
      return UnsafePointer(_NSGetEnviron().pointee)
    #endif
  }

  /// `posix_spawn`'s file actions and attributes, empty (a struct on Linux, a pointer on macOS).
  #if os(Linux)
    static func spawnActions() -> posix_spawn_file_actions_t { posix_spawn_file_actions_t() }
    static func spawnAttributes() -> posix_spawnattr_t { posix_spawnattr_t() }
  #else
    static func spawnActions() -> posix_spawn_file_actions_t? { nil }
    static func spawnAttributes() -> posix_spawnattr_t? { nil }
  #endif

  /// Gives the heap's free pages back to the system (after a file's state is closed).
  static func trimHeap() {
    #if os(Linux)
      _ = mallocTrim(0)
    #endif
  }
}

#if os(Linux)
  /// glibc's `int malloc_trim(size_t)` (malloc.h, which the Glibc module leaves out).
  @_silgen_name("malloc_trim") private func mallocTrim(_ pad: Int) -> Int32
#endif
