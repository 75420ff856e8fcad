import TantanLua

/// The command line of `tantan-host test`.
struct RunnerOptions {
  enum SnapshotMode: String, Equatable, Sendable { case none, new, all }

  struct ReporterSpec: Equatable {
    var name: String  // one of `builtInReporters`, or a plugin's
    var path: String?  // nil: stdout
  }

  struct LineSpec: Equatable {
    var file: String
    var line: Int
  }

  var paths: [String] = []
  var lines: [LineSpec] = []
  var filters: [String] = []
  var filtersOut: [String] = []
  var tags: [String] = []
  var excludeTags: [String] = []
  var pattern = "_spec%.lua$"
  var list = false
  var seed: Int?
  var shuffle = false
  var jobs = 1
  var shard: (index: Int, count: Int)?
  var repeatEach = 1
  var retries = 0
  var failOnFlaky = false
  var updateSnapshots: SnapshotMode?
  var reporters: [ReporterSpec] = []
  var maxInstructions: Int? = 100_000_000
  var maxMemory: Int? = 128 << 20
  var timeout: Double? = 10
  var passWithNoTests = false
  var sandbox = false
  var plugins: [String] = []
  var strictPlugins = false
  var deterministicTimes = false
  var trace = ScenarioTraces.Mode.off
  /// `--explore-runs N`: the run count of every explore (passed on as TANTAN_EXPLORE_RUNS).
  var exploreRuns: Int?
  /// `--isolate file|scenario`: what a file's scenarios share (Isolation).
  var isolate = Isolation.file
  var traceDir = "tantan-traces"
  var artifactsDir = "tantan-artifacts"
  var help = false

  /// True when something other than sharding narrowed the suite (unused goldens are then not reported).
  var isFiltered: Bool {
    !lines.isEmpty || !filters.isEmpty || !filtersOut.isEmpty || !tags.isEmpty || !excludeTags.isEmpty
  }

  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  /// The built-in reporters, as listed in messages; `reporterNames` adds their aliases.
  static let builtInReporters = ["default", "tap", "junit", "json", "github"]

  static let reporterNames: [String: String] = [
    "default": "default", "text": "default", "utfTerminal": "default", "plainTerminal": "default",
    "tap": "tap", "TAP": "tap", "junit": "junit", "json": "json", "github": "github",
  ]

  /// Every `--reporter` names a built-in reporter or one of `plugins` (known once plugins loaded).
  func checkReporters(plugins: [String]) throws(UsageError) {
    for spec in reporters where !Set(Self.reporterNames.values).contains(spec.name) && !plugins.contains(spec.name) {
      let fromPlugins = plugins.isEmpty ? "" : "; from plugins: " + plugins.joined(separator: ", ")
      throw UsageError(
        description: "unknown reporter '\(spec.name)' (\(Self.builtInReporters.joined(separator: ", "))\(fromPlugins))")
    }
  }

  static func parse(_ args: [String]) throws(UsageError) -> RunnerOptions {
    var o = RunnerOptions()
    var i = 0
    var onlyPaths = false
    func value(_ name: String, _ inline: String?) throws(UsageError) -> String {
      if let inline { return inline }
      i += 1
      guard i < args.count else { throw UsageError(description: "option '\(name)' needs a value") }
      return args[i]
    }
    func int(_ name: String, _ v: String, min: Int) throws(UsageError) -> Int {
      guard let n = Int(v), n >= min else {
        throw UsageError(description: "bad value for \(name): integer >= \(min) expected, got '\(v)'")
      }
      return n
    }
    func list(_ v: String) -> [String] { v.split(separator: ",").map { String($0) }.filter { !$0.isEmpty } }
    while i < args.count {
      let a = args[i]
      if onlyPaths || !a.hasPrefix("-") || a == "-" {
        try o.addPath(a)
        i += 1
        continue
      }
      if a == "--" {
        onlyPaths = true
        i += 1
        continue
      }
      var name = a
      var inline: String?
      if a.hasPrefix("--"), let eq = a.firstIndex(of: "=") {
        name = String(a[..<eq])
        inline = String(a[a.index(after: eq)...])
      }
      switch name {
      case "-h", "--help": o.help = true
      case "--filter": o.filters.append(try value(name, inline))
      case "--filter-out": o.filtersOut.append(try value(name, inline))
      case "-t", "--tags": o.tags += list(try value(name, inline))
      case "--exclude-tags": o.excludeTags += list(try value(name, inline))
      case "-p", "--pattern": o.pattern = try value(name, inline)
      case "-l", "--list": o.list = true
      case "--seed":
        let v = try value(name, inline)
        guard let n = Int(v) else {
          throw UsageError(description: "bad value for --seed: integer expected, got '\(v)'")
        }
        o.seed = n
      case "--explore-runs": o.exploreRuns = try int(name, try value(name, inline), min: 1)
      case "--isolate":
        let v = try value(name, inline)
        guard let m = Isolation(rawValue: v) else {
          throw UsageError(description: "bad value for --isolate: file or scenario expected, got '\(v)'")
        }
        o.isolate = m
      case "--shuffle": o.shuffle = true
      case "-j", "--jobs": o.jobs = try int(name, try value(name, inline), min: 1)
      case "--shard":
        let v = try value(name, inline)
        let parts = v.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int(parts[0]), let n = Int(parts[1]), n >= 1, x >= 1, x <= n else {
          throw UsageError(description: "bad value for --shard: i/n with 1 <= i <= n expected, got '\(v)'")
        }
        o.shard = (x, n)
      case "--repeat-each": o.repeatEach = try int(name, try value(name, inline), min: 1)
      case "--retries": o.retries = try int(name, try value(name, inline), min: 0)
      case "--fail-on-flaky": o.failOnFlaky = true
      case "-u": o.updateSnapshots = .all
      case "--update-snapshots":
        let v = inline ?? "all"
        guard let m = SnapshotMode(rawValue: v) else {
          throw UsageError(description: "bad value for --update-snapshots: none, new or all expected, got '\(v)'")
        }
        o.updateSnapshots = m
      case "-o", "--output", "--reporter":
        let v = try value(name, inline)
        let (r, path) = v.split(separator: "=", maxSplits: 1).map(String.init).pair
        guard !r.isEmpty else { throw UsageError(description: "empty reporter name") }
        let canonical = reporterNames[r] ?? r  // else a plugin's: checked once plugins are loaded
        if let path, path.isEmpty { throw UsageError(description: "empty path for reporter '\(r)'") }
        o.reporters.append(ReporterSpec(name: canonical, path: path == "-" ? nil : path))
      case "--max-instructions": o.maxInstructions = nonZero(try int(name, try value(name, inline), min: 0))
      case "--max-memory": o.maxMemory = nonZero(try int(name, try value(name, inline), min: 0))
      case "--timeout":
        let v = try value(name, inline)
        guard let d = Double(v), d.isFinite, d >= 0 else {
          throw UsageError(description: "bad value for --timeout: seconds >= 0 expected, got '\(v)'")
        }
        o.timeout = d == 0 ? nil : d
      case "--pass-with-no-tests": o.passWithNoTests = true
      case "--sandbox": o.sandbox = true
      case "--plugin": o.plugins.append(try value(name, inline))
      case "--strict-plugins": o.strictPlugins = true
      case "--deterministic-times": o.deterministicTimes = true
      case "--trace":
        let v = try value(name, inline)
        guard let m = ScenarioTraces.Mode(rawValue: v) else {
          throw UsageError(description: "bad value for --trace: on, off or retain-on-failure expected, got '\(v)'")
        }
        o.trace = m
      case "--trace-dir":
        let v = try value(name, inline)
        guard !v.isEmpty else { throw UsageError(description: "bad value for --trace-dir: a folder expected, got ''") }
        o.traceDir = v
      case "--artifacts-dir":
        let v = try value(name, inline)
        guard !v.isEmpty else {
          throw UsageError(description: "bad value for --artifacts-dir: a folder expected, got ''")
        }
        o.artifactsDir = v
      default: throw UsageError(description: "unrecognized option '\(a)'")
      }
      i += 1
    }
    if o.reporters.isEmpty { o.reporters = [ReporterSpec(name: "default", path: nil)] }
    return o
  }

  private static func nonZero(_ n: Int) -> Int? { n == 0 ? nil : n }

  /// `file.lua:LINE` selects the scenarios at or around that line; other arguments are paths.
  private mutating func addPath(_ a: String) throws(UsageError) {
    if let colon = a.lastIndex(of: ":"), let line = Int(a[a.index(after: colon)...]), line > 0,
      FileSystem.kind(a) == .missing
    {
      let file = String(a[..<colon])
      lines.append(LineSpec(file: file, line: line))
      if !paths.contains(file) { paths.append(file) }
      return
    }
    if !paths.contains(a) { paths.append(a) }
  }

  static let usage = """
    usage: tantan-host test [options] [paths...]
    Runs busted-style scenario files (*_spec.lua): each file loads once in a worker process and its
    scenarios run in order in that state, as busted runs them. Paths are files, folders (searched for --pattern) or file.lua:LINE; default spec/
    or scenarios/. (A script named 'test' runs as: tantan-host ./test)
      --filter PAT           only scenarios whose full name matches the Lua pattern (repeatable)
      --filter-out PAT       skip scenarios whose full name matches (repeatable)
      -t, --tags a,b         only scenarios tagged #a or #b
      --exclude-tags a,b     skip scenarios tagged #a or #b
      -p, --pattern PAT      file name pattern for folders (Lua pattern, default _spec%.lua$)
      -l, --list             list the selected scenarios (file:line: name) and exit
      --seed N               seed math.random in every scenario and the --shuffle order
      --explore-runs N       every explore(name, spec) makes N runs instead of spec.runs (default
                             100; as TANTAN_EXPLORE_RUNS=N, for a nightly job)
      --shuffle              run (and report) the scenarios in a seeded random order
      -j, --jobs N           run N worker processes at a time; reports are the same as serial
      --isolate MODE         file (default): a file's scenarios share its state, as in busted;
                             scenario: each scenario runs in a fork of the loaded file
      --shard i/n            run the i-th of n deterministic slices of the suite
      --repeat-each N        run every scenario N times
      --retries N            retry a failing scenario up to N times (passing on retry = flaky)
      --fail-on-flaky        exit 1 when a scenario was flaky
      --update-snapshots[=none|new|all]  write golden files: none, only missing ones, or all
                             (default new; none when CI=true); -u is --update-snapshots=all
      --reporter NAME[=PATH] default, tap, junit, json, github (GitHub Actions annotations; the
                             job summary to $GITHUB_STEP_SUMMARY) or a plugin's reporter, to
                             stdout or PATH (repeatable; -o NAME)
      --max-instructions N   per-scenario instruction limit (default 100000000; 0 = none)
      --max-memory BYTES     per-scenario memory limit (default 134217728; 0 = none)
      --timeout SECONDS      per-scenario wall-clock limit (default 10; 0 = none; one stuck in C
                             is killed a little later)
      --sandbox              run each file in the interpreter's sandbox (no io, os.execute, debug...)
      --plugin DIR           load the plugin in DIR, or every plugin folder in DIR (repeatable; before
                             ./plugins, TANTAN_PLUGIN_PATH and ~/.config/tantan/plugins)
      --strict-plugins       a plugin that fails to load stops the run (status 2); a plugin hook
                             that raises makes its scenario an error
      --pass-with-no-tests   exit 0 instead of 3 when nothing is selected
      --deterministic-times  report every duration as 0 (for comparing reports)
      --trace MODE           on, off (default) or retain-on-failure: write an HTML trace of every
                             scenario (or of the failed ones) to --trace-dir; JUnit attaches them
      --trace-dir DIR        where traces go (default tantan-traces; stale traces there are removed, a shard's own only)
      --artifacts-dir DIR    where a failed assert.snapshot_svg leaves the reference, the actual
                             picture and a diff page (default tantan-artifacts); JUnit attaches them
    Exit status: 0 all passed, 1 a failure or error, 2 usage or configuration error, 3 nothing selected.

    """
}

extension Array where Element == String {
  fileprivate var pair: (String, String?) { (first ?? "", count > 1 ? self[1] : nil) }
}
