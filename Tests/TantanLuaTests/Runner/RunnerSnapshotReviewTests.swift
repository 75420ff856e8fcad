import Foundation
import XCTest

/// Goldens people can review: the run says what it did with them, a name used twice is an error,
/// and decks, grids and lists are stored as the data of what they show.
final class RunnerSnapshotReviewTests: XCTestCase {
  static let components = #"""
    it("deck", function()
      local deck = tantan.deck({ source = { { title = "first" }, { title = "second" } } })
      deck:drag_begin()
      deck:drag_move(40, 5)
      assert.snapshot("deck", deck)
    end)
    it("grid", function()
      local g = tantan.grid({ items = { "x", "y", "z" }, columns = 2 })
      g:move(1, 3)
      assert.snapshot("grid", g)
    end)
    it("list", function()
      local l = tantan.list({ sections = { { id = "s", items = { { id = 1, title = "one" }, { id = 2, title = "two" } } } } })
      assert.snapshot("list", { list = l })
    end)
    """#

  func testComponentsAreStoredAsWhatTheyShow() throws {
    let dir = try SuiteDir(["spec/c_spec.lua": Self.components])
    let r = try dir.test([])
    XCTAssertEqual(r.status, 0, "\(r)")
    let deck = try XCTUnwrap(dir.read("spec/__snapshots__/c_spec/deck.snap"))
    XCTAssertTrue(deck.hasPrefix("-- tantan snapshot v1\n-- kind: tantan.SwipeDeck\n{\n  cards = {\n"), deck)
    XCTAssertFalse(deck.contains("tantan.SwipeDeck("), "not its one-line tostring: \(deck)")
    for line in [
      "      alpha = 1.0,\n", "        title = \"first\",\n", "        title = \"second\",\n",
      "  state = \"dragging\",\n",
    ] {
      XCTAssertTrue(deck.contains(line), "\(line) in \(deck)")
    }
    XCTAssertTrue(deck.contains("      frame = {\n        h = 400.0,\n        w = 300.0,\n"), deck)
    let grid = try XCTUnwrap(dir.read("spec/__snapshots__/c_spec/grid.snap"))
    XCTAssertTrue(grid.hasPrefix("-- tantan snapshot v1\n-- kind: tantan.ReorderGrid\n{\n  cells = {\n"), grid)
    let items = grid.split(separator: "\n").filter { $0.contains("item = ") }.map {
      $0.trimmingCharacters(in: .whitespaces)
    }
    XCTAssertEqual(items, ["item = \"y\",", "item = \"z\",", "item = \"x\","], "the order after the move")
    XCTAssertTrue(grid.contains("      frame = {\n        h = 45.0,\n"), grid)
    let list = try XCTUnwrap(dir.read("spec/__snapshots__/c_spec/list.snap"))
    XCTAssertTrue(list.contains("    component = \"tantan.List\",\n"), list)
    XCTAssertTrue(
      list.contains("        kind = \"item\",\n        model = {\n          id = 2,\n          title = \"two\",\n"),
      list)
    XCTAssertTrue(
      list.contains(
        "        frame = {\n          h = 44.0,\n          w = 375.0,\n          x = 0.0,\n          y = 44.0,\n"), list
    )
    XCTAssertEqual(try dir.test([]).status, 0, "the same state matches its golden")
  }

  func testASnapshotNameTwiceInOneScenarioIsAnError() throws {
    let dir = try SuiteDir([
      "spec/t_spec.lua": #"""
      it("twice", function()
        assert.snapshot("same", 1)
        assert.snapshot("same", 2)
      end)
      it("odd names, one file", function()
        assert.snapshot("a b", 1)
        assert.snapshot("a_b", 2)
      end)
      """#
    ])
    let r = try dir.test(["--reporter", "json"])
    XCTAssertEqual(r.status, 1, "\(r)")
    let s = try json(r.stdout)["scenarios"] as! [[String: Any]]
    for (i, line) in [(0, 3), (1, 7)] {
      XCTAssertEqual(s[i]["status"] as? String, "error")
      let f = s[i]["failure"] as! [String: Any]
      XCTAssertEqual(f["line"] as? Int, line)
      XCTAssertTrue((f["message"] as! String).hasPrefix("spec/t_spec.lua:\(line): snapshot '"), "\(f)")
      XCTAssertTrue((f["message"] as! String).contains("is used twice in this scenario"), "\(f)")
    }
    XCTAssertEqual(
      dir.read("spec/__snapshots__/t_spec/same.snap"), "-- tantan snapshot v1\n-- kind: value\n1\n", "the first stays")
  }

  func testTheRunSaysWhatItDidWithGoldens() throws {
    let dir = try SuiteDir([
      "spec/g_spec.lua": #"""
      local v = tonumber(os.getenv("V") or "1")
      it("a", function() assert.snapshot("a", v) end)
      it("b", function() assert.snapshot("b", 1) end)
      it("c", function() assert.snapshot("c", 1) end)
      """#
    ])
    let first = try dir.test(["--reporter", "default", "--reporter", "tap=out.tap", "--reporter", "json=out.json"])
    XCTAssertEqual(first.status, 0, "\(first)")
    XCTAssertTrue(first.stdout.contains("\ngoldens: 3 written\n3 scenarios: 3 passed"), first.stdout)
    XCTAssertTrue(dir.read("out.tap")!.contains("\n# goldens: 3 written\n"), dir.read("out.tap")!)
    let goldens = try json(dir.read("out.json")!)["goldens"] as! [String: Any]
    XCTAssertEqual(goldens["written"] as? Int, 3)

    XCTAssertFalse(try dir.test([]).stdout.contains("goldens:"), "nothing to say when all matched")
    try dir.write("spec/__snapshots__/g_spec/gone.snap", "old")
    let obsolete = try dir.test([])
    XCTAssertTrue(obsolete.stdout.contains("\ngoldens: 1 obsolete\n"), obsolete.stdout)
    let second = try dir.test([], env: ["V": "2"])
    XCTAssertEqual(second.status, 1)
    XCTAssertTrue(
      second.stdout.contains("\ngoldens: 1 failed\n"), "(obsolete ones are known only when all ran) \(second.stdout)")
    let third = try dir.test(["--update-snapshots=all"], env: ["V": "2"])
    XCTAssertEqual(third.status, 0, "\(third)")
    XCTAssertTrue(third.stdout.contains("\ngoldens: 1 updated, 1 removed\n"), third.stdout)
  }
}
