import TantanLua

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// A `tantan-host test` worker process: started by the coordinator (`WorkerPool`) as
/// `tantan-host --tantan-test-worker SEED TEST-ARGS...`, single-threaded, talking frames on fd 3.
/// For each task it loads one file once in a fresh state; to run scenarios it forks one child per
/// attempt from that loaded state (`ScenarioFork`). Requests and replies:
///
///   collect FILE                    -> collected FILE ok (COUNT SCENARIO...) | collected FILE failure FAILURE
///   run FILE SCENARIOS ITEMS        -> loaded, then result INDEX RESULT per item, then done
///                                      (or unloadable FAILURE when the file fails or changed)
enum TestWorker {
  static let flag = "--tantan-test-worker"
  static let fd: Int32 = 3

  static func main(_ args: [String], progname: String) -> Int32 {
    let o: RunnerOptions
    let plugins: TestPlugins?
    do {
      guard let seedText = args.first, let seed = Int(seedText) else { throw WireError(description: "no seed") }
      o = try RunnerOptions.parse(Array(args.dropFirst()))
      plugins = try TestPlugins.load(o, seed: seed, progname: progname, quiet: true)
    } catch {
      FileSystem.write(fd: 2, "\(progname): test worker: \(error)\n")
      return 2
    }
    let seed = Int(args[0])!
    let config = ExecutionConfig(
      seed: seed, maxInstructions: o.maxInstructions, maxMemory: o.maxMemory, timeout: o.timeout,
      snapshots: SnapshotStore(
        o, ci: TestCommand.isCI,
        budgetCounter: o.sandbox && fcntl(WriteBudget.fd, F_GETFD) != -1 ? WriteBudget.fd : nil),
      sandbox: o.sandbox, plugins: plugins, trace: o.trace, traceDir: o.traceDir)
    var buffer = FrameBuffer()
    while true {
      while let payload = try? buffer.next() {
        var r = WireReader(payload)
        guard (try? handle(&r, config: config, retries: o.retries)) != nil else { return 2 }
      }
      if !buffer.fill(from: fd) { return 0 }  // the coordinator closed the connection: done
    }
  }

  private static func handle(_ r: inout WireReader, config: ExecutionConfig, retries: Int) throws(WireError) {
    switch try r.string() {
    case "collect":
      let file = try r.string()
      var w = WireWriter()
      w.put("collected")
      w.put(file)
      switch load(file, config: config, traced: false) {
      case .success(let (_, all)):
        w.put(true)
        w.put(all.count)
        for s in all { w.put(s) }
      case .failure(let f):
        w.put(false)
        w.put(f)
      }
      Wire.send(fd, w)
    case "run":
      let file = try r.string()
      var expected: [ScenarioInfo] = []
      for _ in 0..<max(try r.int(), 0) { expected.append(try r.scenario()) }
      var items: [(index: Int, item: RunItem, trace: String?)] = []
      for _ in 0..<max(try r.int(), 0) {
        let index = try r.int()
        let ordinal = try r.int()
        let repeatIndex = try r.int()
        let trace = try r.optionalString()
        guard ordinal >= 1, ordinal <= expected.count else { throw WireError(description: "bad ordinal") }
        items.append((index, RunItem(scenario: expected[ordinal - 1], repeatIndex: repeatIndex), trace))
      }
      try run(file, expected: expected, items: items, config: config, retries: retries)
    default:
      throw WireError(description: "unknown request")
    }
  }

  /// Loads `file` into a fresh state (traced from the start with `--trace`).
  private static func load(_ file: String, config: ExecutionConfig, traced: Bool) -> Result<
    (ScenarioSession, [ScenarioInfo]), Failure
  > {
    do throws(ScenarioSession.SetupError) {
      let session = try ScenarioSession(file: file, config: config)
      if traced { session.startTrace(title: file) }
      return session.collect().map { (session, $0) }
    } catch {
      return .failure(error.failure)
    }
  }

  private static func run(
    _ file: String, expected: [ScenarioInfo], items: [(index: Int, item: RunItem, trace: String?)],
    config: ExecutionConfig, retries: Int
  ) throws(WireError) {
    let session: ScenarioSession
    switch load(file, config: config, traced: config.trace != .off) {
    case .failure(let f):
      return unloadable(f)
    case .success(let (s, all)):
      if let change = FileChange.describe(file, before: expected, now: all) {
        return unloadable(Failure(kind: .error, message: change, file: file, line: nil))
      }
      session = s
    }
    // Every fork copies this process's page tables: hand freed memory back first (measured: see scripts/bench).
    Portable.trimHeap()
    var w = WireWriter()
    w.put("loaded")
    Wire.send(fd, w)
    for (index, item, trace) in items {
      let result = RunItem.execute(item, index: index, session: session, retries: retries, trace: trace) { note in
        // A hook that raised is left out of the next scenarios of this worker (as in-process).
        config.plugins?.note(note)
        if let h = note.hook { session.host.plugins.removeHook(h.hook, plugin: h.plugin, location: h.location) }
        var n = WireWriter()
        n.put("note")
        n.put(note)
        Wire.send(fd, n)
      }
      var w = WireWriter()
      w.put("result")
      w.put(index)
      w.put(result)
      Wire.send(fd, w)
    }
    var done = WireWriter()
    done.put("done")
    Wire.send(fd, done)
  }

  private static func unloadable(_ f: Failure) {
    var w = WireWriter()
    w.put("unloadable")
    w.put(f)
    Wire.send(fd, w)
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
