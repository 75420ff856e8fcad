import LuaRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `tantan-host test`: discover, collect, select, run (in parallel, isolated), report.
public enum TestCommand {
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
    } catch is TestPlugins.StrictFailure {
      return 2  // the plugin's failure is already reported
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
    // A scenario reading stdin sees end of file instead of waiting forever (no hook runs in a read):
    // stdin becomes an empty pipe whose write end is closed (not /dev/null, which need not be a device).
    var ends: [Int32] = [0, 0]
    if pipe(&ends) == 0 {
      close(ends[1])
      if ends[0] != 0 {
        dup2(ends[0], 0)
        close(ends[0])
      }
    }
    let matcher = try PatternMatcher()
    try matcher.validate(o.pattern)
    for p in o.filters + o.filtersOut { try matcher.validate(p) }
    guard let paths = o.paths.isEmpty ? Discovery.defaultPaths() : o.paths else {
      throw RunnerOptions.UsageError(
        description: "no spec/ or scenarios/ folder here: name the files or folders to run")
    }
    let files = try Discovery.files(paths, pattern: o.pattern, matcher: matcher)
    let ci = isCI
    let seed = o.seed ?? (o.shuffle ? Int(time(nil)) : 0)
    // Plugins: discovered and loaded once here, then into every scenario's state (TestPlugins).
    let plugins = try TestPlugins.load(o, seed: seed, progname: progname)
    try o.checkReporters(plugins: plugins?.reporterNames ?? [])
    let config = ExecutionConfig(
      seed: seed, maxInstructions: o.maxInstructions, maxMemory: o.maxMemory, timeout: o.timeout,
      snapshots: SnapshotStore(
        mode: o.updateSnapshots ?? (ci ? .none : .new), sandboxed: o.sandbox, artifactsDir: o.artifactsDir),
      sandbox: o.sandbox, plugins: plugins,
      trace: o.trace, traceDir: o.traceDir)

    // One state set up on this thread first, so lazily built shared tables (the prelude's bytecode,
    // userdata classes, extension registries) are built before any worker thread starts.
    _ = Prelude.bytecode
    if let warm = try? LuaState() {
      _ = HostInterpreter.makeHost(warm, seed: seed)
      warm.close()
    }
    let collected = collect(files, config: config, jobs: o.jobs)
    var items = try plan(files: files, collected: collected, options: o, matcher: matcher)
    if o.shuffle { Selection.shuffle(&items, seed: seed) }
    var indexed = Array(items.enumerated())  // the suite index, kept through sharding
    if let shard = o.shard { indexed = Selection.shard(indexed, index: shard.index, count: shard.count) }

    if o.list { return list(indexed.map(\.1), options: o, progname: progname) }
    var traceNames: [Int: String] = [:]
    if o.trace != .off {
      traceNames = ScenarioTraces.names(indexed)
      if let problem = ScenarioTraces.prepare(o.traceDir, only: o.shard == nil ? nil : traceNames) {
        throw RunnerOptions.UsageError(description: problem)
      }
    }

    // Run: each item in fresh states, on `jobs` threads; results land in their own slots.
    let progress = Progress(
      enabled: o.reporters.contains { $0.name == "default" && $0.path == nil } && FileSystem.isTerminal(1),
      total: indexed.count)
    var results = Parallel.map(indexed, jobs: o.jobs) { pair -> ScenarioResult in
      let r = RunItem.execute(pair.1, index: pair.0, config: config, retries: o.retries, trace: traceNames[pair.0])
      progress.tick(r.status)
      return r
    }
    progress.finish()
    results = SnapshotStore.failSharedGoldens(results)

    var report = RunReport(
      seed: seed, shuffled: o.shuffle, shard: o.shard.map { "\($0.index)/\($0.count)" }, results: results,
      duration: FileSystem.now() - started)
    report.selection = RunSelection(o, paths: paths)
    report.planned = items.count
    report.goldens = goldens(
      paths: paths, files: files, collected: collected, results: results, options: o, strict: ci,
      snapshots: config.snapshots)
    if o.deterministicTimes { report.zeroTimes() }
    if indexed.isEmpty { FileSystem.write(fd: 2, "\(progname) test: no scenario matched the selection\n") }
    if let warnings = plugins?.warnings(), !warnings.isEmpty { FileSystem.write(fd: 2, warnings) }
    guard Reporters.write(report, o.reporters, progname: progname, plugins: plugins) else { return 2 }
    return report.exitStatus(failOnFlaky: o.failOnFlaky, passWithNoTests: o.passWithNoTests)
  }

  /// Runs every file in collect mode (in parallel) and keeps each file's bytecode for the run.
  static func collect(_ files: [String], config: ExecutionConfig, jobs: Int) -> [Result<[ScenarioInfo], Failure>] {
    let outcomes = Parallel.map(files, jobs: jobs) { file -> (Result<[ScenarioInfo], Failure>, [UInt8]?) in
      do throws(ScenarioSession.SetupError) {
        let session = try ScenarioSession(file: file, config: config)
        let result = session.collect()
        return (result, session.compiled)
      } catch {
        return (.failure(error.failure), nil)
      }
    }
    var compiled: [String: [UInt8]] = [:]
    for (file, outcome) in zip(files, outcomes) { compiled[file] = outcome.1 }
    config.chunks.store(compiled)
    return outcomes.map(\.0)
  }

  /// The run items in suite order: each file's selected scenarios (times `--repeat-each`), or its
  /// load failure.
  static func plan(
    files: [String], collected: [Result<[ScenarioInfo], Failure>], options o: RunnerOptions, matcher: PatternMatcher
  ) throws -> [RunItem] {
    var items: [RunItem] = []
    for (file, outcome) in zip(files, collected) {
      switch outcome {
      case .failure(let f):
        let info = ScenarioInfo(
          file: file, ordinal: 0, name: "(file failed to load)", line: f.line ?? 0, first: 0, last: 0, describes: [],
          tags: [])
        items.append(RunItem(scenario: info, repeatIndex: 0, loadFailure: f))
      case .success(let all):
        for s in try Selection.select(all, o, matcher: matcher) {
          if o.repeatEach > 1 {
            for k in 1...o.repeatEach { items.append(RunItem(scenario: s, repeatIndex: k)) }
          } else {
            items.append(RunItem(scenario: s, repeatIndex: 0))
          }
        }
      }
    }
    return items
  }

  /// `--list`: `file:line: full name  [#tags]` per selected scenario; load failures on stderr.
  static func list(_ items: [RunItem], options o: RunnerOptions, progname: String) -> Int32 {
    var text = ""
    for item in items where item.loadFailure == nil {
      let tags =
        item.scenario.tags.isEmpty ? "" : "  [" + item.scenario.tags.map { "#" + $0 }.joined(separator: " ") + "]"
      text += "\(item.scenario.location): \(item.scenario.fullName)\(tags)\n"
    }
    FileSystem.write(fd: 1, text)
    for item in items {
      if let f = item.loadFailure { FileSystem.write(fd: 2, "\(progname) test: \(f.headline)\n") }
    }
    if items.contains(where: { $0.loadFailure != nil }) { return 1 }
    return items.isEmpty && !o.passWithNoTests ? 3 : 0
  }

  /// Goldens next to the files that ran, which of them were used, and (with
  /// `--update-snapshots=all` on a complete run) the unused ones removed.
  static func goldens(
    paths: [String], files: [String], collected: [Result<[ScenarioInfo], Failure>], results: [ScenarioResult],
    options o: RunnerOptions, strict: Bool, snapshots: SnapshotStore
  ) -> RunReport.Goldens {
    var g = RunReport.Goldens()
    for (file, outcome) in zip(files, collected) {
      if case .success = outcome { g.existing += SnapshotStore.existing(specFile: file) }
    }
    g.existing = Array(Set(g.existing + Discovery.orphanGoldens(paths))).sorted(by: bytewise)
    var used = Set<String>()
    for r in results { used.formUnion(r.snapshotsUsed) }
    g.used = used.sorted(by: bytewise)
    let loadFailed = collected.contains { if case .failure = $0 { return true } else { return false } }
    g.complete = !o.isFiltered && !loadFailed && !results.contains { $0.status == .failed || $0.status == .error }
    g.strict = strict
    g.sharded = o.shard != nil
    if g.complete, o.shard == nil, snapshots.mode == .all {
      for path in g.unused where snapshots.allows(path) && FileSystem.remove(path) { g.removed.append(path) }
    }
    return g
  }
}
