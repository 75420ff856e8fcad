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
  // The values options set; `parse` starts from the declared defaults (`TestOptions.all`).
  var pattern = ""
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
  var maxInstructions: Int?
  var maxMemory: Int?
  var timeout: Double?
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
  var traceDir = ""
  var artifactsDir = ""
  /// `--strict`: scenarios without assertions, files without scenarios and pending timers fail.
  var strict = false
  /// Plugin folders the runner's probe saw crash at load (passed to workers, hidden).
  var skippedPlugins: [String] = []
  /// `--coverage` (or a coverage reporter): count the lines run; luacov's include/exclude patterns.
  var coverage = false
  var coverageInclude: [String] = []
  var coverageExclude: [String] = []
  /// `--watch`: rerun what a save affects until `q` (WatchCommand).
  var watch = false
  var help = false
  /// `merge-reports --allow-partial`.
  var allowPartial = false

  /// True when something other than sharding narrowed the suite (unused goldens are then not reported).
  var isFiltered: Bool {
    !lines.isEmpty || !filters.isEmpty || !filtersOut.isEmpty || !tags.isEmpty || !excludeTags.isEmpty
  }

  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  /// The built-in reporters, as listed in messages; `reporterNames` adds their aliases.
  static let builtInReporters = ["default", "tap", "junit", "json", "github", "lcov", "cobertura"]

  static let reporterNames: [String: String] = [
    "default": "default", "text": "default", "utfTerminal": "default", "plainTerminal": "default",
    "tap": "tap", "TAP": "tap", "junit": "junit", "json": "json", "github": "github", "lcov": "lcov",
    "cobertura": "cobertura",
  ]

  /// Every `--reporter` names a built-in reporter or one of `plugins` (known once plugins loaded).
  func checkReporters(plugins: [String]) throws(UsageError) {
    for spec in reporters where !Set(Self.reporterNames.values).contains(spec.name) && !plugins.contains(spec.name) {
      let fromPlugins = plugins.isEmpty ? "" : "; from plugins: " + plugins.joined(separator: ", ")
      throw UsageError(
        description: "unknown reporter '\(spec.name)' (\(Self.builtInReporters.joined(separator: ", "))\(fromPlugins))")
    }
  }

  /// The command line, by the declarations in `TestOptions.all` (getopt_long's rules): their
  /// defaults first, then each option given, in order.
  static func parse(_ args: [String]) throws(UsageError) -> RunnerOptions {
    var (o, operands) = try parse(args, options: TestOptions.all)
    do {
      for a in operands { try o.addPath(a) }
    } catch {
      throw UsageError(description: error.description)
    }
    return o
  }

  /// The options of `table` (a command's, `test`'s or `merge-reports`'s), and the operands.
  static func parse(_ args: [String], options table: [TestOption]) throws(UsageError) -> (RunnerOptions, [String]) {
    var o = RunnerOptions()
    let parsed: OptionParser.Result
    do {
      parsed = try OptionParser.parse(args, table.map(\.spec))
      for option in table { if let d = option.spec.defaultValue { try option.apply(&o, d) } }
      for occurrence in parsed.occurrences { try table[occurrence.option].apply(&o, occurrence.value) }
    } catch {
      throw UsageError(description: error.description)
    }
    if o.reporters.isEmpty { o.reporters = [ReporterSpec(name: "default", path: nil)] }
    return (o, parsed.operands)
  }

  /// What every option means when it is not given.
  static let defaults = (try? parse([])) ?? RunnerOptions()

  /// `--reporter NAME[=PATH]`.
  mutating func addReporter(_ v: String) throws(OptionParser.Error) {
    let (r, path) = v.split(separator: "=", maxSplits: 1).map(String.init).pair
    guard !r.isEmpty else { throw OptionParser.Error(description: "empty reporter name") }
    let canonical = Self.reporterNames[r] ?? r  // else a plugin's: checked once plugins are loaded
    if let path, path.isEmpty { throw OptionParser.Error(description: "empty path for reporter '\(r)'") }
    reporters.append(ReporterSpec(name: canonical, path: path == "-" ? nil : path))
    if canonical == "lcov" || canonical == "cobertura" { coverage = true }
  }

  /// `file.lua:LINE` selects the scenarios at or around that line; other arguments are paths.
  private mutating func addPath(_ a: String) throws(OptionParser.Error) {
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

  static var usage: String { TestOptions.usage }
}

extension Array where Element == String {
  fileprivate var pair: (String, String?) { (first ?? "", count > 1 ? self[1] : nil) }
}
