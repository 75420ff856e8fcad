import XCTest

@testable import HeadlessUI

final class ListDiffTests: XCTestCase {
  func ids(_ s: String) -> [ListItem<String>] { s.map { item(.string(String($0)), "v") } }
  func p(_ s: Int, _ i: Int) -> ListIndexPath { ListIndexPath(section: s, index: i) }

  func testInsertsAndDeletesAreNotMoves() throws {
    let list = try makeList([section("s", ids("abcd"))])
    let c = try list.apply([section("s", ids("acxd"))])
    XCTAssertEqual(c.deleted, [p(0, 1)])
    XCTAssertEqual(c.inserted, [p(0, 2)])
    XCTAssertEqual(c.moved, [])
    XCTAssertEqual(c.reloaded, [])
    XCTAssertTrue(c.sections.isEmpty)
    XCTAssertEqual(list.sections[0].items.map(\.id), ["a", "c", "x", "d"])
  }

  func testMovingOneItemReportsOnlyThatItem() throws {
    let list = try makeList([section("s", ids("abcde"))])
    let c = try list.apply([section("s", ids("bcdea"))])
    XCTAssertEqual(c.moved, [.init(from: p(0, 0), to: p(0, 4))])
    XCTAssertEqual(c.inserted, [])
    XCTAssertEqual(c.deleted, [])
  }

  func testReverseKeepsOneItemAndMovesTheRest() throws {
    let list = try makeList([section("s", ids("abc"))])
    let c = try list.apply([section("s", ids("cba"))])
    XCTAssertEqual(c.moved.count, 2, "one item keeps its place, the other two move around it")
    XCTAssertEqual(Set(c.moved.map(\.from)).count, 2)
    XCTAssertTrue(c.moved.allSatisfy { $0.to.index == 2 - $0.from.index })
  }

  func testSwapInALargeListMovesOnlyTheTwoItems() throws {
    let n = 100_000
    let list = try makeList([section("big", intItems(0..<n))])
    var new = list.sections
    new[0].items.swapAt(10, n - 10)
    new[0].items[500].payload = "changed"
    new[0].items.append(item("end"))
    let c = try list.apply(new)
    XCTAssertEqual(c.moved.count, 2)
    XCTAssertEqual(Set(c.moved.map(\.from.index)), [10, n - 10])
    XCTAssertEqual(c.reloaded, [p(0, 500)])
    XCTAssertEqual(c.inserted, [p(0, n)])
    XCTAssertEqual(c.deleted, [])
  }

  func testReloadWhenPayloadDiffersEvenIfMoved() throws {
    let list = try makeList([section("s", [item("a", "1"), item("b", "1"), item("c", "1")])])
    let c = try list.apply([section("s", [item("c", "2"), item("a", "1"), item("b", "9")])])
    XCTAssertEqual(c.reloaded, [p(0, 1), p(0, 2)])
    XCTAssertEqual(c.moved, [.init(from: p(0, 2), to: p(0, 0))])
    XCTAssertEqual(try list.item(at: p(0, 2)).payload, "9")
  }

  func testItemsMovingBetweenSections() throws {
    let list = try makeList([section("s0", ids("abc")), section("s1", ids("de"))])
    let c = try list.apply([section("s0", ids("ac")), section("s1", ids("dbe"))])
    XCTAssertEqual(c.moved, [.init(from: p(0, 1), to: p(1, 1))])
    XCTAssertTrue(c.inserted.isEmpty && c.deleted.isEmpty)
  }

  func testSectionInsertDeleteMoveAndReload() throws {
    let list = try makeList([
      section("A", header: "a", ids("a")),
      section("B", ids("bx")),
      section("C", header: "c", ids("c")),
    ]) { $0.headerHeight = 20 }  // (issue 17.9: a header needs a height)
    let c = try list.apply([
      section("C", header: "c!", ids("c")),
      section("A", header: "a", ids("ax")),  // x comes from deleted B: inserted
      section("D", ids("d")),
    ])
    XCTAssertEqual(c.sections.deleted, [1])
    XCTAssertEqual(c.sections.inserted, [2])
    XCTAssertEqual(c.sections.moved, [.init(from: 2, to: 0)])
    XCTAssertEqual(c.sections.reloaded, [2])
    XCTAssertEqual(c.inserted, [p(1, 1)], "items of inserted sections are implied; x left a deleted section")
    XCTAssertEqual(c.deleted, [], "b's disappearance is implied by B's deletion")
    XCTAssertEqual(c.moved, [], "items moving with their section are not moves")
    XCTAssertEqual(c.reloaded, [])
  }

  func testItemLeavingForAnInsertedSectionIsDeleted() throws {
    let list = try makeList([section("A", ids("ab"))])
    let c = try list.apply([section("A", ids("a")), section("N", ids("b"))])
    XCTAssertEqual(c.deleted, [p(0, 1)])
    XCTAssertEqual(c.sections.inserted, [1])
    XCTAssertEqual(c.inserted, [])
  }

  func testSameDataIsEmpty() throws {
    let data = [section("A", header: "h", ids("abc")), section("B", ids("de"))]
    let list = try makeList(data) { $0.headerHeight = 20 }  // (issue 17.9: a header needs a height)
    XCTAssertTrue(try list.apply(data).isEmpty)
    XCTAssertTrue(try list.reload().isEmpty)
  }

  func testDuplicateIdsAreErrorsNamingTheIdAndKeepTheData() throws {
    let list = try makeList([section("A", ids("abc"))])
    XCTAssertThrowsError(try list.apply([section("A", ids("ab")), section("B", [item(.int(7)), item("b")])])) {
      XCTAssertEqual(
        $0 as? ListError,
        .invalidData(
          .duplicateItemID("b", first: .init(section: "A", index: 1), second: .init(section: "B", index: 1)),
          origin: .given))
    }
    XCTAssertThrowsError(try list.apply([section(.int(1), []), section(.int(1), [])])) {
      XCTAssertEqual($0 as? ListError, .invalidData(.duplicateSectionID(1), origin: .given))
    }
    XCTAssertEqual(list.sections.map(\.id), ["A"])
    XCTAssertEqual(list.sections[0].items.map(\.id), ["a", "b", "c"])
    XCTAssertNil(list.invariantViolation())
  }

  func testIntegerAndStringIdsDiffer() throws {
    let list = try makeList([section("A", [item(.int(1)), item(.string("1"))])])
    XCTAssertEqual(list.itemCount, 2)
  }

  func testLongestIncreasingSubsequenceAgainstBruteForce() {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<300 {
      let n = Int.random(in: 0...8, using: &rng)
      let a = Array(0..<n).shuffled(using: &rng)
      let mask = ListDiff.longestIncreasingSubsequenceMask(a)
      let chosen = a.indices.filter { mask[$0] }.map { a[$0] }
      XCTAssertEqual(chosen, chosen.sorted())
      var best = 0
      for bits in 0..<(1 << n) {
        let sub = a.indices.filter { bits & (1 << $0) != 0 }.map { a[$0] }
        if sub == sub.sorted() { best = max(best, sub.count) }
      }
      XCTAssertEqual(chosen.count, best, "\(a)")
    }
  }

  /// Replaying the changes on the old ids gives the new ids: drop deleted and moved-from, then
  /// place moved-to and inserted at their new paths; the remaining items keep their order.
  func testRandomDiffsReplayToTheNewData() throws {
    var rng = SystemRandomNumberGenerator()
    for _ in 0..<200 {
      // Same section ids on both sides (section changes are covered above), random item assignment.
      func make() -> [ListSection<String>] {
        let ids = (0..<12).map { ListID.int(Int64($0)) }.shuffled(using: &rng).prefix(
          Int.random(in: 0...12, using: &rng))
        var sections = [ListSection<String>(id: "A"), ListSection<String>(id: "B")]
        for id in ids {
          sections[Int.random(in: 0...1, using: &rng)].items.append(
            ListItem(id: id, payload: Bool.random(using: &rng) ? "x" : "y"))
        }
        return sections
      }
      let old = make()
      let new = make()
      let list = try makeList(old)
      let c = try list.apply(new)
      // Replay.
      var rows = old.map { $0.items.map { Optional($0.id) } }
      for d in c.deleted { rows[d.section][d.index] = nil }
      for m in c.moved { rows[m.from.section][m.from.index] = nil }
      var kept = rows.map { $0.compactMap { $0 } }
      var placed = new.map { [ListID?](repeating: nil, count: $0.items.count) }
      for i in c.inserted { placed[i.section][i.index] = new[i.section].items[i.index].id }
      for m in c.moved { placed[m.to.section][m.to.index] = new[m.to.section].items[m.to.index].id }
      for s in placed.indices {
        for i in placed[s].indices where placed[s][i] == nil {
          placed[s][i] = kept[s].isEmpty ? nil : kept[s].removeFirst()
        }
      }
      XCTAssertTrue(kept.allSatisfy(\.isEmpty), "old items left over")
      XCTAssertEqual(placed.map { $0.compactMap { $0 } }, new.map { $0.items.map(\.id) })
      // Reloaded: exactly the kept items whose payload changed.
      let oldPayload = Dictionary(uniqueKeysWithValues: old.flatMap { $0.items }.map { ($0.id, $0.payload) })
      let expected = new.flatMap { $0.items }.filter { newItem in
        guard let before = oldPayload[newItem.id] else { return false }
        return before != newItem.payload
      }.count
      XCTAssertEqual(c.reloaded.count, expected)
    }
  }
}
