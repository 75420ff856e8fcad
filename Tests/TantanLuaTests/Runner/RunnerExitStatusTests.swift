import XCTest

/// Every exit status of `tantan-host test` and `merge-reports`, through the binary.
final class RunnerExitStatusTests: XCTestCase {
  func testZeroWhenEverythingPasses() throws {
    let dir = try SuiteDir(["spec/ok_spec.lua": #"it("passes", function() assert.truthy(true) end)"#])
    let r = try dir.test([])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("1 scenario: 1 passed, 0 failed, 0 errors, 0 pending"), r.stdout)
  }

  func testPendingAloneStillPasses() throws {
    let dir = try SuiteDir(["spec/p_spec.lua": #"pending("later") it("without a body")"#])
    XCTAssertEqual(try dir.test([]).status, 0)
  }

  func testOneOnAFailureOrAnError() throws {
    let dir = try SuiteDir([
      "spec/fail_spec.lua": #"it("fails", function() assert.equal(1, 2) end)"#,
      "spec/error_spec.lua": #"it("errors", function() error("boom") end)"#,
    ])
    XCTAssertEqual(try dir.test(["spec/fail_spec.lua"]).status, 1)
    XCTAssertEqual(try dir.test(["spec/error_spec.lua"]).status, 1)
  }

  func testOneWhenAFileFailsToLoad() throws {
    let dir = try SuiteDir([
      "spec/syntax_spec.lua": "it('x', function() end",
      "spec/top_spec.lua": #"error("at the top of the file")"#,
      "spec/ok_spec.lua": #"it("passes", function() end)"#,
    ])
    let r = try dir.test(["--reporter", "json"])
    XCTAssertEqual(r.status, 1)
    let scenarios = try json(r.stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(scenarios.map { $0["status"] as! String }, ["passed", "error", "error"])
    XCTAssertTrue(
      (scenarios[1]["failure"] as! [String: Any])["message"].debugDescription.contains("syntax_spec.lua:1:"))
    XCTAssertTrue(
      (scenarios[2]["failure"] as! [String: Any])["message"].debugDescription.contains("at the top of the file"))
  }

  func testTwoOnUsageAndConfigurationErrors() throws {
    let dir = try SuiteDir(["spec/ok_spec.lua": #"it("passes", function() end)"#])
    for args in [
      ["--no-such-option"], ["--jobs", "0"], ["--jobs"], ["--shard", "3/2"], ["--shard", "x"],
      ["--update-snapshots=sometimes"], ["--reporter", "xml"], ["missing_folder"], ["--filter", "[unclosed"],
      ["--pattern", "%"], ["--seed", "abc"], ["--retries", "-1"],
    ] {
      let r = try dir.test(args)
      XCTAssertEqual(r.status, 2, "\(args): \(r.stdout) \(r.stderr)")
      XCTAssertTrue(r.stderr.contains("tantan-host test:") || r.stderr.contains("test:"), r.stderr)
    }
    let noFolder = try SuiteDir()
    XCTAssertEqual(try noFolder.test([]).status, 2, "no spec/ or scenarios/ and no paths")
  }

  func testTwoWhenAReportCannotBeWritten() throws {
    let dir = try SuiteDir(["spec/ok_spec.lua": #"it("passes", function() end)"#, "blocker": "a file"])
    XCTAssertEqual(try dir.test(["--reporter", "junit=blocker/report.xml"]).status, 2)
  }

  func testThreeWhenNothingIsSelectedUnlessPassWithNoTests() throws {
    let dir = try SuiteDir(["spec/ok_spec.lua": #"it("passes #fast", function() end)"#, "empty/readme.txt": "nothing"])
    let r = try dir.test(["--filter", "no such scenario"])
    XCTAssertEqual(r.status, 3)
    XCTAssertTrue(r.stderr.contains("no scenario matched"), r.stderr)
    XCTAssertEqual(try dir.test(["--tags", "slow"]).status, 3)
    XCTAssertEqual(try dir.test(["empty"]).status, 3)
    XCTAssertEqual(try dir.test(["--list", "--filter", "nope"]).status, 3)
    XCTAssertEqual(try dir.test(["--filter", "no such scenario", "--pass-with-no-tests"]).status, 0)
    XCTAssertEqual(try dir.test(["--exclude-tags", "fast", "--pass-with-no-tests"]).status, 0)
  }

  func testHelpAndSubcommandPrecedence() throws {
    let dir = try SuiteDir(["test": #"print("the script named test")"#])
    let help = try dir.test(["--help"])
    XCTAssertEqual(help.status, 0)
    XCTAssertTrue(help.stdout.contains("usage: tantan-host test"))
    let script = try dir.run(["./test"])
    XCTAssertEqual(script.stdout, "the script named test\n")
  }

  func testMergeReportsStatuses() throws {
    let dir = try SuiteDir(["spec/a_spec.lua": Fixtures.mixed])
    XCTAssertEqual(try dir.test(["--reporter", "json=all.json", "--filter", "passes"]).status, 0)
    XCTAssertEqual(try dir.run(["merge-reports", "all.json"]).status, 0)
    XCTAssertEqual(try dir.test(["--reporter", "json=fail.json"]).status, 1)
    XCTAssertEqual(try dir.run(["merge-reports", "fail.json"]).status, 1)
    XCTAssertEqual(try dir.run(["merge-reports", "missing.json"]).status, 2)
    XCTAssertEqual(try dir.run(["merge-reports", "spec/a_spec.lua"]).status, 2)
    XCTAssertEqual(try dir.run(["merge-reports", "fail.json", "fail.json"]).status, 2, "the same shard twice")
    XCTAssertEqual(try dir.test(["--reporter", "json=none.json", "--filter", "zzz", "--pass-with-no-tests"]).status, 0)
    XCTAssertEqual(try dir.run(["merge-reports", "none.json"]).status, 3)
    XCTAssertEqual(try dir.run(["merge-reports", "none.json", "--pass-with-no-tests"]).status, 0)
  }
}
