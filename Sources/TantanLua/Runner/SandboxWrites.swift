import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// What a `tantan-host test --sandbox` run may write: goldens (and their `.new` files) only inside
/// the folder of their scenario file, symlinks resolved, and at most `limit` bytes in all.
///
/// Scenarios run in processes forked from their file's worker, one at a time: a worker's budget
/// lives in memory shared with its forks, so what one scenario wrote counts for the next ones, and
/// each of the run's `--jobs` workers gets an equal share of `limit`.
final class WriteBudget: @unchecked Sendable {  // `used` is guarded by `lock` (and forks run one at a time)
  /// The documented total of a sandboxed run: 32 MiB.
  static let sandboxLimit = 32 << 20

  let limit: Int
  private let share: Int
  private let used: UnsafeMutablePointer<Int>
  private let lock = Mutex(())

  /// `share`: what this process (and its forks) may write of the run's `limit`.
  init(limit: Int, share: Int? = nil) {
    self.limit = limit
    self.share = min(share ?? limit, limit)
    let page = mmap(nil, MemoryLayout<Int>.size, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0)
    if let page, page != MAP_FAILED {
      used = page.bindMemory(to: Int.self, capacity: 1)
    } else {
      used = .allocate(capacity: 1)  // not shared: forks then each count from what was used before them
    }
    used.initialize(to: 0)
  }

  /// Takes `bytes` from the budget; false (and nothing taken) when they do not fit.
  func take(_ bytes: Int) -> Bool {
    lock.withLock { _ in
      guard bytes <= share - used.pointee else { return false }
      used.pointee += bytes
      return true
    }
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
