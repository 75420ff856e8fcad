import LuaRuntime
import TantanLua

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// `tantan-host test`: discover, collect, select, run (in parallel, isolated), report.
enum TestCommand {
  static func main(_ args: [String], progname: String = "tantan-host") -> Int32 {
    let options: RunnerOptions
    do { options = try RunnerOptions.parse(args) } catch {
      return usageError(progname, error.description)
    }
    if options.help {
      FileSystem.write(fd: 1, RunnerOptions.usage)
      return 0
    }
    do {
      if options.watch { return try WatchCommand.run(options, arguments: args, progname: progname) }
      return try run(options, arguments: args, progname: progname)
    } catch let e as RunnerOptions.UsageError {
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

  /// `watch`: the `--watch` session whose pool the run uses (and keeps), told what each spec
  /// file's state loaded and the report; `full`: the run covers every spec file (not a rerun).
  static func run(
    _ o: RunnerOptions, arguments: [String], progname: String, watch: WatchSession? = nil, full: Bool = true
  ) throws -> Int32 {
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
    // A plugin whose loading crashes is left out here and in every worker (PluginProbe).
    let o = try PluginProbe.skipCrashing(o, seed: seed, progname: progname, command: "test")
    let plugins = try TestPlugins.load(o, seed: seed, progname: progname)
    try o.checkReporters(plugins: plugins?.reporterNames ?? [])
    let coverageFilter = try o.coverage ? coverageFilter(o) : nil
    let config = ExecutionConfig(
      seed: seed, maxInstructions: o.maxInstructions, maxMemory: o.maxMemory, timeout: o.timeout,
      snapshots: SnapshotStore(o, ci: ci), sandbox: o.sandbox, plugins: plugins, trace: o.trace, traceDir: o.traceDir,
      coverage: o.coverage)

    // Files load and scenarios run in worker processes (this one only plans and reports), so a
    // scenario that crashes, exits or hangs ends its own process, never the run.
    // --sandbox: the goldens' write budget is one count shared by every worker and fork.
    let budget = o.sandbox ? WriteBudget.makeCounter() : nil
    defer { if let budget { close(budget) } }
    // The workers load plugins themselves: the ones the probe saw crash stay out there too.
    let workerArguments = o.skippedPlugins.map { "--skip-plugin=" + $0 } + arguments
    let settings = WorkerSettings(
      seed: seed, isolation: o.isolate, retries: o.retries, exploreRuns: o.exploreRuns, arguments: workerArguments)
    let pool =
      watch?.pool ?? WorkerPool(jobs: o.jobs, settings: settings, watchdog: watchdog(config, o), budgetCounter: budget)
    if let watch {
      watch.pool = pool
      if full { watch.specFiles = files }
    }
    let collected = try collect(files, pool: pool)
    for note in Selection.unmatchedLines(o.lines, collected.compactMap { try? $0.get() }.flatMap { $0 }) {
      FileSystem.write(fd: 2, "\(progname) test: \(note)\n")
    }
    var loadedIn: [String: Int] = [:]  // the worker that holds each file loaded (--isolate file)
    for (task, worker) in pool.handledBy where task < files.count { loadedIn[files[task]] = worker }
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

    // Run: each file loaded once in a worker, its scenarios in that state (or each in a fork of it).
    let progress = Progress(
      enabled: o.reporters.contains { $0.name == "default" && $0.path == nil } && FileSystem.isTerminal(1),
      total: indexed.count)
    var scenarios: [String: [ScenarioInfo]] = [:]
    for (file, outcome) in zip(files, collected) { if case .success(let all) = outcome { scenarios[file] = all } }
    var counted = LineCoverage()
    var results = try RunPlan.execute(
      indexed, scenarios: scenarios, pool: pool, traceNames: traceNames, plugins: plugins, progress: progress,
      jobs: o.jobs, loadedIn: { loadedIn[$0] }, onCoverage: { counted.merge($0) },
      onLoaded: { watch?.record(spec: $0, loaded: $1) })
    progress.finish()
    results = SnapshotStore.failSharedGoldens(results)
    if o.strict { results = RunWarnings.strict(results) }

    var report = RunReport(
      seed: seed, shuffled: o.shuffle, shard: o.shard.map { "\($0.index)/\($0.count)" }, results: results,
      duration: FileSystem.now() - started)
    report.selection = RunSelection(o, paths: paths)
    report.planned = items.count
    if !o.strict {
      report.emptyFiles = zip(files, collected).compactMap { file, outcome in
        if case .success(let all) = outcome, all.isEmpty { return file }
        return nil
      }
    }
    if let coverageFilter { report.coverage = CoverageReport.make(counted, filter: coverageFilter) }
    report.goldens = goldens(
      paths: paths, files: files, collected: collected, results: results, options: o, strict: ci,
      snapshots: config.snapshots)
    if o.deterministicTimes { report.zeroTimes() }
    if report.isEmptyShard {
      FileSystem.write(fd: 2, "\(progname) test: \(report.header): this shard holds none of them\n")
    } else if indexed.isEmpty {
      FileSystem.write(fd: 2, "\(progname) test: no scenario matched the selection\n")
    }
    if let warnings = plugins?.warnings(), !warnings.isEmpty { FileSystem.write(fd: 2, warnings) }
    watch?.finished(report, files: files, full: full)
    guard Reporters.write(report, o.reporters, progname: progname, plugins: plugins) else { return 2 }
    return report.exitStatus(failOnFlaky: o.failOnFlaky, passWithNoTests: o.passWithNoTests)
  }

  /// The files `--coverage` reports: `.luacov` in the working directory, then the options' patterns.
  static func coverageFilter(_ o: RunnerOptions) throws(RunnerOptions.UsageError) -> CoverageFilter {
    do {
      return try CoverageFilter(
        root: CoverageFilter.workingDirectory, config: ".luacov", include: o.coverageInclude,
        exclude: o.coverageExclude)
    } catch { throw RunnerOptions.UsageError(description: error.description) }
  }

  /// How long a busy worker may stay silent: one item's attempts, each up to its kill deadline.
  static func watchdog(_ config: ExecutionConfig, _ o: RunnerOptions) -> Double? {
    ScenarioFork.killDeadline(config).map { $0 * Double(o.retries + 1) + 5 }
  }

  /// Loads every file once in the workers: its scenarios, or why it failed to load.
  static func collect(_ files: [String], pool: WorkerPool) throws -> [Result<[ScenarioInfo], Failure>] {
    var out = files.map { file -> Result<[ScenarioInfo], Failure> in
      .failure(Failure(kind: .error, message: "\(file): its worker process gave no answer", file: file, line: nil))
    }
    try pool.run(
      files.map { .collect(file: $0) },
      onReply: { (i, reply) throws(WireError) -> Bool in
        guard case .collected(let file, let outcome) = reply, file == files[i] else {
          throw WireError(description: "a reply to collect that is not its list")
        }
        out[i] = outcome
        return true
      },
      onDeath: { i, cause, _ in
        out[i] = .failure(
          Failure(kind: .error, message: "\(files[i]) could not be loaded: \(cause)", file: files[i], line: nil))
        return []
      })
    return out
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
      case .success(let all) where all.isEmpty && o.strict:
        let info = ScenarioInfo(
          file: file, ordinal: 0, name: "(file declares no scenario)", line: 0, first: 0, last: 0, describes: [],
          tags: [])
        items.append(RunItem(scenario: info, repeatIndex: 0, loadFailure: RunWarnings.emptyFileFailure(file)))
      case .success(let all):
        let selected = try Selection.select(all, o, matcher: matcher)
        if (items.count + selected.count).multipliedReportingOverflow(by: o.repeatEach).partialValue
          > TestOptions.maxItems
        {
          throw RunnerOptions.UsageError(
            description: "the selection holds more than \(TestOptions.maxItems) scenario runs"
              + (o.repeatEach > 1 ? " (--repeat-each \(o.repeatEach))" : "") + ": narrow it or shard it")
        }
        for s in selected {
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
