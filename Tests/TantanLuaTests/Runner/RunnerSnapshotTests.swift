import XCTest

/// Golden files: format, `--update-snapshots=none|new|all`, the CI default, `.new` files on a
/// mismatch, and unused goldens (reported; failing under CI; not when a filter or failure hid them).
final class RunnerSnapshotTests: XCTestCase {
  static let spec = #"""
    describe("deck", function()
      it("renders #snap", function()
        assert.snapshot("cards", { top = VALUE, cards = { "a", "b\n" }, [3] = 1.5, ["odd key"] = true })
      end)
      it("prints text #snap", function() assert.snapshot("text", "line 1\nline 2") end)
    end)
    """#

  func suite(_ value: String = "1") throws -> SuiteDir {
    try SuiteDir(["spec/deck_spec.lua": Self.spec.replacingOccurrences(of: "VALUE", with: value)])
  }

  let cards = "spec/__snapshots__/deck_spec/cards.snap"
  let text = "spec/__snapshots__/deck_spec/text.snap"

  func testNewIsTheLocalDefaultAndWritesAStableFormat() throws {
    let dir = try suite()
    let r = try dir.test([])
    XCTAssertEqual(r.status, 0, r.stdout)
    XCTAssertEqual(
      dir.read(cards),
      """
      -- tantan snapshot v1
      -- kind: value
      {
        [3] = 1.5,
        cards = {
          "a",
          "b\\n",
        },
        ["odd key"] = true,
        top = 1,
      }

      """)
    XCTAssertEqual(dir.read(text), "-- tantan snapshot v1\n-- kind: text\nline 1\nline 2\n")
    XCTAssertEqual(try dir.test([]).status, 0, "matches on the next run")
  }

  func testMismatchFailsAndWritesNewBesideTheGolden() throws {
    let dir = try suite()
    XCTAssertEqual(try dir.test([]).status, 0)
    try dir.write("spec/deck_spec.lua", Self.spec.replacingOccurrences(of: "VALUE", with: "2"))
    let r = try dir.test(["--reporter", "tap"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stdout.contains("-  top = 1,") && r.stdout.contains("+  top = 2,"), r.stdout)
    XCTAssertTrue(dir.read(cards)!.contains("top = 1,"), "golden unchanged")
    XCTAssertTrue(dir.read(cards + ".new")!.contains("top = 2,"))
    let point = try TAPDocument.parse(r.stdout).points[0]
    XCTAssertEqual((point.yaml["at"] as? [String: Any])?["line"] as? Int, 3)
    XCTAssertTrue((point.yaml["found"] as? String)?.contains("top = 2") ?? false)
    XCTAssertTrue((point.yaml["wanted"] as? String)?.contains("top = 1") ?? false)
    // new does not overwrite a mismatching golden; all does, and removes the .new file.
    XCTAssertEqual(try dir.test(["--update-snapshots=new"]).status, 1)
    XCTAssertEqual(try dir.test(["--update-snapshots=all"]).status, 0)
    XCTAssertTrue(dir.read(cards)!.contains("top = 2,"))
    XCTAssertFalse(dir.exists(cards + ".new"))
  }

  func testNoneAndCIFailOnAMissingGolden() throws {
    let dir = try suite()
    let r = try dir.test(["--update-snapshots=none"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stdout.contains("has no golden file spec/__snapshots__/deck_spec/cards.snap"), r.stdout)
    XCTAssertFalse(dir.exists(cards))
    XCTAssertEqual(try dir.test([], env: ["CI": "true"]).status, 1, "CI=true defaults to none")
    XCTAssertFalse(dir.exists(cards))
    XCTAssertEqual(try dir.test(["--update-snapshots=new"], env: ["CI": "true"]).status, 0, "an explicit mode wins")
    XCTAssertTrue(dir.exists(cards))
  }

  func testUnusedGoldensAreReportedAndFailUnderCI() throws {
    let dir = try suite()
    XCTAssertEqual(try dir.test([]).status, 0)
    try dir.write("spec/__snapshots__/deck_spec/old.snap", "-- tantan snapshot v1\n-- kind: text\nold\n")
    let local = try dir.test([])
    XCTAssertEqual(local.status, 0)
    XCTAssertTrue(local.stdout.contains("UNUSED golden spec/__snapshots__/deck_spec/old.snap"), local.stdout)
    let ci = try dir.test(["--reporter", "junit=r.xml"], env: ["CI": "true"])
    XCTAssertEqual(ci.status, 1)
    let root = try JUnitDocument.parse(dir.read("r.xml")!)
    XCTAssertTrue(
      root.testcases.contains {
        $0.attributes["name"] == "spec/__snapshots__/deck_spec/old.snap" && $0.first("failure") != nil
      })
    // A filter, or a failing scenario, may hide a use: no report then.
    let filtered = try dir.test(["--filter", "renders"], env: ["CI": "true"])
    XCTAssertEqual(filtered.status, 0, filtered.stdout)
    XCTAssertFalse(filtered.stdout.contains("UNUSED"))
    XCTAssertEqual(try dir.test(["--tags", "snap"], env: ["CI": "true"]).status, 0)
    try dir.write("spec/other_spec.lua", #"it("fails", function() error("x") end)"#)
    let failing = try dir.test([], env: ["CI": "true"])
    XCTAssertFalse(failing.stdout.contains("UNUSED"), failing.stdout)
    dir.remove("spec/other_spec.lua")
    // --update-snapshots=all on a complete run removes it.
    let all = try dir.test(["--update-snapshots=all"])
    XCTAssertEqual(all.status, 0)
    XCTAssertTrue(all.stdout.contains("removed unused golden spec/__snapshots__/deck_spec/old.snap"), all.stdout)
    XCTAssertFalse(dir.exists("spec/__snapshots__/deck_spec/old.snap"))
    XCTAssertEqual(try dir.test([], env: ["CI": "true"]).status, 0)
  }

  func testGoldensOfADeletedScenarioFileAreUnused() throws {
    let dir = try suite()
    XCTAssertEqual(try dir.test([]).status, 0)
    try dir.write("spec/__snapshots__/gone_spec/old.snap", "x")
    try dir.write("spec/kept.lua", "-- not a spec file, but its goldens have a file")
    try dir.write("spec/__snapshots__/kept/k.snap", "x")
    let r = try dir.test([], env: ["CI": "true"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stdout.contains("UNUSED golden spec/__snapshots__/gone_spec/old.snap"), r.stdout)
    XCTAssertFalse(r.stdout.contains("kept"), r.stdout)
    XCTAssertEqual(try dir.test(["spec/deck_spec.lua"], env: ["CI": "true"]).status, 0, "only the folders searched")
  }

  func testShardsReportUnusedGoldensOnlyWhenMerged() throws {
    let dir = try suite()
    XCTAssertEqual(try dir.test([]).status, 0)
    try dir.write("spec/__snapshots__/deck_spec/old.snap", "x")
    for i in 1...2 {
      let r = try dir.test(["--shard", "\(i)/2", "--reporter", "json=s\(i).json"], env: ["CI": "true"])
      XCTAssertEqual(r.status, 0, "a shard cannot know")
    }
    let merged = try dir.run(["merge-reports", "s1.json", "s2.json"])
    XCTAssertEqual(merged.status, 1)
    XCTAssertTrue(merged.stdout.contains("UNUSED golden spec/__snapshots__/deck_spec/old.snap"), merged.stdout)
    XCTAssertEqual(try dir.run(["merge-reports", "s1.json"]).status, 2, "one shard alone is not the suite")
    XCTAssertEqual(
      try dir.run(["merge-reports", "--allow-partial", "s1.json"]).status, 0, "nor are its goldens, when allowed")
  }

  func testSnapshotNamesAreSafeFileNames() throws {
    let dir = try SuiteDir(["spec/n_spec.lua": #"it("x", function() assert.snapshot("../up/and away!", {}) end)"#])
    XCTAssertEqual(try dir.test([]).status, 0)
    XCTAssertEqual(
      dir.read("spec/__snapshots__/n_spec/_._up_and_away_.snap"), "-- tantan snapshot v1\n-- kind: value\n{}\n")
  }

  func testTwoScenariosCannotShareAGolden() throws {
    let dir = try SuiteDir([
      "spec/d_spec.lua": #"""
      it("one", function() assert.snapshot("same", 1) end)
      it("two", function() assert.snapshot("same", 1) end)
      """#
    ])
    for jobs in ["1", "2"] {
      let r = try dir.test(["--jobs", jobs, "--reporter", "json"])
      XCTAssertEqual(r.status, 1)
      let s = try json(r.stdout)["scenarios"] as! [[String: Any]]
      XCTAssertEqual(s.map { $0["status"] as! String }, ["passed", "failed"])
      XCTAssertTrue(
        ((s[1]["failure"] as! [String: Any])["message"] as! String).contains("is also used by spec/d_spec.lua:1 one"))
    }
    XCTAssertEqual(
      try dir.test(["--repeat-each", "2", "--filter", "one"]).status, 0, "repeats of one scenario share it")
  }
}
