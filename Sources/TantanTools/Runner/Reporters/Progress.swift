import TantanLua

/// Live progress on a terminal: one character per finished scenario, in report order (a
/// scenario's mark waits for those before it), then a newline.
final class Progress {
  private let enabled: Bool
  private var done = 0
  private let total: Int
  private var waiting: [Int: Status] = [:]  // finished out of order, by report position

  init(enabled: Bool, total: Int) {
    self.enabled = enabled
    self.total = total
  }

  func tick(_ position: Int, _ status: Status) {
    guard enabled else { return }
    waiting[position] = status
    var marks = ""
    while let s = waiting.removeValue(forKey: done) {
      done += 1
      marks += TextReporter.progressMark(s) + (done % 80 == 0 ? "\n" : "")
    }
    if !marks.isEmpty { FileSystem.write(fd: 1, marks) }
  }

  func finish() {
    if enabled && done % 80 != 0 { FileSystem.write(fd: 1, "\n") }
  }
}
