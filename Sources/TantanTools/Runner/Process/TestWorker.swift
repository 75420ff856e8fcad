import CLuaShim
import LuaRuntime
import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A `tantan-host test` worker process: started by the coordinator (`WorkerPool`) as
/// `tantan-host --tantan-test-worker`, single-threaded (but for the limit watchdog), talking
/// `WorkerRequest`/`WorkerReply` frames on fd 3. Told the run's settings first (`configure`), then
/// for each task it loads one file once in a fresh state. With `--isolate file` it runs the task's
/// scenarios in order in that state, as busted does, a block's teardowns after its last scenario;
/// with `--isolate scenario` (or `--trace`: a trace shows one scenario from the loaded state) each
/// attempt runs in a fork of the loaded state (`ScenarioFork`). Whatever the scenarios started
/// and left running is killed when the task ends (`Orphans`).
enum TestWorker {
  static let flag = "--tantan-test-worker"
  static let fd: Int32 = 3

  /// What the settings make: the state's configuration, and how scenarios run.
  private struct Context {
    var config: ExecutionConfig
    var settings: WorkerSettings
    /// Runs fork the loaded state (`--isolate scenario`, or traced).
    var forked: Bool { settings.isolation == .scenario || config.trace != .off }
  }

  /// Files collected here and kept loaded for their run (`--isolate file`), so a file loads once:
  /// at most `keptLimit`, the first ones collected.
  nonisolated(unsafe) private static var kept: [String: ScenarioSession] = [:]
  static let keptLimit = 64

  static func main(_ args: [String], progname: String) -> Int32 {
    // What scenarios start does not inherit the coordinator's socket (a daemon holding it would
    // keep this worker's death from being seen); the watchdog's last words go to the coordinator.
    _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
    _ = fcntl(WorkerPool.stderrFd, F_SETFD, FD_CLOEXEC)  // a scenario's fd 2 is a copy of it
    if fcntl(WorkerPool.lastWordsFd, F_SETFD, FD_CLOEXEC) == 0 { tt_set_watchdog_fd(WorkerPool.lastWordsFd) }
    Orphans.adopt()
    Orphans.dieWithParent()
    var context: Context?
    var buffer = FrameBuffer()
    while true {
      while let payload = try? buffer.next() {
        var r = WireReader(payload)
        do throws(WireError) {
          switch try r.request() {
          case .configure(let settings):
            guard let c = configure(settings, progname: progname) else { return 2 }
            context = c
          case .collect(let file):
            guard let context else { throw WireError(description: "collect before configure") }
            let loaded = load(file, config: context.config, traced: false, forks: context.forked)
            if case .success(let (session, _)) = loaded, !context.forked, kept.count < keptLimit {
              kept[file] = session
            }
            WorkerChannel.send(fd, .collected(file: file, loaded.map(\.1)))
          case .run(let file, let scenarios, let items):
            guard let context else { throw WireError(description: "run before configure") }
            run(file, expected: scenarios, items: items, context)
          }
        } catch {
          FileSystem.write(fd: 2, "\(progname): test worker: \(error)\n")
          return 2
        }
      }
      if !buffer.fill(from: fd) { return 0 }  // the coordinator closed the connection: done
    }
  }

  private static func configure(_ s: WorkerSettings, progname: String) -> Context? {
    do {
      let o = try RunnerOptions.parse(s.arguments)
      let plugins = try TestPlugins.load(o, seed: s.seed, progname: progname, quiet: true)
      let config = ExecutionConfig(
        seed: s.seed, maxInstructions: o.maxInstructions, maxMemory: o.maxMemory, timeout: o.timeout,
        snapshots: SnapshotStore(
          o, ci: TestCommand.isCI,
          budgetCounter: o.sandbox && fcntl(WriteBudget.fd, F_GETFD) != -1 ? WriteBudget.fd : nil),
        sandbox: o.sandbox, plugins: plugins, trace: o.trace, traceDir: o.traceDir, exploreRuns: s.exploreRuns,
        coverage: o.coverage, watch: o.watch)
      return Context(config: config, settings: s)
    } catch {
      FileSystem.write(fd: 2, "\(progname): test worker: \(error)\n")
      return nil
    }
  }

  /// Loads `file` into a fresh state (traced from the start with `--trace`), for scenarios run in
  /// forks of it or in it.
  private static func load(_ file: String, config: ExecutionConfig, traced: Bool, forks: Bool) -> Result<
    (ScenarioSession, [ScenarioInfo]), Failure
  > {
    do throws(ScenarioSession.SetupError) {
      let session = try ScenarioSession(file: file, config: config)
      if traced { session.startTrace(title: file) }
      return session.collect(forks: forks).map { (session, $0) }
    } catch {
      return .failure(error.failure)
    }
  }

  /// Loads `file` to run its scenarios: it must declare the `expected` ones, as collected.
  private static func load(
    _ file: String, expected: [ScenarioInfo], config: ExecutionConfig, traced: Bool, forks: Bool
  ) -> Result<ScenarioSession, Failure> {
    load(file, config: config, traced: traced, forks: forks).flatMap { session, all in
      if let change = FileChange.describe(file, before: expected, now: all) {
        return .failure(Failure(kind: .error, message: change, file: file, line: nil))
      }
      return .success(session)
    }
  }

  private static func run(_ file: String, expected: [ScenarioInfo], items: [TaskItem], _ context: Context) {
    let config = context.config
    let forked = context.forked
    var session: ScenarioSession
    if let s = kept.removeValue(forKey: file) {
      session = s  // collected here: loaded once
    } else {
      switch load(file, expected: expected, config: config, traced: forked && config.trace != .off, forks: forked) {
      case .failure(let f):
        Orphans.killAll()
        WorkerChannel.send(fd, .unloadable(f))
        return
      case .success(let s): session = s
      }
    }
    // Every fork copies this process's page tables: hand freed memory back first (measured: see scripts/bench).
    if forked { Portable.trimHeap() }
    WorkerChannel.send(fd, .loaded)
    var spent = LineCoverage()  // counted in states a tripped limit retired
    for (n, item) in items.enumerated() {
      let run = RunItem(scenario: expected[item.ordinal - 1], repeatIndex: item.repeatIndex)
      let saved = StderrFile.begin(WorkerPool.stderrFd)
      var result = RunItem.execute(
        run, index: item.index, session: session, retries: context.settings.retries, trace: item.trace,
        forked: forked,
        onNote: { note in
          // A hook that raised is left out of the next scenarios of this worker (as in-process).
          config.plugins?.note(note)
          if let h = note.hook { session.host.plugins.removeHook(h.hook, plugin: h.plugin, location: h.location) }
          WorkerChannel.send(fd, .note(note))
        })
      if !forked, !session.isSpent {
        // The blocks the next scenario is not in end now: their teardowns are this scenario's
        // (what they print, and a failure makes a passing scenario an error).
        let next = n + 1 < items.count ? expected[items[n + 1].ordinal - 1] : nil
        let failures = next.map { session.leave(before: $0) } ?? session.finish()
        for f in failures { result.failTeardown(f) }
        if run.scenario.pendingReason == nil { result.output = session.output }
      }
      result.stderr = StderrFile.end(WorkerPool.stderrFd, saved: saved)
      WorkerChannel.send(fd, .result(index: item.index, result))
      // A tripped limit is sticky: the next scenario gets the file loaded again in a fresh state
      // (this one's teardowns cannot run).
      if session.isSpent, n + 1 < items.count {
        spent.merge(session.takeCoverage())
        switch load(file, expected: expected, config: config, traced: false, forks: false) {
        case .failure(let f):
          Orphans.killAll()
          WorkerChannel.send(fd, .unloadable(f))
          return
        case .success(let s): session = s
        }
      }
    }
    Orphans.killAll()
    // `--watch`: the files its state loaded (a save to one of them reruns this file).
    if config.watch { WorkerChannel.send(fd, .loadedFiles(session.state.loadedChunks)) }
    if config.coverage {  // the lines of the file, its scenarios and their forks, states replaced included
      spent.merge(session.takeCoverage())
      WorkerChannel.send(fd, .coverage(spent))
    }
    WorkerChannel.send(fd, .done)
  }
}

/// A file that declares other scenarios when it loads again than when it was collected: its
/// scenarios cannot be matched to their bodies, so the whole file is an error.
enum FileChange {
  static func describe(_ file: String, before: [ScenarioInfo], now: [ScenarioInfo]) -> String? {
    func key(_ s: ScenarioInfo) -> String { "\(s.fullName) (line \(s.line))" }
    guard before != now else { return nil }
    var detail = "\(before.count) scenarios, then \(now.count)"
    if let k = zip(before, now).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
      detail += "; scenario #\(k + 1) was '\(key(before[k]))', then '\(key(now[k]))'"
    }
    return "\(file) declared different scenarios when it loaded again (\(detail)): a spec file must declare "
      + "the same scenarios every time it loads"
  }
}
