/// The options `tantan-host [options] script`, `tantan-host test` and `tantan-host merge-reports`
/// share, declared once so that each means the same in every command (README, "Options both
/// commands share"). A command may give its own default (`test` limits every scenario).
///
/// - The limits: `0` means no limit everywhere (`--max-memory 0`, `--max-instructions 0`,
///   `--timeout 0`); a script has none by default, a scenario 128 MiB, 10^8 instructions, 10 s.
/// - Traces: `--trace MODE` (on, off, retain-on-failure) says whether; where is `--trace-file`
///   (a script: one trace) or `--trace-dir` (test: one trace per scenario). A script's
///   `--trace FILE` (a value that is not a mode) still means `--trace on --trace-file FILE`.
enum SharedOptions {
  static let seed = OptionSpec(
    long: "seed", argument: .required("N"),
    help: "seed math.random with integer N (test: every scenario, and the --shuffle order)")
  static let maxMemory = OptionSpec(
    long: "max-memory", argument: .required("BYTES"),
    help: "fail with 'not enough memory' past this many bytes (test: per scenario); 0 = no limit")
  static let maxInstructions = OptionSpec(
    long: "max-instructions", argument: .required("N"),
    help: "fail after about N VM instructions, counted per 1000 (test: per scenario); 0 = no limit")
  static let timeout = OptionSpec(
    long: "timeout", argument: .required("SECONDS"),
    help: "fail after SECONDS of wall-clock time (test: per scenario; one stuck in C is killed a little"
      + " later); 0 = no limit")
  static let sandbox = OptionSpec(
    long: "sandbox",
    help: "remove io, os.execute/remove/rename/exit/getenv/tmpname, debug, dofile, loadfile, binary load"
      + " and C modules (test: from every spec file; merge-reports: from the plugins)")
  static let plugin = OptionSpec(
    long: "plugin", argument: .required("DIR"),
    help: "load the plugin in DIR, or every plugin folder in DIR (repeatable; before ./plugins,"
      + " TANTAN_PLUGIN_PATH and ~/.config/tantan/plugins)")
  static let strictPlugins = OptionSpec(
    long: "strict-plugins",
    help: "a plugin that fails to load stops the run (a script: status 1; test, merge-reports: status 2);"
      + " a plugin hook that raises fails the script, or its scenario")
  static let trace = OptionSpec(
    long: "trace", argument: .required("MODE"),
    help: "on, off or retain-on-failure (only a failed script's or scenario's): record every step"
      + " (gestures, calls, clock) as an HTML trace viewer, a script's to --trace-file, each scenario's"
      + " to --trace-dir")

  static let limits = [maxInstructions, maxMemory, timeout]

  /// What `--trace` takes, in every command.
  enum TraceMode: String, Sendable, CaseIterable {
    case off, on
    case retainOnFailure = "retain-on-failure"
  }

  /// A limit: an integer from 0 (no limit, nil) up.
  static func limit(_ name: String, _ v: String) throws(OptionParser.Error) -> Int? {
    guard let n = Int(v), n >= 0 else {
      throw OptionParser.Error.badValue(name, "integer >= 0 expected (0 = no limit), got '\(v)'")
    }
    return n == 0 ? nil : n
  }

  /// `--timeout`: seconds from 0 (no limit, nil) up, finite.
  static func seconds(_ v: String) throws(OptionParser.Error) -> Double? {
    guard let d = Double(v), d.isFinite, d >= 0 else {
      throw OptionParser.Error.badValue("timeout", "seconds >= 0 expected (0 = no limit), got '\(v)'")
    }
    return d == 0 ? nil : d
  }

  /// An integer in `range` (counts: jobs, repetitions, retries; each bounded so that a typo is a
  /// usage error, not a huge allocation).
  static func count(_ name: String, _ v: String, _ range: ClosedRange<Int>) throws(OptionParser.Error) -> Int {
    guard let n = Int(v), range.contains(n) else {
      let expected =
        range.upperBound == Int.max
        ? "integer >= \(range.lowerBound)" : "integer from \(range.lowerBound) to \(range.upperBound)"
      throw OptionParser.Error.badValue(name, "\(expected) expected, got '\(v)'")
    }
    return n
  }

  static func integer(_ name: String, _ v: String) throws(OptionParser.Error) -> Int {
    guard let n = Int(v) else {
      throw OptionParser.Error.badValue(name, "integer expected, got '\(v)'")
    }
    return n
  }
}
