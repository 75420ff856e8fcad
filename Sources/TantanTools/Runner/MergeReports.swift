import TantanLua

/// `tantan-host merge-reports`: joins the JSON reports of `--shard i/n` runs (a CI matrix) into one
/// report, rendered by any reporters (typically `--reporter junit=report.xml` and the summary).
/// The merged report lists scenarios in suite order, as one unsharded run would.
enum MergeReports {
  /// The options `merge-reports` takes from `test` (same declaration, same meaning), and its own.
  static let sharedNames = [
    "reporter", "plugin", "strict-plugins", "sandbox", "max-instructions", "max-memory", "timeout",
    "deterministic-times", "fail-on-flaky", "pass-with-no-tests", "help",
  ]
  static let allowPartial = OptionSpec(
    long: "allow-partial",
    help: "merge what is there: shards missing, given twice or run with different selections (without it,"
      + " each of these is an error, status 2)")
  static var options: [TestOption] {
    sharedNames.compactMap { name in TestOptions.all.first { $0.spec.long == name } }
      + [TestOption(allowPartial) { o, _ throws(OptionParser.Error) in o.allowPartial = true }]
  }

  static var usage: String {
    """
    usage: tantan-host merge-reports [options] report.json...
    Joins the JSON reports (--reporter json=PATH) of the shards of one suite. Options as in
    'tantan-host test' (the limits and plugins are the plugin reporters').

    """ + OptionSpec.help(options.map(\.spec))
      + "Exit status as 'tantan-host test': 0, 1 a failure or error, 2 bad input, 3 no scenarios.\n"
  }

  static func main(_ args: [String], progname: String = "tantan-host") -> Int32 {
    let options: RunnerOptions
    let inputs: [String]
    do { (options, inputs) = try RunnerOptions.parse(args, options: Self.options) } catch {
      return fail(progname, error.description)
    }
    if options.help {
      FileSystem.write(fd: 1, usage)
      return 0
    }
    guard !inputs.isEmpty else { return fail(progname, "no reports to merge") }
    var reports: [RunReport] = []  // var: --allow-partial drops doubled shards
    for path in inputs {
      let text: String
      switch FileSystem.contents(path, reserve: { (_: Int) throws(Never) in }) {
      case .text(let t): text = t
      case .unreadable: return fail(progname, "cannot read \(path)")
      case .noMemory: return fail(progname, "cannot read \(path): not enough memory")
      }
      do { reports.append(try JSONReporter.decode(text)) } catch { return fail(progname, "\(path): \(error)") }
    }
    var merged: RunReport
    do {
      if options.allowPartial {
        let (kept, dropped) = withoutDoubledShards(reports, inputs)
        for d in dropped { FileSystem.write(fd: 2, "\(progname) merge-reports: \(d)\n") }
        reports = kept
      } else {
        try MergeCheck.complete(reports, names: inputs)
      }
      merged = try merge(reports)
    } catch { return fail(progname, error.description) }
    if options.deterministicTimes { merged.zeroTimes() }
    // Plugins load as in `test` (same discovery, sandbox, limits), seeded with the runs' seed.
    let plugins: TestPlugins?
    do {
      let probed = try PluginProbe.skipCrashing(
        options, seed: merged.seed, progname: progname, command: "merge-reports")
      plugins = try TestPlugins.load(probed, seed: merged.seed, progname: progname, command: "merge-reports")
      try options.checkReporters(plugins: plugins?.reporterNames ?? [])
    } catch let e as RunnerOptions.UsageError {
      return fail(progname, e.description)
    } catch is TestPlugins.StrictFailure {
      return 2  // the plugin's failure is already reported
    } catch { return fail(progname, "\(error)") }
    guard Reporters.write(merged, options.reporters, progname: progname, plugins: plugins) else { return 2 }
    return merged.exitStatus(failOnFlaky: options.failOnFlaky, passWithNoTests: options.passWithNoTests)
  }

  static func fail(_ progname: String, _ message: String) -> Int32 {
    FileSystem.write(fd: 2, "\(progname) merge-reports: \(message)\n")
    return 2
  }

  struct MergeError: Error, CustomStringConvertible { let description: String }

  /// `--allow-partial`: a shard given twice is merged once (the first report given); returns the
  /// reports kept and a note per report left out.
  static func withoutDoubledShards(_ reports: [RunReport], _ names: [String]) -> ([RunReport], [String]) {
    var firstOf: [String: String] = [:]
    var kept: [RunReport] = []
    var notes: [String] = []
    for (r, name) in zip(reports, names) {
      guard let shard = r.shard else {
        kept.append(r)
        continue
      }
      if let first = firstOf[shard] {
        notes.append("\(name) left out: shard \(shard) again (already in \(first))")
        continue
      }
      firstOf[shard] = name
      kept.append(r)
    }
    return (kept, notes)
  }

  static func merge(_ reports: [RunReport]) throws(MergeError) -> RunReport {
    guard let first = reports.first else { throw MergeError(description: "no reports") }
    for r in reports where r.seed != first.seed || r.shuffled != first.shuffled {
      throw MergeError(description: "the reports come from runs with different seeds or shuffle settings")
    }
    var results: [ScenarioResult] = []
    var seen = Set<Int>()
    for r in reports {
      for s in r.results {
        guard seen.insert(s.index).inserted else {
          throw MergeError(
            description:
              "scenario #\(s.index) (\(s.scenario.location)) appears in two reports: the same shard given twice?")
        }
        results.append(s)
      }
    }
    results.sort { $0.index < $1.index }
    // Shards "i/n": complete coverage means every i in 1...n exactly once.
    var shardCounts = Set<Int>()
    var shardIndices: [Int] = []
    var unsharded = 0
    for r in reports {
      guard let s = r.shard else {
        unsharded += 1
        continue
      }
      let parts = s.split(separator: "/")
      if parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) {
        shardIndices.append(i)
        shardCounts.insert(n)
      }
    }
    let fullCoverage =
      (unsharded == 1 && reports.count == 1)
      || (unsharded == 0 && shardCounts.count == 1 && shardIndices.sorted() == Array(1...shardCounts.first!))
    var g = RunReport.Goldens()
    var existing = Set<String>()
    var used = Set<String>()
    var removed = Set<String>()
    for r in reports {
      existing.formUnion(r.goldens.existing)
      used.formUnion(r.goldens.used)
      removed.formUnion(r.goldens.removed)
    }
    g.existing = existing.sorted(by: bytewise)
    g.used = used.sorted(by: bytewise)
    g.removed = removed.sorted(by: bytewise)
    g.complete = reports.allSatisfy(\.goldens.complete)
    g.strict = reports.contains(where: \.goldens.strict)
    g.sharded = !fullCoverage
    let shard =
      fullCoverage
      ? nil
      : "partial: " + shardIndices.sorted().map(String.init).joined(separator: ",")
        + " of \(shardCounts.sorted().map(String.init).joined(separator: ","))"
    var merged = RunReport(
      seed: first.seed, shuffled: first.shuffled, shard: reports.count == 1 ? first.shard : shard,
      results: results, duration: reports.reduce(0) { $0 + $1.duration })
    merged.goldens = g
    merged.emptyFiles = Array(Set(reports.flatMap(\.emptyFiles))).sorted(by: bytewise)
    merged.coverage = CoverageReport.merge(reports.compactMap(\.coverage))
    // What the shards share; a mixed (--allow-partial) merge records no one selection.
    if reports.allSatisfy({ $0.selection == first.selection && $0.planned == first.planned }) {
      merged.selection = first.selection
      merged.planned = first.planned
    }
    return merged
  }
}
