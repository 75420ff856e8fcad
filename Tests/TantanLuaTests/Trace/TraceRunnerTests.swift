import Foundation
import XCTest

@testable import TantanLua
@testable import TantanTools

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// `tantan-host test --trace on|off|retain-on-failure`: one trace per scenario, failures kept,
/// JUnit attachments, stale traces removed, determinism across runs and jobs, bad values.
final class TraceRunnerTests: XCTestCase {
  static let spec = #"""
    describe("deck", function()
      local deck
      before_each(function() deck = tantan.deck{ source = { {title = "A"}, {title = "B"} } } end)
      it("swipes right", function()
        deck:pan(150, 0)
        tantan.clock:settle()
        assert.equal(2, deck.index)
      end)
      it("fails </script> on purpose", function()
        deck:swipe("left")
        tantan.clock:settle()
        assert.equal(1, deck.index)
      end)
    end)

    """#

  func testRetainOnFailureKeepsOnlyTheFailingScenarioAndJUnitAttachesIt() throws {
    let suite = try SuiteDir(["spec/deck_spec.lua": Self.spec])
    try suite.write(
      "tantan-traces/stale.html", "<!DOCTYPE html>\n<meta name=\"generator\" content=\"tantan-host trace\">\n")
    try suite.write("tantan-traces/mine.html", "<p>not a trace</p>\n")
    let r = try suite.test(["--trace", "retain-on-failure", "--reporter", "junit=junit.xml", "--reporter", "default"])
    XCTAssertEqual(r.status, 1, r.description)
    let name = "tantan-traces/deck_spec-L9-fails-script-on-purpose.html"
    XCTAssertTrue(r.stdout.contains("  trace: \(name)\n"), r.stdout)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: suite.url.appendingPathComponent("tantan-traces").path)
        .sorted(),
      ["deck_spec-L9-fails-script-on-purpose.html", "mine.html"])
    let t = try TraceFile(path: suite.url.appendingPathComponent(name).path)
    XCTAssertEqual(t.status, "failed")
    XCTAssertEqual(t.data["title"] as? String, "deck fails </script> on purpose")
    XCTAssertEqual(
      t.titles,
      [
        "tantan.deck{source={…}}", "deck:swipe(\"left\")", "clock:settle()",
        "spec/deck_spec.lua:12: Expected objects to be equal.",
      ])
    let last = try XCTUnwrap(t.steps.last)
    XCTAssertEqual(last["line"] as? Int, 12)
    XCTAssertTrue((last["error"] as? String ?? "").contains("expected: (number) 1\nactual:   (number) 2"))

    // JUnit: the failed testcase's system-out holds the attachment line, as Jenkins and GitLab read it.
    let xml = try XMLDocument(data: Data((suite.read("junit.xml") ?? "").utf8))
    let cases = try xml.nodes(forXPath: "//testcase") as? [XMLElement] ?? []
    XCTAssertEqual(cases.count, 2)
    let failed = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue?.contains("fails") == true })
    let out = try failed.nodes(forXPath: "system-out").first?.stringValue
    XCTAssertEqual(out, "[[ATTACHMENT|\(name)]]\n")
    let passed = try XCTUnwrap(cases.first { $0.attribute(forName: "name")?.stringValue?.contains("swipes") == true })
    XCTAssertTrue(try passed.nodes(forXPath: "system-out").isEmpty)

    // TAP: the failed point's YAML diagnostics list the trace.
    let tap = try suite.test(["--trace", "retain-on-failure", "--reporter", "tap"])
    XCTAssertTrue(tap.stdout.contains("  traces: [\"\(name)\"]\n"), tap.stdout)
  }

  func testShardsRunOneAfterAnotherKeepEachOthersTraces() throws {
    let suite = try SuiteDir(["spec/deck_spec.lua": Self.spec])
    try suite.write(
      "tantan-traces/gone-L1-x.html", "<!DOCTYPE html>\n<meta name=\"generator\" content=\"tantan-host trace\">\n")
    for shard in ["1/2", "2/2"] {
      _ = try suite.test(["--trace", "on", "--shard", shard])
    }
    let dir = suite.url.appendingPathComponent("tantan-traces").path
    // Each shard removed only stale traces of its own scenarios; an unsharded run removes all.
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dir).sorted(),
      ["deck_spec-L4-swipes-right.html", "deck_spec-L9-fails-script-on-purpose.html", "gone-L1-x.html"].sorted())
    _ = try suite.test(["--trace", "on"])
    XCTAssertFalse(try FileManager.default.contentsOfDirectory(atPath: dir).contains("gone-L1-x.html"))
    XCTAssertEqual(ScenarioTraces.scenarioName(ofFile: "a-L3-b-retry2.html"), "a-L3-b")
    XCTAssertEqual(ScenarioTraces.scenarioName(ofFile: "a-L3-retryable.html"), "a-L3-retryable")
  }

  func testOnKeepsEveryScenarioDeterministicallyWhateverTheJobs() throws {
    let suite = try SuiteDir(["spec/deck_spec.lua": Self.spec])
    XCTAssertEqual(try suite.test(["--trace", "on", "--trace-dir", "out/traces", "--seed", "3"]).status, 1)
    let dir = suite.url.appendingPathComponent("out/traces")
    let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
    XCTAssertEqual(names, ["deck_spec-L4-swipes-right.html", "deck_spec-L9-fails-script-on-purpose.html"])
    let first = try names.map { try Data(contentsOf: dir.appendingPathComponent($0)) }
    XCTAssertEqual(try suite.test(["--trace=on", "--trace-dir=out/traces", "--seed", "3", "--jobs", "2"]).status, 1)
    XCTAssertEqual(try names.map { try Data(contentsOf: dir.appendingPathComponent($0)) }, first)
    XCTAssertEqual(try TraceFile(path: dir.appendingPathComponent(names[0]).path).status, "passed")
  }

  func testTraceNamesAreUniqueAndFileSystemSafe() throws {
    let spec = "for i = 1, 2 do it(\"Same name: é/../x\", function() tantan.clock:advance(i) end) end\n"
    let suite = try SuiteDir(["spec/loop_spec.lua": spec])
    XCTAssertEqual(try suite.test(["--trace", "on", "--repeat-each", "2"]).status, 0)
    let names = try FileManager.default.contentsOfDirectory(
      atPath: suite.url.appendingPathComponent("tantan-traces").path)
    XCTAssertEqual(
      names.sorted(),
      [
        "loop_spec-L1-same-name-x-repeat1-2.html", "loop_spec-L1-same-name-x-repeat1.html",
        "loop_spec-L1-same-name-x-repeat2-2.html", "loop_spec-L1-same-name-x-repeat2.html",
      ])
  }

  func testOffWritesNothingAndBadValuesAreUsageErrors() throws {
    let suite = try SuiteDir(["spec/deck_spec.lua": Self.spec])
    XCTAssertEqual(try suite.test([]).status, 1)
    XCTAssertFalse(suite.exists("tantan-traces"))
    let bogus = try suite.test(["--trace", "bogus"])
    XCTAssertEqual(bogus.status, 2)
    XCTAssertTrue(
      bogus.stderr.contains("bad value for --trace: on, off or retain-on-failure expected, got 'bogus'"), bogus.stderr)
    let missing = try suite.test(["--trace"])
    XCTAssertEqual(missing.status, 2)
    XCTAssertTrue(missing.stderr.contains("option '--trace' requires an argument"), missing.stderr)
  }
}
