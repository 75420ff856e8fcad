import LuaRuntime
import XCTest

@testable import TantanLua
@testable import TantanTools

/// The options of `tantan-host test` and of the interpreter: declared once (`TestOptions`,
/// `HostInterpreter.options`, `SharedOptions`), parsed as getopt_long parses, bounded, and the
/// help text made from the declarations.
final class RunnerOptionParsingTests: XCTestCase {
  func testShortAndLongFormsParseAsGetoptLongDoes() throws {
    for args in [["-j2"], ["-j", "2"], ["--jobs=2"], ["--jobs", "2"], ["--jo=2"], ["--jobs", "2", "spec"]] {
      XCTAssertEqual(try RunnerOptions.parse(args).jobs, 2, "\(args)")
    }
    let combined = try RunnerOptions.parse(["-lu", "-j3", "spec"])
    XCTAssertTrue(combined.list)
    XCTAssertEqual(combined.updateSnapshots, .all)
    XCTAssertEqual(combined.jobs, 3)
    XCTAssertEqual(combined.paths, ["spec"])
    XCTAssertEqual(try RunnerOptions.parse(["-unew"]).updateSnapshots, .new)
    // As getopt's `u::`: the rest of the word is -u's value, not more flags.
    XCTAssertThrowsError(try RunnerOptions.parse(["-ul"]))
    XCTAssertEqual(try RunnerOptions.parse(["--update-snapshots"]).updateSnapshots, .all)
    XCTAssertEqual(try RunnerOptions.parse(["-tslow,db", "-pfoo"]).tags, ["slow", "db"])
    XCTAssertEqual(try RunnerOptions.parse(["-ojunit=r.xml", "--output=tap"]).reporters.map(\.name), ["junit", "tap"])
    // `--` ends the options; `-` is an operand; options after operands still count (permuting).
    let ended = try RunnerOptions.parse(["a", "--shuffle", "--", "-j2", "--list", "-"])
    XCTAssertEqual(ended.paths, ["a", "-j2", "--list", "-"])
    XCTAssertTrue(ended.shuffle)
    XCTAssertFalse(ended.list)
    XCTAssertEqual(ended.jobs, 1)
  }

  func testGetoptMessages() {
    func message(_ args: [String]) -> String? {
      do {
        _ = try RunnerOptions.parse(args)
        return nil
      } catch { return error.description }
    }
    XCTAssertEqual(message(["--jobs"]), "option '--jobs' requires an argument")
    XCTAssertEqual(message(["-j"]), "option requires an argument -- 'j'")
    XCTAssertEqual(message(["-x"]), "invalid option -- 'x'")
    XCTAssertEqual(message(["-lx"]), "invalid option -- 'x'")
    XCTAssertEqual(message(["--nope=1"]), "unrecognized option '--nope'")
    XCTAssertEqual(message(["--list=yes"]), "option '--list' doesn't allow an argument")
    XCTAssertEqual(message(["--fil", "x"]), "option '--fil' is ambiguous; possibilities: '--filter' '--filter-out'")
    XCTAssertEqual(message(["-j0"]), "bad value for --jobs: integer from 1 to 256 expected, got '0'")
  }

  func testCountsAreBounded() {
    for (args, bound) in [
      (["--repeat-each", "100000000"], "integer from 1 to 10000"), (["--retries", "1000000"], "integer from 0 to 100"),
      (["--jobs", "100000"], "integer from 1 to 256"), (["--explore-runs", "9999999999"], "integer from 1 to 1000000"),
      (["--timeout", "inf"], "seconds >= 0 expected (0 = no limit)"),
      (["--repeat-each", "99999999999999999999999"], "integer from 1 to 10000"),
    ] {
      XCTAssertThrowsError(try RunnerOptions.parse(args), "\(args)") { error in
        XCTAssertTrue("\(error)".contains(bound), "\(args): \(error)")
      }
    }
    XCTAssertEqual(try RunnerOptions.parse(["--repeat-each", "10000"]).repeatEach, 10000)
  }

  func testDefaultsComeFromTheDeclarations() throws {
    let d = try RunnerOptions.parse([])
    for option in TestOptions.all {
      guard let value = option.spec.defaultValue else { continue }
      // Giving the default explicitly changes nothing.
      let explicit = try RunnerOptions.parse(["--\(option.spec.long)=\(value)"])
      XCTAssertEqual("\(explicit)", "\(d)", option.spec.long)
    }
    XCTAssertEqual(d.maxMemory, 134_217_728)
    XCTAssertEqual(d.pattern, "_spec%.lua$")
    XCTAssertEqual(d.traceDir, "tantan-traces")
  }

  func testHelpListsEveryDeclaredOptionAndOnlyThose() throws {
    let usage = RunnerOptions.usage
    for spec in TestOptions.specs where !spec.hidden {
      XCTAssertTrue(usage.contains(spec.synopsis), "--help lacks \(spec.synopsis)")
    }
    // The shared options' help may name the interpreter's own (--trace-file).
    let longs = Set((TestOptions.specs + HostInterpreter.options).flatMap { [$0.long] + $0.aliases })
    let mentioned = usage.matches(of: /--([a-z][a-z-]+)/).map { String($0.1) }
    for name in mentioned { XCTAssertTrue(longs.contains(name), "--help mentions --\(name), not declared") }
    XCTAssertFalse(usage.contains("--skip-plugin"), "a hidden option stays out of --help")
  }

  func testMergeReportsTakesTestsDeclarations() throws {
    let specs = MergeReports.options.map(\.spec)
    XCTAssertEqual(specs.count, MergeReports.sharedNames.count + 1, "every shared name is one of test's options")
    for spec in specs where !spec.hidden {
      XCTAssertTrue(MergeReports.usage.contains(spec.synopsis), spec.long)
      if let mine = TestOptions.specs.first(where: { $0.long == spec.long }) { XCTAssertEqual(mine.help, spec.help) }
    }
    let dir = try SuiteDir()
    XCTAssertEqual(try dir.run(["merge-reports", "-h"]).status, 0)
    let bad = try dir.run(["merge-reports", "--allow-partial=yes", "r.json"])
    XCTAssertEqual(bad.status, 2)
    XCTAssertTrue(bad.stderr.contains("option '--allow-partial' doesn't allow an argument"), bad.stderr)
  }

  func testTheRecordedSelectionIsWrittenWithTheDeclaredNames() throws {
    let o = try RunnerOptions.parse(["-t", "a,b", "--filter", "x y", "--repeat-each=3", "-p", "%.lua$"])
    XCTAssertEqual(
      RunSelection(o, paths: ["spec"]).options, "--filter 'x y' --tags a,b --pattern '%.lua$' --repeat-each 3")
  }

  func testTheInterpreterSharesTheDeclarations() throws {
    for shared in [SharedOptions.seed, SharedOptions.maxMemory, SharedOptions.trace, SharedOptions.sandbox] {
      let host = HostInterpreter.options.first { $0.long == shared.long }
      let test = TestOptions.specs.first { $0.long == shared.long }
      XCTAssertEqual(host?.help, shared.help)
      XCTAssertEqual(test?.help, shared.help)
    }
    func settings(_ args: [String]) throws -> HostInterpreter.Settings {
      let o = try InterpreterOptions.parse(
        ["tantan-host"] + args + ["s.lua"], valued: HostInterpreter.valuedOptions, flags: HostInterpreter.flagOptions)
      return try HostInterpreter.settings(o)
    }
    // 0 means no limit, as in `test`.
    let zero = try settings(["--max-memory", "0", "--max-instructions=0", "--timeout", "0"])
    XCTAssertNil(zero.maxMemory)
    XCTAssertNil(zero.maxInstructions)
    XCTAssertNil(zero.timeout)
    XCTAssertEqual(try settings(["--max-memory", "1000"]).maxMemory, 1000)
    XCTAssertThrowsError(try settings(["--max-memory", "-1"]))
    // --trace MODE, --trace-file FILE; a value that is not a mode is still the file.
    XCTAssertNil(try settings([]).trace)
    XCTAssertNil(try settings(["--trace", "off", "--trace-file", "t.html"]).trace)
    XCTAssertEqual(try settings(["--trace", "on"]).trace, "tantan-trace.html")
    XCTAssertEqual(try settings(["--trace", "on", "--trace-file", "t.html"]).trace, "t.html")
    XCTAssertEqual(try settings(["--trace-file", "t.html"]).trace, "t.html")
    XCTAssertEqual(try settings(["--trace", "old.html"]).trace, "old.html")
    let retain = try settings(["--trace=retain-on-failure", "--trace-file=f.html"])
    XCTAssertEqual(retain.trace, "f.html")
    XCTAssertTrue(retain.traceOnlyFailures)
  }
}
