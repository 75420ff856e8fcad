import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a `tantan-host test --sandbox` run may write: goldens (and their `.new` files) only inside
/// the folder of their scenario file, symlinks resolved, and at most `limit` bytes in all.
///
/// Goldens are written by forked scenario processes of several workers, so the count lives in a
/// file every one of them shares: the coordinator opens it (unlinked at once) and hands it to each
/// worker as descriptor `WriteBudget.fd`; the forks inherit it. `take` adds under a record lock.
final class WriteBudget: Sendable {
  /// The documented total of a sandboxed run: 32 MiB.
  static let sandboxLimit = 32 << 20
  /// The shared counter's descriptor in a worker process (after the coordinator's socket, 3).
  static let fd: Int32 = 4

  let limit: Int
  private let counter: Int32

  /// A budget counted in the open file `counter` (8 bytes: the bytes taken so far).
  init(limit: Int, counter: Int32) {
    self.limit = limit
    self.counter = counter
  }

  /// The coordinator's counter: a new, already unlinked temporary file; nil when none can be made.
  static func makeCounter() -> Int32? {
    var template = Array("/tmp/tantan-write-budget-XXXXXX".utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return nil }
    template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
    // Above the workers' fixed descriptors and close-on-exec: only the dup2 to `fd` reaches them.
    let high = fcntl(fd, F_DUPFD_CLOEXEC, 10)
    close(fd)
    return high >= 0 ? high : nil
  }

  /// Takes `bytes` from the budget; false (and nothing taken) when they do not fit or the counter
  /// cannot be read (refusing is the safe side).
  func take(_ bytes: Int) -> Bool {
    // A record lock, not flock(2): every process shares one open file description, and flock
    // locks belong to the description, so they would not exclude the other workers and forks.
    guard lock(F_WRLCK) else { return false }
    defer { _ = lock(F_UNLCK) }
    var used: Int64 = 0
    let n = pread(counter, &used, 8, 0)
    if n != 8 && n != 0 { return false }
    guard Int64(bytes) <= Int64(limit) - used else { return false }
    used += Int64(bytes)
    return pwrite(counter, &used, 8, 0) == 8
  }

  private func lock(_ type: Int32) -> Bool {
    var region = flock()
    region.l_type = Int16(type)
    region.l_whence = Int16(SEEK_SET)
    while fcntl(counter, F_SETLKW, &region) != 0 {
      if errno != EINTR { return false }
    }
    return true
  }
}

extension SnapshotStore {
  /// The folder a golden must stay in: the one holding `__snapshots__` (`<dir>/__snapshots__/<spec>/<name>.snap`).
  static func root(ofGolden path: String) -> String {
    FileSystem.directory(of: FileSystem.directory(of: FileSystem.directory(of: path)))
  }

  /// Outside the sandbox every golden is allowed; inside, only those that resolve into their root.
  func allows(_ path: String) -> Bool {
    !sandboxed || FileSystem.isInside(path, root: Self.root(ofGolden: path))
  }

  /// Why a sandboxed snapshot cannot go on, or nil: a path leading out of its folder, or a spent budget.
  func refusal(_ name: String, _ path: String, writing text: String?) -> String? {
    guard sandboxed else { return nil }
    guard allows(path) && allows(path + ".new") else {
      return "snapshot '\(name)': \(path) leads outside \(Self.root(ofGolden: path)) (a symbolic link?); "
        + "the sandbox writes goldens only next to their scenario file"
    }
    if let text, let budget, !budget.take(text.utf8.count) {
      return "snapshot '\(name)': the sandbox's write budget is spent (\(budget.limit) bytes of goldens per run)"
    }
    return nil
  }
}
