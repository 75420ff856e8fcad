#if canImport(Glibc)
import Glibc
#endif

/// `tantan-host test`: discover, collect, select, run (in parallel, isolated), report.
public enum TestCommand {
  /// One thing to run: a scenario (or one `--repeat-each` copy), or a file that failed to load.
  struct Item {
    var scenario: ScenarioInfo
    var repeatIndex: Int
    var loadFailure: Failure?
  }

  public static func main(_ args: [String], progname: String = "tantan-host") -> Int32 {
    let options: RunnerOptions
    do { options = try RunnerOptions.parse(args) } catch {
      return usageError(progname, error.description)
    }
    if options.help {
      FileSystem.write(fd: 1, RunnerOptions.usage)
      return 0
    }
    do { return try run(options, progname: progname) } catch let e as RunnerOptions.UsageError {
      return usageError(progname, e.description)
    } catch {
      return usageError(progname, "\(error)")
    }
  }

  static func usageError(_ progname: String, _ message: String) -> Int32 {
    FileSystem.write(fd: 2, "\(progname) test: \(message)\n(see '\(progname) test --help')\n")
    return 2
  }

  static var isCI: Bool {
    guard let v = FileSystem.environment("CI")?.lowercased() else { return false }
    return v == "true" || v == "1" || v == "yes"
  }

  static func run(_ o: RunnerOptions, progname: String) throws -> Int32 {
    let started = FileSystem.now()
    let matcher = try PatternMatcher()
    try matcher.validate(o.pattern)
    for p in o.filters + o.filtersOut { try matcher.validate(p) }
    guard let paths = o.paths.isEmpty ? Discovery.defaultPaths() : o.paths else {
      throw RunnerOptions.UsageError(description: "no spec/ or scenarios/ folder here: name the files or folders to run")
    }
    let files = try Discovery.files(paths, pattern: o.pattern, matcher: matcher)
    let ci = isCI
    let seed = o.seed ?? (o.shuffle ? Int(time(nil)) : 0)
    let config = ExecutionConfig(
      seed: seed, maxInstructions: o.maxInstructions, maxMemory: o.maxMemory, timeout: o.timeout,
      snapshots: SnapshotStore(mode: o.updateSnapshots ?? (ci ? .none : .new)))

    // Collect every file (in parallel), then select in file order.
    let outcomes = Parallel.map(files, jobs: o.jobs) { file -> (Result<[ScenarioInfo], Failure>, [UInt8]?) in
      do throws(ScenarioSession.SetupError) {
        let session = try ScenarioSession(file: file, config: config)
        let result = session.collect()
        return (result, session.compiled)
      } catch {
        return (.failure(error.failure), nil)
      }
    }
    let collected = outcomes.map(\.0)
    var compiled: [String: [UInt8]] = [:]
    for (file, outcome) in zip(files, outcomes) { compiled[file] = outcome.1 }
    config.chunks.store(compiled)
    var items: [Item] = []
    for (file, outcome) in zip(files, collected) {
      switch outcome {
      case .failure(let f):
        let info = ScenarioInfo(file: file, ordinal: 0, name: "(file failed to load)", line: f.line ?? 0, first: 0, last: 0, describes: [], tags: [])
        items.append(Item(scenario: info, repeatIndex: 0, loadFailure: f))
      case .success(let all):
        for s in try Selection.select(all, o, matcher: matcher) {
          if o.repeatEach > 1 {
            for k in 1...o.repeatEach { items.append(Item(scenario: s, repeatIndex: k)) }
          } else {
            items.append(Item(scenario: s, repeatIndex: 0))
          }
        }
      }
    }
    if o.shuffle { Selection.shuffle(&items, seed: seed) }
    var indexed = Array(items.enumerated())
    if let shard = o.shard { indexed = Selection.shard(indexed, index: shard.index, count: shard.count) }

    if o.list {
      var text = ""
      for (_, item) in indexed where item.loadFailure == nil {
        let tags = item.scenario.tags.isEmpty ? "" : "  [" + item.scenario.tags.map { "#" + $0 }.joined(separator: " ") + "]"
        text += "\(item.scenario.location): \(item.scenario.fullName)\(tags)\n"
      }
      FileSystem.write(fd: 1, text)
      for (_, item) in indexed { if let f = item.loadFailure { FileSystem.write(fd: 2, "\(progname) test: \(f.headline)\n") } }
      if indexed.contains(where: { $0.1.loadFailure != nil }) { return 1 }
      return indexed.isEmpty && !o.passWithNoTests ? 3 : 0
    }

    // Run: each item in fresh states, on `jobs` threads; results land in their own slots.
    let progress = Progress(enabled: o.reporters.contains { $0.name == "default" && $0.path == nil } && FileSystem.isTerminal(1), total: indexed.count)
    let results = Parallel.map(indexed, jobs: o.jobs) { pair -> ScenarioResult in
      let r = execute(pair.1, index: pair.0, config: config, retries: o.retries)
      progress.tick(r.status)
      return r
    }
    progress.finish()

    var report = RunReport(seed: seed, shuffled: o.shuffle, shard: o.shard.map { "\($0.index)/\($0.count)" }, results: results, duration: FileSystem.now() - started)
    report.goldens = goldens(files: files, collected: collected, results: results, options: o, strict: ci, mode: config.snapshots.mode)
    if o.deterministicTimes { report.zeroTimes() }
    if indexed.isEmpty { FileSystem.write(fd: 2, "\(progname) test: no scenario matched the selection\n") }
    guard Reporters.write(report, o.reporters, progname: progname) else { return 2 }
    return report.exitStatus(failOnFlaky: o.failOnFlaky, passWithNoTests: o.passWithNoTests)
  }

  /// One run item with its retries: a fresh state per attempt.
  static func execute(_ item: Item, index: Int, config: ExecutionConfig, retries: Int) -> ScenarioResult {
    var result = ScenarioResult(
      scenario: item.scenario, index: index, repeatIndex: item.repeatIndex, status: .error, duration: 0, output: "",
      failure: item.loadFailure, attempts: [], snapshotsUsed: [])
    if item.loadFailure != nil { return result }
    if let reason = item.scenario.pendingReason {
      result.status = .pending
      result.reason = reason
      return result
    }
    var attempts: [Attempt] = []
    var used: [String] = []
    for attempt in 0...retries {
      let t0 = FileSystem.now()
      var status = Status.error
      var failure: Failure?
      var reason: String?
      var output = ""
      do throws(ScenarioSession.SetupError) {
        let session = try ScenarioSession(file: item.scenario.file, config: config)
        (status, failure, reason) = session.run(item.scenario)
        output = session.output
        for u in session.snapshotsUsed where !used.contains(u) { used.append(u) }
      } catch {
        failure = error.failure
      }
      let duration = FileSystem.now() - t0
      if (status == .failed || status == .error), attempt < retries, let f = failure {
        attempts.append(Attempt(failure: f, output: output, duration: duration))
        continue
      }
      result.status = status == .passed && !attempts.isEmpty ? .flaky : status
      result.failure = failure
      result.reason = reason
      result.output = output
      result.duration = duration + attempts.reduce(0) { $0 + $1.duration }
      result.attempts = attempts
      break
    }
    result.snapshotsUsed = used
    return result
  }

  /// Goldens next to the files that ran, which of them were used, and (with
  /// `--update-snapshots=all` on a complete run) the unused ones removed.
  static func goldens(files: [String], collected: [Result<[ScenarioInfo], Failure>], results: [ScenarioResult],
                      options o: RunnerOptions, strict: Bool, mode: RunnerOptions.SnapshotMode) -> RunReport.Goldens {
    var g = RunReport.Goldens()
    for (file, outcome) in zip(files, collected) {
      if case .success = outcome { g.existing += SnapshotStore.existing(specFile: file) }
    }
    var used = Set<String>()
    for r in results { used.formUnion(r.snapshotsUsed) }
    g.used = used.sorted(by: bytewise)
    let loadFailed = collected.contains { if case .failure = $0 { return true } else { return false } }
    g.complete = !o.isFiltered && !loadFailed && !results.contains { $0.status == .failed || $0.status == .error }
    g.strict = strict
    g.sharded = o.shard != nil
    if g.complete, o.shard == nil, mode == .all {
      for path in g.unused where FileSystem.remove(path) { g.removed.append(path) }
    }
    return g
  }
}

/// Live progress on a terminal: one character per finished scenario, then a newline.
final class Progress: @unchecked Sendable {  // guarded by `lock`
  private let enabled: Bool
  private let lock = Locked()
  private var done = 0
  private let total: Int

  init(enabled: Bool, total: Int) { self.enabled = enabled; self.total = total }

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

/// `map` on worker threads; the result order is the input order whatever finished first.
enum Parallel {
  static func map<T, R>(_ items: [T], jobs: Int, _ body: @escaping (T) -> R) -> [R] {
    let slots = UnsafeMutablePointer<R?>.allocate(capacity: max(items.count, 1))
    slots.initialize(repeating: nil, count: max(items.count, 1))
    defer { slots.deinitialize(count: max(items.count, 1)); slots.deallocate() }
    let box = SlotBox(slots)
    WorkerPool.run(count: items.count, jobs: jobs) { i in box.slots[i] = body(items[i]) }
    return (0..<items.count).map { slots[$0]! }
  }

  private final class SlotBox<R>: @unchecked Sendable {  // each index is written by one thread only
    let slots: UnsafeMutablePointer<R?>
    init(_ s: UnsafeMutablePointer<R?>) { slots = s }
  }
}
