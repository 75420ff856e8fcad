/// An option of `tantan-host test`: its declaration, what it does to `RunnerOptions`, and (for the
/// options that select scenarios) the values a report records for it.
struct TestOption: Sendable {
  typealias Apply = @Sendable (inout RunnerOptions, String?) throws(OptionParser.Error) -> Void
  let spec: OptionSpec
  let apply: Apply
  /// The option's values in a recorded selection, each as it is given on a command line.
  var recorded: (@Sendable (RunSelection) -> [String])? = nil

  init(_ spec: OptionSpec, _ apply: @escaping Apply) { self.init(spec, recorded: nil, apply: apply) }

  init(_ spec: OptionSpec, recorded: (@Sendable (RunSelection) -> [String])?, apply: @escaping Apply) {
    self.spec = spec
    self.recorded = recorded
    self.apply = apply
  }
}

/// Every option of `tantan-host test`, in `--help` order: the one declaration parsing, `--help`
/// and `RunSelection` read.
enum TestOptions {
  static func list(_ v: String?) -> [String] {
    (v ?? "").split(separator: ",").map { String($0) }.filter { !$0.isEmpty }
  }

  /// `--jobs`, `--repeat-each` and `--retries` are bounded: a typo is a usage error (status 2),
  /// not an allocation of the typo's size (`--repeat-each 100000000` once asked for 28 GB).
  static let maxJobs = 256
  static let maxRepeatEach = 10_000
  static let maxRetries = 100
  static let maxExploreRuns = 1_000_000
  /// Run items (selected scenarios times `--repeat-each`) one run may hold.
  static let maxItems = 1_000_000

  static let all: [TestOption] = [
    TestOption(
      OptionSpec(
        long: "filter", argument: .required("PAT"),
        help: "only scenarios whose full name matches the Lua pattern (repeatable)"),
      recorded: { $0.filters },
      apply: { o, v throws(OptionParser.Error) in o.filters.append(v ?? "") }
    ),
    TestOption(
      OptionSpec(
        long: "filter-out", argument: .required("PAT"), help: "skip scenarios whose full name matches (repeatable)"),
      recorded: { $0.filtersOut },
      apply: { o, v throws(OptionParser.Error) in o.filtersOut.append(v ?? "") }
    ),
    TestOption(
      OptionSpec(long: "tags", short: "t", argument: .required("a,b"), help: "only scenarios tagged #a or #b"),
      recorded: { $0.tags.isEmpty ? [] : [$0.tags.joined(separator: ",")] },
      apply: { o, v throws(OptionParser.Error) in o.tags += list(v) }
    ),
    TestOption(
      OptionSpec(long: "exclude-tags", argument: .required("a,b"), help: "skip scenarios tagged #a or #b"),
      recorded: { $0.excludeTags.isEmpty ? [] : [$0.excludeTags.joined(separator: ",")] },
      apply: { o, v throws(OptionParser.Error) in o.excludeTags += list(v) }
    ),
    TestOption(
      OptionSpec(
        long: "pattern", short: "p", argument: .required("PAT"), defaultValue: "_spec%.lua$",
        help: "file name pattern for folders (Lua pattern)"),
      recorded: { $0.pattern == RunnerOptions.defaults.pattern ? [] : [$0.pattern] },
      apply: { o, v throws(OptionParser.Error) in o.pattern = v ?? "" }
    ),
    TestOption(
      OptionSpec(long: "list", short: "l", help: "list the selected scenarios (file:line: name) and exit")
    ) { o, _ throws(OptionParser.Error) in o.list = true },
    TestOption(SharedOptions.seed) { o, v throws(OptionParser.Error) in
      o.seed = try SharedOptions.integer("seed", v ?? "")
    },
    TestOption(
      OptionSpec(
        long: "explore-runs", argument: .required("N"),
        help: "every explore(name, spec) makes N runs instead of spec.runs (default 100), for a nightly job")
    ) { o, v throws(OptionParser.Error) in
      o.exploreRuns = try SharedOptions.count("explore-runs", v ?? "", 1...maxExploreRuns)
    },
    TestOption(
      OptionSpec(
        long: "isolate", argument: .required("MODE"), defaultValue: "file",
        help: "file: a file's scenarios share its state, as in busted; scenario: each scenario runs in a fork of"
          + " the loaded file")
    ) { o, v throws(OptionParser.Error) in
      guard let m = Isolation(rawValue: v ?? "") else {
        throw OptionParser.Error.badValue("isolate", "file or scenario expected, got '\(v ?? "")'")
      }
      o.isolate = m
    },
    TestOption(OptionSpec(long: "shuffle", help: "run (and report) the scenarios in a seeded random order")) {
      o, _ throws(OptionParser.Error) in o.shuffle = true
    },
    TestOption(
      OptionSpec(
        long: "jobs", short: "j", argument: .required("N"), defaultValue: "1",
        help: "run N worker processes at a time (at most \(maxJobs)); reports are the same as serial")
    ) { o, v throws(OptionParser.Error) in o.jobs = try SharedOptions.count("jobs", v ?? "", 1...maxJobs) },
    TestOption(
      OptionSpec(
        long: "shard", argument: .required("i/n"),
        help: "run the i-th of n deterministic slices of the suite (an empty slice passes)")
    ) { o, v throws(OptionParser.Error) in
      let v = v ?? ""
      let parts = v.split(separator: "/", omittingEmptySubsequences: false)
      guard parts.count == 2, let x = Int(parts[0]), let n = Int(parts[1]), n >= 1, x >= 1, x <= n else {
        throw OptionParser.Error(description: "bad value for --shard: i/n with 1 <= i <= n expected, got '\(v)'")
      }
      o.shard = (x, n)
    },
    TestOption(
      OptionSpec(
        long: "repeat-each", argument: .required("N"), defaultValue: "1",
        help: "run every scenario N times (at most \(maxRepeatEach))"),
      recorded: { $0.repeatEach > 1 ? [String($0.repeatEach)] : [] },
      apply: { o, v throws(OptionParser.Error) in
        o.repeatEach = try SharedOptions.count("repeat-each", v ?? "", 1...maxRepeatEach)
      }
    ),
    TestOption(
      OptionSpec(
        long: "retries", argument: .required("N"), defaultValue: "0",
        help: "retry a failing scenario up to N times (at most \(maxRetries); passing on retry = flaky)")
    ) { o, v throws(OptionParser.Error) in o.retries = try SharedOptions.count("retries", v ?? "", 0...maxRetries) },
    TestOption(OptionSpec(long: "fail-on-flaky", help: "exit 1 when a scenario was flaky")) {
      o, _ throws(OptionParser.Error) in o.failOnFlaky = true
    },
    TestOption(
      OptionSpec(
        long: "strict",
        help: "a scenario that made no assertion, a spec file that declares no scenario, and a timer or"
          + " animation still pending when a scenario ends are failures (without it, they are named in the"
          + " summary and the reports)")
    ) { o, _ throws(OptionParser.Error) in o.strict = true },
    TestOption(
      OptionSpec(
        long: "update-snapshots", short: "u", argument: .optional("none|new|all"),
        help: "write golden files: none, only missing ones, or all (the option alone: all; without it: new,"
          + " none when CI=true)")
    ) { o, v throws(OptionParser.Error) in
      let v = v ?? "all"
      guard let m = RunnerOptions.SnapshotMode(rawValue: v) else {
        throw OptionParser.Error(description: "bad value for --update-snapshots: none, new or all expected, got '\(v)'")
      }
      o.updateSnapshots = m
    },
    TestOption(
      OptionSpec(
        long: "reporter", short: "o", argument: .required("NAME[=PATH]"),
        help: "default, tap, junit, json, github (GitHub Actions annotations; the job summary to"
          + " $GITHUB_STEP_SUMMARY), lcov, cobertura (coverage; they imply --coverage) or a plugin's reporter,"
          + " to stdout or PATH (repeatable; default: default)",
        aliases: ["output"])
    ) { o, v throws(OptionParser.Error) in try o.addReporter(v ?? "") },
    TestOption(SharedOptions.maxInstructions.with(default: "100000000")) { o, v throws(OptionParser.Error) in
      o.maxInstructions = try SharedOptions.limit("max-instructions", v ?? "")
    },
    TestOption(SharedOptions.maxMemory.with(default: "134217728")) { o, v throws(OptionParser.Error) in
      o.maxMemory = try SharedOptions.limit("max-memory", v ?? "")
    },
    TestOption(SharedOptions.timeout.with(default: "10")) { o, v throws(OptionParser.Error) in
      o.timeout = try SharedOptions.seconds(v ?? "")
    },
    TestOption(SharedOptions.sandbox) { o, _ throws(OptionParser.Error) in o.sandbox = true },
    TestOption(SharedOptions.plugin) { o, v throws(OptionParser.Error) in o.plugins.append(v ?? "") },
    TestOption(SharedOptions.strictPlugins) { o, _ throws(OptionParser.Error) in o.strictPlugins = true },
    TestOption(
      OptionSpec(
        long: "coverage",
        help: "count the lines of the project's Lua files the scenarios run; the default output ends with a"
          + " table (file, lines, hit, percent, missed)")
    ) { o, _ throws(OptionParser.Error) in o.coverage = true },
    TestOption(
      OptionSpec(
        long: "coverage-include", argument: .required("PAT"),
        help: "report the files matching this Lua pattern (luacov's include: the path without .lua;"
          + " repeatable; after .luacov's own)")
    ) { o, v throws(OptionParser.Error) in o.coverageInclude.append(v ?? "") },
    TestOption(
      OptionSpec(
        long: "coverage-exclude", argument: .required("PAT"),
        help: "leave out the files matching this Lua pattern (luacov's exclude; repeatable)")
    ) { o, v throws(OptionParser.Error) in o.coverageExclude.append(v ?? "") },
    TestOption(
      OptionSpec(
        long: "watch",
        help: "after the run, rerun the spec files a save affects (a spec file, or a file its state loaded),"
          + " clearing the screen; Enter reruns all, f the failures, q quits (TANTAN_WATCH_POLL=1 polls;"
          + " refused when CI=true)")
    ) { o, _ throws(OptionParser.Error) in o.watch = true },
    TestOption(OptionSpec(long: "pass-with-no-tests", help: "exit 0 instead of 3 when nothing is selected")) {
      o, _ throws(OptionParser.Error) in o.passWithNoTests = true
    },
    TestOption(OptionSpec(long: "deterministic-times", help: "report every duration as 0 (for comparing reports)")) {
      o, _ throws(OptionParser.Error) in o.deterministicTimes = true
    },
    TestOption(SharedOptions.trace.with(default: "off")) { o, v throws(OptionParser.Error) in
      let v = v ?? ""
      guard let m = ScenarioTraces.Mode(rawValue: v) else {
        throw OptionParser.Error(
          description: "bad value for --trace: on, off or retain-on-failure expected, got '\(v)'")
      }
      o.trace = m
    },
    TestOption(
      OptionSpec(
        long: "trace-dir", argument: .required("DIR"), defaultValue: "tantan-traces",
        help: "where scenario traces go (stale traces there are removed, a shard's own only); JUnit attaches them")
    ) { o, v throws(OptionParser.Error) in o.traceDir = try nonEmpty("trace-dir", v) },
    TestOption(
      OptionSpec(
        long: "artifacts-dir", argument: .required("DIR"), defaultValue: "tantan-artifacts",
        help: "where a failed assert.snapshot_svg leaves the reference, the actual picture and a diff page;"
          + " JUnit attaches them")
    ) { o, v throws(OptionParser.Error) in o.artifactsDir = try nonEmpty("artifacts-dir", v) },
    TestOption(
      OptionSpec(
        long: "skip-plugin", argument: .required("DIR"),
        help: "(from the runner to its workers) a plugin that crashed its probe", hidden: true)
    ) { o, v throws(OptionParser.Error) in o.skippedPlugins.append(v ?? "") },
    TestOption(OptionSpec(long: "help", short: "h", help: "show this help and exit")) {
      o, _ throws(OptionParser.Error) in o.help = true
    },
  ]

  static func nonEmpty(_ name: String, _ v: String?) throws(OptionParser.Error) -> String {
    guard let v, !v.isEmpty else {
      throw OptionParser.Error(description: "bad value for --\(name): a folder expected, got ''")
    }
    return v
  }

  static var specs: [OptionSpec] { all.map(\.spec) }

  static let usage = """
    usage: tantan-host test [options] [paths...]
    Runs busted-style scenario files (*_spec.lua): each file loads once in a worker process and its
    scenarios run in order in that state, as busted runs them. Paths are files, folders (searched
    for --pattern) or file.lua:LINE; default spec/ or scenarios/. Options parse as getopt_long's: -j2,
    -j 2, --jobs=2, --jobs 2; short flags combine (-lu); -- ends the options. (A script named 'test'
    runs as: tantan-host ./test)

    """ + OptionSpec.help(specs)
    + "Exit status: 0 all passed, 1 a failure or error, 2 usage or configuration error, 3 nothing selected.\n"
}

extension OptionSpec {
  /// The same option with a command's own default.
  func with(default value: String) -> OptionSpec {
    var s = self
    s.defaultValue = value
    return s
  }
}
