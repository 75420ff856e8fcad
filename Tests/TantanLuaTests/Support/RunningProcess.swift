import Foundation

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// What one run of an interpreter produced.
struct RunResult: CustomStringConvertible {
  var stdout: String
  var stderr: String
  /// Exit status, or the signal number when `signaled`.
  var status: Int32
  var signaled: Bool
  /// The hard timeout of the test killed the process: it hung.
  var timedOut: Bool

  var description: String {
    "status \(status)\(signaled ? " (signal)" : "")\(timedOut ? " (killed after the test's hard timeout)" : "")\n"
      + "--- stdout\n\(stdout)--- stderr\n\(stderr)---"
  }
}

/// A byte sink filled by a reader thread; read from the test thread.
final class LockedBuffer: @unchecked Sendable {
  private let lock = NSLock()
  private var data = Data()
  private var finished = false

  func append(_ d: Data) { lock.lock(); data.append(d); lock.unlock() }
  func finish() { lock.lock(); finished = true; lock.unlock() }
  var isFinished: Bool { lock.lock(); defer { lock.unlock() }; return finished }
  var string: String { lock.lock(); defer { lock.unlock() }; return String(decoding: data, as: UTF8.self) }
}

/// A launched interpreter: stdout and stderr are drained by threads so a chatty process never
/// blocks on a full pipe, and every wait has a deadline so a hanging process fails the test.
final class RunningProcess {
  let process = Process()
  let out = LockedBuffer()
  let err = LockedBuffer()
  private let exited = DispatchSemaphore(value: 0)
  private let stdinPipe = Pipe()

  init(_ executable: String, _ args: [String], env: [String: String], cwd: String?) throws {
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = args
    process.environment = env
    if let cwd { process.currentDirectoryURL = URL(fileURLWithPath: cwd) }
    let outPipe = Pipe()
    let errPipe = Pipe()
    process.standardOutput = outPipe
    process.standardError = errPipe
    process.standardInput = stdinPipe
    let sem = exited
    process.terminationHandler = { _ in sem.signal() }
    try process.run()
    for (pipe, buffer) in [(outPipe, out), (errPipe, err)] {
      let handle = pipe.fileHandleForReading
      Thread.detachNewThread {
        while true {
          let d = handle.availableData
          if d.isEmpty { break }
          buffer.append(d)
        }
        buffer.finish()
      }
    }
  }

  var pid: Int32 { process.processIdentifier }

  /// Writes to stdin and keeps it open.
  func feed(_ text: String) {
    signal(SIGPIPE, SIG_IGN)
    try? stdinPipe.fileHandleForWriting.write(contentsOf: Data(text.utf8))
  }

  func write(stdin text: String?) {
    let handle = stdinPipe.fileHandleForWriting
    if let text, !text.isEmpty {
      // The child may exit without reading everything: a broken pipe must not kill the test.
      signal(SIGPIPE, SIG_IGN)
      try? handle.write(contentsOf: Data(text.utf8))
    }
    try? handle.close()
  }

  /// Polls until stdout contains `marker` (the script reached a known point), or the deadline.
  func waitForStdout(containing marker: String, timeout: TimeInterval) -> Bool {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      if out.string.contains(marker) { return true }
      if !process.isRunning { return out.string.contains(marker) }
      usleep(10_000)
    }
    return false
  }

  func send(_ sig: Int32) { kill(pid, sig) }

  /// Waits for the exit; past `timeout` the process is killed and the result says it hung.
  func wait(timeout: TimeInterval) -> RunResult {
    var timedOut = false
    if exited.wait(timeout: .now() + timeout) == .timedOut {
      timedOut = true
      kill(pid, SIGKILL)
      _ = exited.wait(timeout: .now() + 10)
    }
    // The pipes reach end of file once the process (and any child holding them) is gone.
    let drainDeadline = Date().addingTimeInterval(5)
    while !(out.isFinished && err.isFinished) && Date() < drainDeadline { usleep(5_000) }
    let signaled = process.terminationReason == .uncaughtSignal
    return RunResult(
      stdout: out.string, stderr: err.string, status: process.terminationStatus, signaled: signaled, timedOut: timedOut)
  }
}
