import Foundation
import XCTest

/// Real reports read by real third-party consumers (installed by scripts/bootstrap into
/// .build/report-consumers): tap.py's `tappy` command and `tap.parser`, meson's TAP 14 parser,
/// junitparser. Counts, skips and todos must be what the run did.
final class RunnerConsumerTests: XCTestCase {
  /// Tagged scenarios, a `#` that is no tag, and a failing scenario whose name says "# TODO" (which
  /// a consumer must not take for a TODO directive: that would hide the failure).
  static let suite = #"""
    describe("consumers #ui", function()
      it("passes #quick", function() assert.equal(2, 1 + 1) end)
      pending("is pending #slow")
      it("fails on item # TODO list", function() assert.equal(1, 2) end)
      it("raises #quick", function() error("boom") end)
      pending("waits for C# bindings", function() end)
      it("passes with a \\ backslash", function() end)
    end)
    """#

  func testTAPReadRightByTappyTapParserAndMeson() throws {
    let dir = try SuiteDir(["spec/consumers_spec.lua": Self.suite])
    let r = try dir.test(["--seed", "4", "--reporter", "tap=out/report.tap"])
    XCTAssertEqual(r.status, 1, "\(r)")
    let path = dir.url.appendingPathComponent("out/report.tap").path
    let report = try XCTUnwrap(dir.read("out/report.tap"))
    // Plan first; no `#` in any test point but the SKIP directive's.
    XCTAssertTrue(report.hasPrefix("TAP version 14\n1..6\n"), report)
    for line in report.split(separator: "\n") where line.hasPrefix("ok") || line.hasPrefix("not ok") {
      XCTAssertFalse(line.replacingOccurrences(of: " # SKIP", with: "").contains("#"), String(line))
    }

    // tappy, the command: every line accepted (no "plan must appear at the beginning or end").
    let tappy = try Consumers.run(Consumers.bin("tappy"), [path])
    XCTAssertTrue(tappy.stderr.contains("Ran 6 tests"), "\(tappy)")
    XCTAssertTrue(tappy.stderr.contains("FAILED (failures=2, skipped=2)"), "\(tappy)")
    XCTAssertFalse(tappy.stderr.contains("plan must appear"), "\(tappy)")

    let read = try Consumers.read("tap", path)
    let parser = read["tap.parser"] as! [String: Any]
    XCTAssertEqual(parser["plan"] as? Int, 6)
    let points = parser["points"] as! [[String: Any]]
    XCTAssertEqual(points.map { $0["ok"] as! Bool }, [true, true, false, false, true, true])
    XCTAssertEqual(points.map { $0["skip"] as! Bool }, [false, true, false, false, true, false])
    XCTAssertEqual(points.map { $0["todo"] as! Bool }, [false, false, false, false, false, false])
    XCTAssertEqual(
      points.map { $0["description"] as! String },
      [
        "- spec/consumers_spec.lua:2 consumers passes", "- spec/consumers_spec.lua:3 consumers is pending",
        "- spec/consumers_spec.lua:4 consumers fails on item \u{FF03} TODO list",
        "- spec/consumers_spec.lua:5 consumers raises",
        "- spec/consumers_spec.lua:6 consumers waits for C\u{FF03} bindings",
        "- spec/consumers_spec.lua:7 consumers passes with a \\\\ backslash",
      ])
    // Tags live in the YAML block, where they cut nothing.
    XCTAssertEqual((points[0]["yaml"] as? [String: Any])?["tags"] as? [String], ["ui", "quick"])
    XCTAssertEqual((points[1]["yaml"] as? [String: Any])?["tags"] as? [String], ["ui", "slow"])
    XCTAssertEqual((points[3]["yaml"] as? [String: Any])?["message"] as? String, "spec/consumers_spec.lua:5: boom")
    XCTAssertEqual(parser["unknown"] as? [String], [])

    let meson = read["meson"] as! [String: Any]
    XCTAssertEqual(meson["version"] as? Int, 14)
    XCTAssertEqual(meson["plan"] as? Int, 6)
    XCTAssertEqual(meson["errors"] as? [String], [])
    XCTAssertEqual(meson["unknown"] as? [String], [])
    XCTAssertEqual(
      (meson["points"] as! [[String: Any]]).map { $0["result"] as! String },
      ["OK", "SKIP", "FAIL", "FAIL", "SKIP", "OK"])
  }

  func testJUnitReadRightByJunitparser() throws {
    let dir = try SuiteDir(["spec/consumers_spec.lua": Self.suite, "spec/flaky_spec.lua": Fixtures.flaky])
    let r = try dir.test(["--seed", "4", "--retries", "1", "--reporter", "junit=out/report.xml"])
    XCTAssertEqual(r.status, 1, "\(r)")
    let read = try Consumers.read("junit", dir.url.appendingPathComponent("out/report.xml").path)
    let j = read["junitparser"] as! [String: Any]
    let expected = ["tests": 7, "failures": 1, "errors": 1, "skipped": 2]
    XCTAssertEqual(j["declared"] as? [String: Int], expected)
    XCTAssertEqual(j["counted"] as? [String: Int], expected, "the totals agree with the test cases")
    let cases = j["cases"] as! [[String: Any]]
    func named(_ n: String) -> [String: Any]? { cases.first { $0["name"] as? String == n } }
    XCTAssertEqual(named("consumers #ui fails on item # TODO list")?["result"] as? [String], ["failure"])
    XCTAssertEqual(named("consumers #ui raises #quick")?["result"] as? [String], ["error"])
    XCTAssertEqual(named("consumers #ui is pending #slow")?["result"] as? [String], ["skipped"])
    XCTAssertEqual(named("consumers #ui passes #quick")?["result"] as? [String], [])
    XCTAssertEqual(named("is flaky")?["result"] as? [String], [], "a flaky pass is a pass; its attempt is extra")
    XCTAssertEqual(named("consumers #ui passes #quick")?["classname"] as? String, "spec/consumers_spec.lua:1")
  }
}

/// The report consumers' virtual environment, made by scripts/bootstrap.
enum Consumers {
  static var venv: URL { HostBinary.packageRoot.appendingPathComponent(".build/report-consumers/bin") }
  static func bin(_ name: String) -> String { venv.appendingPathComponent(name).path }
  static var python: String { bin("python3") }

  static func run(_ exe: String, _ args: [String]) throws -> RunResult {
    guard FileManager.default.isExecutableFile(atPath: exe) else {
      throw NSError(
        domain: "Consumers", code: 1,
        userInfo: [NSLocalizedDescriptionKey: "\(exe) is missing: run scripts/bootstrap (scripts/test does)"])
    }
    let p = try RunningProcess(exe, args, env: ProcessInfo.processInfo.environment, cwd: nil)
    p.write(stdin: nil)
    return p.wait(timeout: 60)
  }

  /// What Tests/consumers/read_report.py printed for a `tap` or `junit` report.
  static func read(_ kind: String, _ path: String) throws -> [String: Any] {
    let script = HostBinary.packageRoot.appendingPathComponent("Tests/consumers/read_report.py").path
    let r = try run(python, [script, kind, path])
    guard r.status == 0, let o = try JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any] else {
      throw NSError(domain: "Consumers", code: 2, userInfo: [NSLocalizedDescriptionKey: "read_report.py failed: \(r)"])
    }
    return o
  }
}
