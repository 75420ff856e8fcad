/// Live progress on a terminal: one character per finished scenario, then a newline.
final class Progress: @unchecked Sendable {  // guarded by `lock`
  private let enabled: Bool
  private let lock = Locked()
  private var done = 0
  private let total: Int

  init(enabled: Bool, total: Int) {
    self.enabled = enabled
    self.total = total
  }

  func tick(_ status: Status) {
    guard enabled else { return }
    lock.run {
      done += 1
      FileSystem.write(fd: 1, TextReporter.progressMark(status) + (done % 80 == 0 ? "\n" : ""))
    }
  }

  func finish() {
    if enabled && done % 80 != 0 { FileSystem.write(fd: 1, "\n") }
  }
}
