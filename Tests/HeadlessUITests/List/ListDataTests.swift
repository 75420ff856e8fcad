import XCTest

@testable import HeadlessUI

final class ListDataTests: XCTestCase {
  struct Boom: Error {}

  func testDuplicateIdsAtConstruction() {
    XCTAssertThrowsError(try makeList([section("a", [item("x")]), section("b", [item("x")])])) {
      XCTAssertEqual(
        $0 as? ListError,
        .invalidData(
          .duplicateItemID("x", first: .init(section: "a", index: 0), second: .init(section: "b", index: 0)),
          origin: .given))
    }
  }

  func testBadConfig() {
    XCTAssertThrowsError(try makeList([]) { $0.itemHeight = .fixed(-1) }) {
      assertListError($0, .invalidConfig(key: .itemHeight, reason: .notFiniteNonNegative(-1)))
    }
    XCTAssertThrowsError(try makeList([]) { $0.columns = 0 }) {
      assertListError($0, .invalidConfig(key: .columns, reason: .belowMinimum(0, minimum: 1)))
    }
    XCTAssertThrowsError(try makeList([]) { $0.width = .nan }) {
      assertListError($0, .invalidConfig(key: .width, reason: .notFiniteNonNegative(.nan)))
    }
    XCTAssertThrowsError(try makeList([]) { $0.refresh = ListRefreshConfig(threshold: 0) }) {
      assertListError($0, .invalidConfig(key: .refreshThreshold, reason: .notFinitePositive(0)))
    }
    XCTAssertThrowsError(try makeList([]) { $0.paging = ListPagingConfig(pageSize: 0) }) {
      assertListError($0, .invalidConfig(key: .pagingPageSize, reason: .belowMinimum(0, minimum: 1)))
    }
    var s = section("g", [])
    s.columns = 0
    XCTAssertThrowsError(try makeList([s])) {
      assertListError($0, .invalidData(.invalidSectionColumns(section: "g", columns: 0), origin: .given))
    }
  }

  /// With item 1 (of 3, 10 high) made -1, NaN, then infinite, an apply of 4 items is refused
  /// naming the item, and the list keeps its data.
  private func assertBadHeightsRefused(
    _ list: TestList, file: StaticString = #filePath, line: UInt = #line, _ setBad: (Double) -> Void
  ) {
    XCTAssertEqual(list.contentHeight, 30, file: file, line: line)
    for value in [-1, Double.nan, Double.infinity] {
      setBad(value)
      XCTAssertThrowsError(try list.apply([section("s", items(4, prefix: "i"))]), file: file, line: line) {
        assertListError($0, .invalidData(.invalidItemHeight(value, item: "i1"), origin: .given), file: file, line: line)
      }
      XCTAssertEqual(list.itemCount, 3, file: file, line: line)
      XCTAssertEqual(list.contentHeight, 30, file: file, line: line)
      XCTAssertNil(list.invariantViolation(), file: file, line: line)
    }
  }

  func testBadComputedHeightsKeepThePreviousData() throws {
    var bad: Double = 10
    let list = try makeList([section("s", items(3, prefix: "i"))]) {
      $0.itemHeight = .computed { _, _, index, _ in index == 1 ? bad : 10 }
    }
    assertBadHeightsRefused(list) { bad = $0 }
    XCTAssertThrowsError(try list.reload()) {
      assertListError($0, .invalidData(.invalidItemHeight(.infinity, item: "i1"), origin: .loaded))
    }
    XCTAssertEqual(list.contentHeight, 30)
  }

  func testBatchHeightsAreCheckedLikeComputedOnes() throws {
    var bad: Double = 10
    var missing = false
    var runs: [String] = []
    let list = try makeList([section("s", items(3, prefix: "i"))]) {
      $0.itemHeight = .batch { s, items, start in
        runs.append("\(s),\(start),\(items.count)")
        return items.indices.dropLast(missing ? 1 : 0).map { $0 == 1 ? bad : 10 }
      }
    }
    XCTAssertEqual(runs, ["0,0,3"])
    assertBadHeightsRefused(list) { bad = $0 }
    bad = 10
    missing = true
    XCTAssertThrowsError(try list.apply([section("s", items(4, prefix: "i"))])) {
      assertListError($0, .invalidData(.heightCountMismatch(heights: 3, items: 4), origin: .given))
    }
    XCTAssertEqual(list.itemCount, 3)
    missing = false
    try list.apply([section("s", items(4, prefix: "i"))])
    XCTAssertEqual(list.contentHeight, 40)
  }

  func testHeightCallbackErrorsPropagateAndKeepTheData() throws {
    var fail = false
    var calls: [String] = []
    let list = try makeList([section("s", items(2, prefix: "i"))]) {
      $0.itemHeight = .computed { list, s, i, item in
        calls.append("\(s),\(i),\(item.id)")
        if fail { throw Boom() }
        return 20
      }
    }
    XCTAssertEqual(calls, ["0,0,\"i0\"", "0,1,\"i1\""])
    fail = true
    XCTAssertThrowsError(try list.apply([section("s", items(5, prefix: "j"))])) { XCTAssertTrue($0 is Boom) }
    XCTAssertEqual(list.sections[0].items.map(\.id), ["i0", "i1"])
    XCTAssertEqual(list.contentHeight, 40)
  }

  func testDataSourceIsReadAndReloadDiffsAgainstIt() throws {
    var store: [[ListItem<String>]] = [items(3, prefix: "a"), items(2, prefix: "b")]
    var headers = ["A", "B"]
    var failing = false
    let source = ListDataSource<String>(
      sectionCount: { _ in store.count },
      itemCount: { _, s in
        if failing { throw Boom() }
        return store[s].count
      },
      item: { _, s, i in store[s][i] },
      header: { _, s in headers[s] })
    var config = ListConfig<String>()
    config.headerHeight = 20
    config.itemHeight = .fixed(10)
    let list = try TestList(config: config, data: .source(source), clock: VirtualClock())
    XCTAssertEqual(list.sections.map(\.id), [.int(0), .int(1)])
    XCTAssertEqual(list.contentHeight, 20 + 30 + 20 + 20)
    store[1].insert(item("new"), at: 0)
    headers[0] = "A!"
    let c = try list.reload()
    XCTAssertEqual(c.inserted, [ListIndexPath(section: 1, index: 0)])
    XCTAssertEqual(c.sections.reloaded, [0])
    XCTAssertEqual(list.itemCount, 6)
    failing = true
    store[0] = []
    XCTAssertThrowsError(try list.reload()) { XCTAssertTrue($0 is Boom) }
    XCTAssertEqual(list.itemCount, 6)
    XCTAssertNil(list.invariantViolation())
  }

  func testDataSourceBadCountsAndDuplicateIds() throws {
    let negative = ListDataSource<String>(
      sectionCount: { _ in 1 }, itemCount: { _, _ in -2 }, item: { _, _, _ in item("x") })
    XCTAssertThrowsError(try TestList(config: ListConfig(), data: .source(negative), clock: VirtualClock())) {
      XCTAssertEqual($0 as? ListError, .invalidData(.negativeCount(-2, section: 0), origin: .loaded))
    }
    let dup = ListDataSource<String>(sectionCount: { _ in 1 }, itemCount: { _, _ in 2 }, item: { _, _, _ in item("x") })
    XCTAssertThrowsError(try TestList(config: ListConfig(), data: .source(dup), clock: VirtualClock())) {
      XCTAssertEqual(
        $0 as? ListError,
        .invalidData(
          .duplicateItemID("x", first: .init(section: 0, index: 0), second: .init(section: 0, index: 1)),
          origin: .loaded))
    }
  }

  func testHeaderAndFooterOnlyWhenTheSectionHasThem() throws {
    let list = try makeList([
      section("a", header: "H", items(1, prefix: "a")), section("b", footer: "F", items(1, prefix: "b")),
    ]) {
      $0.headerHeight = 30
      $0.footerHeight = 12
      $0.itemHeight = .fixed(10)
    }
    XCTAssertNotNil(list.naturalHeaderFrame(0))
    XCTAssertNil(list.footerFrame(0))
    XCTAssertNil(list.naturalHeaderFrame(1))
    XCTAssertEqual(list.footerFrame(1), Rect(x: 0, y: 50, w: 320, h: 12))
    XCTAssertEqual(list.contentHeight, 62)
  }
}
