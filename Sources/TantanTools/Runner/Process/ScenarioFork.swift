import CLuaShim
import LuaRuntime
import TantanLua

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// One scenario attempt in a forked copy of a loaded file's state (copy-on-write): the scenario
/// starts from exactly the state the file left, and whatever it does to its process (a signal,
/// `exit`, a hang in C) ends that copy only. Called in a single-threaded worker process, where
/// `fork` is safe.
enum ScenarioFork {
  static func attempt(
    _ session: ScenarioSession, _ info: ScenarioInfo, trace: (path: String, meta: [(String, String)])?
  ) -> AttemptOutcome {
    fflush(nil)  // nothing buffered is written twice
    session.bankCoverage()  // the child counts its own lines from zero
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return crashed(info, "cannot create a pipe: \(String(cString: strerror(errno)))") }
    // Not inherited by what the scenario starts: a daemon holding them would hold the report back.
    for fd in ends { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    // The limit watchdog's last words (a scenario stuck where no hook runs), read if no report came.
    var words: [Int32] = [-1, -1]
    if pipe(&words) == 0 {
      _ = fcntl(words[0], F_SETFL, O_NONBLOCK)
      for fd in words { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    }
    defer { for fd in words where fd >= 0 { close(fd) } }
    let pid = fork()
    if pid == 0 {
      close(ends[0])
      if words[1] >= 0 { tt_set_watchdog_fd(words[1]) }
      setpgid(0, 0)  // its own group: a kill ends what it started too (a shell, a sleep)
      Orphans.dieWithParent()  // and so does its worker's end
      var w = WireWriter()
      w.put(child(session, info, trace: trace))
      Wire.send(ends[1], w)
      fflush(nil)
      _exit(0)
    }
    close(ends[1])
    if words[1] >= 0 { close(words[1]); words[1] = -1 }
    guard pid > 0 else {
      close(ends[0])
      return crashed(info, "cannot fork: \(String(cString: strerror(errno)))")
    }
    setpgid(pid, pid)  // also here, so a kill right away finds the group
    defer { close(ends[0]) }
    let outcome = collect(from: ends[0], pid: pid, info, deadline: killDeadline(session.config))
    Orphans.killAll()  // what the scenario left behind was re-parented to this worker
    if outcome.failure?.message.hasSuffix("before it reported") == true, let said = lastWords(words[0]) {
      return crashed(info, said)
    }
    session.coverage.merge(outcome.coverage)
    return outcome
  }

  /// What the watchdog wrote before it ended the scenario's process (`file:line: timeout (10 s)
  /// exceeded`), or nil.
  private static func lastWords(_ fd: Int32) -> String? {
    guard fd >= 0 else { return nil }
    var buf = [UInt8](repeating: 0, count: 1024)
    let n = read(fd, &buf, buf.count)
    guard n > 0 else { return nil }
    let text = String(decoding: buf[0..<n], as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  /// How long a scenario's process may take before it is killed: its own limits stop Lua code at
  /// `--timeout` (once per plugin hook and once for the scenario); this catches a hang in C.
  static func killDeadline(_ config: ExecutionConfig) -> Double? {
    guard let t = config.timeout else { return nil }
    return t * (config.plugins == nil ? 1 : 3) + 2 + t / 5
  }

  /// In the child: runs the scenario, then (one scenario per fork) its blocks' teardowns: a
  /// teardown's failure makes a passing scenario an error (the fork has nowhere else to report it).
  private static func child(
    _ session: ScenarioSession, _ info: ScenarioInfo, trace: (path: String, meta: [(String, String)])?
  ) -> AttemptOutcome {
    var o = ScenarioAttempt.run(session, info, trace: trace)
    if let f = session.finish().first, o.status == .passed || o.status == .pending {
      (o.status, o.failure, o.reason) = (.error, f, nil)
    }
    if session.config.coverage { o.coverage = LineCoverage.read(session.state) }
    return o
  }

  /// In the worker: reads the child's report until it exits or its deadline passes.
  private static func collect(from fd: Int32, pid: pid_t, _ info: ScenarioInfo, deadline: Double?) -> AttemptOutcome {
    var buffer = FrameBuffer()
    let end = deadline.map { FileSystem.now() + $0 }
    var timedOut = false
    while true {
      // The coordinator's socket too: when it closes, the run is over and this child with it.
      var p = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0), pollfd(fd: TestWorker.fd, events: 0, revents: 0)]
      let wait = end.map { Int32(max(0, min(($0 - FileSystem.now()) * 1000, 60_000))) } ?? -1
      let r = poll(&p, 2, wait)
      if r < 0, errno == EINTR { continue }
      if p[1].revents & Int16(POLLHUP | POLLERR) != 0 {
        killGroup(pid)
        _exit(1)
      }
      if r == 0 {
        if let end, FileSystem.now() >= end {
          killGroup(pid)
          timedOut = true
          break
        }
        continue
      }
      if p[0].revents != 0, !buffer.fill(from: fd) { break }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    if !timedOut, let payload = try? buffer.next() {
      var r = WireReader(payload)
      if let o = try? r.outcome() { return o }
    }
    if timedOut, let deadline {
      return crashed(info, "timeout: the scenario's process was killed after \(formatSeconds(deadline)) s")
    }
    return crashed(info, "the scenario's process " + ProcessExit.describe(status) + " before it reported")
  }

  private static func killGroup(_ pid: pid_t) {
    if kill(-pid, SIGKILL) != 0 { kill(pid, SIGKILL) }
  }

  static func crashed(_ info: ScenarioInfo, _ cause: String) -> AttemptOutcome {
    AttemptOutcome(
      status: .error, failure: Failure(kind: .error, message: cause, file: info.file, line: info.line))
  }
}

/// How a process ended, in words: `was killed by signal 11 (Segmentation fault)`, `exited (status 3)`.
enum ProcessExit {
  static func describe(_ status: Int32) -> String {
    let sig = status & 0x7f
    if sig != 0, sig != 0x7f {
      let name = strsignal(sig).map { String(cString: $0) } ?? "?"
      return "was killed by signal \(sig) (\(name))"
    }
    return "exited (status \((status >> 8) & 0xff))"
  }
}
