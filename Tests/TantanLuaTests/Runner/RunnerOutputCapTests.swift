import XCTest

/// Captured output is capped per scenario (issue 21 point 3): a scenario printing 600 MB made a
/// 600 MB JUnit file (2.4 GB resident, 135 s). The report keeps the first MiB and a marker.
final class RunnerOutputCapTests: XCTestCase {
  func testAScenarioPrintingWithoutEndIsCutWithAMarker() throws {
    let dir = try SuiteDir([
      "spec/print_spec.lua": """
      it("prints 30 MB", function()
        local s = ("x"):rep(1000000)
        for i = 1, 30 do print(s) end
      end)
      it("prints a line", function() print("é and the rest") end)
      """
    ])
    let r = try dir.test(["--reporter", "junit=report.xml", "--reporter", "json"], timeout: 120)
    XCTAssertEqual(r.status, 0, r.stderr)
    let xml = try XCTUnwrap(dir.read("report.xml"))
    XCTAssertLessThan(xml.utf8.count, 1_100_000)
    XCTAssertTrue(
      xml.contains("[tantan-host: output cut here, 28951454 more bytes not kept (at most 1048576 per scenario)]"),
      String(xml.suffix(400)))
    let scenarios = try json(r.stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(scenarios[1]["output"] as? String, "é and the rest\n")
  }
}
