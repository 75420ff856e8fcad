import TantanLua

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The coordinator's side of the worker processes (`TestWorker`): up to `jobs` of them, started
/// with `posix_spawn` of this executable (the coordinator never forks), each given one task at a
/// time over a socket. A worker that dies (a crash while loading a file, a kill) or goes silent
/// past the watchdog ends its task with a cause; the next task gets a fresh worker.
final class WorkerPool {
  private struct Worker {
    let pid: pid_t
    let socket: Int32
    var buffer = FrameBuffer()
    var task: Int?
    var lastHeard = 0.0
    var watchdogFired = false
  }

  private let jobs: Int
  private let arguments: [String]
  /// Seconds a busy worker may stay silent before it is killed (nil: never).
  private let watchdog: Double?
  private var workers: [Worker] = []

  /// The sandbox's shared write budget, given to each worker as `WriteBudget.fd`.
  private let budgetCounter: Int32?

  init(jobs: Int, arguments: [String], watchdog: Double?, budgetCounter: Int32? = nil) {
    self.budgetCounter = budgetCounter
    self.jobs = max(jobs, 1)
    self.arguments = arguments
    self.watchdog = watchdog
  }

  deinit {
    for w in workers {
      close(w.socket)  // the worker reads end of file and exits
      var status: Int32 = 0
      while waitpid(w.pid, &status, 0) < 0, errno == EINTR {}
    }
  }

  struct SpawnError: Error, CustomStringConvertible { let description: String }

  /// Runs `tasks` (each a request frame). `onMessage(task, reader)` reads one reply and says
  /// whether the task is finished; `onDeath(task, cause)` ends a task whose worker died.
  func run(
    _ tasks: [WireWriter], onMessage: (Int, inout WireReader) throws(WireError) -> Bool,
    onDeath: (Int, String) -> Void
  ) throws(SpawnError) {
    var next = 0
    var finished = 0
    while finished < tasks.count {
      // Hand out tasks: idle workers first, then new ones up to `jobs`.
      while next < tasks.count {
        var slot = workers.firstIndex { $0.task == nil }
        if slot == nil, workers.count < jobs {
          workers.append(try spawn())
          slot = workers.count - 1
        }
        guard let i = slot else { break }
        workers[i].task = next
        workers[i].lastHeard = FileSystem.now()
        if !Wire.send(workers[i].socket, tasks[next]) {
          // Dead before it could take the task: its end of file below ends the task.
        }
        next += 1
      }
      var fds = workers.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
      let r = poll(&fds, nfds_t(fds.count), watchdog == nil ? -1 : 250)
      if r < 0, errno != EINTR { throw SpawnError(description: "poll: \(String(cString: strerror(errno)))") }
      var dead: [Int] = []
      for (i, p) in fds.enumerated() where p.revents != 0 {
        guard workers[i].buffer.fill(from: workers[i].socket) else {
          dead.append(i)
          continue
        }
        workers[i].lastHeard = FileSystem.now()
        while let task = workers[i].task, let payload = try? workers[i].buffer.next() {
          var reader = WireReader(payload)
          let done = (try? onMessage(task, &reader)) ?? true
          if done {
            workers[i].task = nil
            finished += 1
          }
        }
      }
      if let watchdog {
        for i in workers.indices where workers[i].task != nil && !workers[i].watchdogFired {
          if FileSystem.now() - workers[i].lastHeard > watchdog {
            kill(-workers[i].pid, SIGKILL)
            workers[i].watchdogFired = true
          }
        }
      }
      for i in dead.reversed() {
        let w = workers.remove(at: i)
        close(w.socket)
        var status: Int32 = 0
        while waitpid(w.pid, &status, 0) < 0, errno == EINTR {}
        guard let task = w.task else { continue }
        let cause =
          w.watchdogFired
          ? "timeout: its worker process sent nothing for \(formatSeconds(watchdog ?? 0)) s and was killed"
          : "its worker process " + ProcessExit.describe(status)
        onDeath(task, cause)
        finished += 1
      }
    }
  }

  /// This executable, as `--tantan-test-worker ARGS...`, with one end of a socket pair as fd 3.
  private func spawn() throws(SpawnError) -> Worker {
    guard let (mine, other) = Portable.streamSocketPair() else {
      throw SpawnError(description: "socketpair: \(String(cString: strerror(errno)))")
    }
    let pair = [mine, other]
    // The worker's end moves above 3, so the dup2 to 3 below is a real copy (which drops CLOEXEC).
    let theirs = fcntl(pair[1], F_DUPFD_CLOEXEC, 10)
    close(pair[1])
    defer { close(theirs) }
    var actions = Portable.spawnActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, theirs, TestWorker.fd)
    if let budgetCounter { posix_spawn_file_actions_adddup2(&actions, budgetCounter, WriteBudget.fd) }
    let argv = [Self.executable, TestWorker.flag] + arguments
    var cargs: [UnsafeMutablePointer<CChar>?] = argv.map { strdup($0) } + [nil]
    defer { for p in cargs { free(p) } }
    // Its own process group: a watchdog kill ends the worker and the scenario it forked.
    var attr = Portable.spawnAttributes()
    posix_spawnattr_init(&attr)
    defer { posix_spawnattr_destroy(&attr) }
    posix_spawnattr_setflags(&attr, Int16(POSIX_SPAWN_SETPGROUP))
    posix_spawnattr_setpgroup(&attr, 0)
    var pid: pid_t = 0
    let rc = posix_spawn(&pid, Self.executable, &actions, &attr, &cargs, Portable.environment)
    guard rc == 0 else {
      close(pair[0])
      throw SpawnError(
        description: "cannot start a worker process (\(Self.executable)): \(String(cString: strerror(rc)))")
    }
    return Worker(pid: pid, socket: pair[0])
  }

  /// The running executable (the workers are this same program).
  static let executable: String = Portable.executablePath() ?? CommandLine.arguments.first ?? "tantan-host"
}
