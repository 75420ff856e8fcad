import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The coordinator's side of the worker processes (`TestWorker`): up to `jobs` of them, started
/// with `posix_spawn` of this executable (the coordinator never forks), each told the run's
/// settings once and then given one task at a time over a socket. Each worker has a file for its
/// scenarios' stderr (`StderrFile`), read here too when the worker died in one. A worker that
/// dies (a crash, an exit, a kill) or goes silent past the watchdog ends its task with a cause
/// (the limit watchdog's last words when it wrote some); the task's owner may hand back a follow-up task, and the next task gets a fresh
/// worker. This process is the subreaper of what the workers leave behind (`Orphans`).
final class WorkerPool {
  private struct Worker {
    /// Its number in this pool (a pid can be reused).
    let id: Int
    let pid: pid_t
    let socket: Int32
    /// Its scenarios' stderr file (`StderrFile`), and the read end (non-blocking) of its limit
    /// watchdog's last words.
    let stderr: Int32
    let lastWords: Int32
    var buffer = FrameBuffer()
    var task: Int?
    var lastHeard = 0.0
    var watchdogFired = false
  }

  private let jobs: Int
  private let settings: WorkerSettings
  /// Seconds a busy worker may stay silent before it is killed (nil: never).
  private let watchdog: Double?
  private var workers: [Worker] = []
  private var spawned = 0

  /// The sandbox's shared write budget, given to each worker as `WriteBudget.fd`.
  private let budgetCounter: Int32?

  /// Where a worker's limit watchdog writes its last words (`tt_set_watchdog_fd`), and its
  /// scenarios' stderr file.
  static let lastWordsFd: Int32 = 5
  static let stderrFd: Int32 = 6

  init(jobs: Int, settings: WorkerSettings, watchdog: Double?, budgetCounter: Int32? = nil) {
    self.budgetCounter = budgetCounter
    self.jobs = max(jobs, 1)
    self.settings = settings
    self.watchdog = watchdog
    Orphans.adopt()
  }

  deinit {
    for w in workers {
      close(w.socket)  // the worker reads end of file and exits
      var status: Int32 = 0
      while waitpid(w.pid, &status, 0) < 0, errno == EINTR {}
      close(w.stderr)
      close(w.lastWords)
    }
    Orphans.killAll()
  }

  struct SpawnError: Error, CustomStringConvertible { let description: String }

  /// Which worker (`Worker.id`) took each task of the last `run`.
  private(set) var handledBy: [Int: Int] = [:]

  /// Runs `tasks`, each given to the worker `prefer[task]` names when it is free for it (else to
  /// any). `onReply(task, reply)` takes one reply and says whether the task is finished;
  /// `onDeath(task, cause, stderr)` ends a task whose worker died (with what the scenario it died
  /// in wrote to stderr) and may return follow-up tasks.
  func run(
    _ tasks: [WorkerRequest], prefer: [Int?] = [], onReply: (Int, WorkerReply) throws(WireError) -> Bool,
    onDeath: (Int, String, String) -> [WorkerRequest]
  ) throws(SpawnError) {
    var tasks = tasks
    var waiting = Array(tasks.indices)
    var finished = 0
    handledBy = [:]
    while finished < tasks.count {
      // Hand out tasks: idle workers first, then new ones up to `jobs`.
      while !waiting.isEmpty {
        var slot = workers.firstIndex { $0.task == nil }
        if slot == nil, workers.count < jobs {
          workers.append(try spawn())
          slot = workers.count - 1
        }
        guard let i = slot else { break }
        // The first waiting task this worker is preferred for (it holds the file loaded), else the first.
        let id = workers[i].id
        let k = waiting.firstIndex { $0 < prefer.count && prefer[$0] == id } ?? 0
        let next = waiting.remove(at: k)
        workers[i].task = next
        workers[i].lastHeard = FileSystem.now()
        handledBy[next] = id
        // A worker dead before it could take the task: its end of file below ends the task.
        var w = WireWriter()
        w.put(tasks[next])
        Wire.send(workers[i].socket, w)
      }
      var fds = workers.map { pollfd(fd: $0.socket, events: Int16(POLLIN), revents: 0) }
      let r = poll(&fds, nfds_t(fds.count), watchdog == nil ? -1 : 250)
      if r < 0, errno != EINTR { throw SpawnError(description: "poll: \(String(cString: strerror(errno)))") }
      var dead: [Int] = []
      for i in workers.indices where fds[i].revents != 0 {
        guard workers[i].buffer.fill(from: workers[i].socket) else {
          dead.append(i)
          continue
        }
        workers[i].lastHeard = FileSystem.now()
        while let task = workers[i].task, let payload = try? workers[i].buffer.next() {
          var reader = WireReader(payload)
          let done = (try? onReply(task, reader.reply())) ?? true
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
        // What the dead worker started is re-parented here: it ends now.
        Orphans.killAll(except: Set(workers.map(\.pid)))
        let words = lastWords(w.lastWords)
        let stderr = StderrFile.read(w.stderr)
        close(w.stderr)
        close(w.lastWords)
        guard let task = w.task else { continue }
        let cause =
          w.watchdogFired
          ? "timeout: its worker process sent nothing for \(formatSeconds(watchdog ?? 0)) s and was killed"
          : words ?? ("its worker process " + ProcessExit.describe(status))
        let followUps = onDeath(task, cause, stderr)
        waiting += tasks.count..<(tasks.count + followUps.count)
        tasks += followUps
        finished += 1
      }
    }
  }

  /// What the worker's limit watchdog wrote before it ended the worker (`file:line: timeout (10 s)
  /// exceeded`), or nil.
  private func lastWords(_ fd: Int32) -> String? {
    var buf = [UInt8](repeating: 0, count: 1024)
    let n = read(fd, &buf, buf.count)
    guard n > 0 else { return nil }
    let text = String(decoding: buf[0..<n], as: UTF8.self)
    return text.hasSuffix("\n") ? String(text.dropLast()) : text
  }

  /// This executable, as `--tantan-test-worker`: one end of a socket pair as fd 3, a pipe as
  /// `lastWordsFd`, a stderr file as `stderrFd`; then told the settings.
  private func spawn() throws(SpawnError) -> Worker {
    guard let (mine, other) = Portable.streamSocketPair() else {
      throw SpawnError(description: "socketpair: \(String(cString: strerror(errno)))")
    }
    let pair = [mine, other]
    var wordsPipe: [Int32] = [-1, -1]
    let errFile = StderrFile.make()
    guard pipe(&wordsPipe) == 0, errFile >= 0 else {
      for fd in pair + wordsPipe + [errFile] where fd >= 0 { close(fd) }
      throw SpawnError(description: "cannot make a worker's pipe or stderr file: \(String(cString: strerror(errno)))")
    }
    _ = fcntl(wordsPipe[0], F_SETFD, FD_CLOEXEC)
    _ = fcntl(wordsPipe[0], F_SETFL, fcntl(wordsPipe[0], F_GETFL) | O_NONBLOCK)
    // The worker's ends move above 10, so each dup2 below is a real copy (which drops CLOEXEC).
    let theirs =
      [pair[1], wordsPipe[1]].map { fd -> Int32 in
        let moved = fcntl(fd, F_DUPFD_CLOEXEC, 10)
        close(fd)
        return moved
      } + [fcntl(errFile, F_DUPFD_CLOEXEC, 10)]
    defer { for fd in theirs { close(fd) } }
    var actions = Portable.spawnActions()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    // The budget first: its descriptor may be one of those the others are copied to.
    if let budgetCounter { posix_spawn_file_actions_adddup2(&actions, budgetCounter, WriteBudget.fd) }
    posix_spawn_file_actions_adddup2(&actions, theirs[0], TestWorker.fd)
    posix_spawn_file_actions_adddup2(&actions, theirs[1], Self.lastWordsFd)
    posix_spawn_file_actions_adddup2(&actions, theirs[2], Self.stderrFd)
    let argv = [Self.executable, TestWorker.flag]
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
      for fd in [pair[0], wordsPipe[0], errFile] { close(fd) }
      throw SpawnError(
        description: "cannot start a worker process (\(Self.executable)): \(String(cString: strerror(rc)))")
    }
    var w = WireWriter()
    w.put(WorkerRequest.configure(settings))
    Wire.send(pair[0], w)
    spawned += 1
    return Worker(id: spawned, pid: pid, socket: pair[0], stderr: errFile, lastWords: wordsPipe[0])
  }

  /// The running executable (the workers are this same program).
  static let executable: String = Portable.executablePath() ?? CommandLine.arguments.first ?? "tantan-host"
}
