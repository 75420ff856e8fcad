import Synchronization

/// What a `tantan-host test --sandbox` run may write: goldens (and their `.new` files) only inside
/// the folder of their scenario file, symlinks resolved, and at most `limit` bytes in all.
final class WriteBudget: Sendable {
  /// The documented total of a sandboxed run: 32 MiB.
  static let sandboxLimit = 32 << 20

  let limit: Int
  private let used = Mutex(0)  // the run's threads write goldens concurrently

  init(limit: Int) { self.limit = limit }

  /// Takes `bytes` from the budget; false (and nothing taken) when they do not fit.
  func take(_ bytes: Int) -> Bool {
    used.withLock { used in
      guard bytes <= limit - used else { return false }
      used += bytes
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
