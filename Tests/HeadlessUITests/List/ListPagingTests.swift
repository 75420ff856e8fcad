import XCTest

@testable import HeadlessUI

/// 20 items of 40 (content 800) in a 480-high viewport: the last item (760..800) shows once the
/// offset passes 280.
final class ListPagingTests: XCTestCase {
  final class Loads {
    var calls: [(page: Int, done: TestList.LoadCompletion)] = []
    var refreshes: [TestList.RefreshCompletion] = []
  }

  func makePaged(_ loads: Loads, pageSize: Int? = 5, prefetch: Int = 0) throws -> TestList {
    try makeList([section("top", items(3, prefix: "t")), section("feed", intItems(0..<17))]) {
      $0.itemHeight = .fixed(40)
      $0.paging = ListPagingConfig(pageSize: pageSize, prefetch: prefetch) { _, page, done in
        loads.calls.append((page, done))
      }
      $0.refresh = ListRefreshConfig(finishDuration: 0) { _, done in loads.refreshes.append(done) }
    }
  }

  func testLoadsOnceWhenTheLastItemShowsNeverAtConstruction() throws {
    let loads = Loads()
    let list = try makePaged(loads)
    XCTAssertEqual(list.page, 0)
    XCTAssertTrue(loads.calls.isEmpty)
    try list.scrollTo(280)
    XCTAssertTrue(loads.calls.isEmpty)
    try list.scrollTo(281)
    XCTAssertEqual(loads.calls.map(\.page), [1])
    XCTAssertEqual(list.page, 1)
    XCTAssertTrue(list.loading)
    try list.scrollTo(320)
    try list.scrollBy(-1)
    XCTAssertEqual(loads.calls.count, 1, "no second load while one is running")
  }

  func testPrefetchLoadsEarlier() throws {
    let loads = Loads()
    let list = try makePaged(loads, prefetch: 2)
    try list.scrollTo(200)  // bottom 680: items at 680, 720, 760 are below -> 3 > 2
    XCTAssertTrue(loads.calls.isEmpty)
    try list.scrollTo(201)
    XCTAssertEqual(loads.calls.map(\.page), [1])
  }

  func testDoneAppendsToTheLastSectionAndTheNextPageFollows() throws {
    let loads = Loads()
    let list = try makePaged(loads)
    try list.scrollTo(300)
    XCTAssertEqual(try loads.calls[0].done.succeed(intItems(17..<22)), .appended(5))
    XCTAssertFalse(list.loading)
    XCTAssertTrue(list.hasMore)
    XCTAssertEqual(list.itemCount(inSection: 1), 22)
    XCTAssertEqual(list.contentHeight, 1000)
    XCTAssertEqual(list.indexPath(of: .int(21)), ListIndexPath(section: 1, index: 21))
    try list.scrollTo(520)
    XCTAssertEqual(loads.calls.map(\.page), [1, 2])
    XCTAssertNil(list.invariantViolation())
  }

  func testShortPageEndsPagingUntilTheNextRefresh() throws {
    let loads = Loads()
    let list = try makePaged(loads)
    try list.scrollTo(300)
    try loads.calls[0].done.succeed(intItems(17..<20))
    XCTAssertFalse(list.hasMore)
    try list.scrollTo(list.maxOffset)
    XCTAssertEqual(loads.calls.count, 1)
    try list.scrollTo(0)
    try list.pull(60)
    try list.release()
    XCTAssertTrue(list.hasMore)
    XCTAssertEqual(list.page, 0)
    XCTAssertEqual(list.itemCount, 23, "a refresh does not change data by itself")
    try list.scrollTo(list.maxOffset)
    XCTAssertEqual(loads.calls.map(\.page), [1, 1])
  }

  func testEmptyPageEndsPagingWithoutPageSize() throws {
    let loads = Loads()
    let list = try makePaged(loads, pageSize: nil)
    try list.scrollTo(300)
    try loads.calls[0].done.succeed(intItems(17..<19))
    XCTAssertTrue(list.hasMore)
    try list.scrollTo(list.maxOffset)
    XCTAssertEqual(try loads.calls[1].done.succeed([]), .appended(0))
    XCTAssertFalse(list.hasMore)
    XCTAssertEqual(list.page, 2)
  }

  func testFailureRollsThePageBackAndScrollingTriesAgain() throws {
    let loads = Loads()
    let list = try makePaged(loads)
    try list.scrollTo(300)
    try loads.calls[0].done.succeed(intItems(17..<22))
    try list.scrollTo(520)
    XCTAssertEqual(list.page, 2)
    XCTAssertEqual(try loads.calls[1].done.fail("timeout"), .failed)
    XCTAssertEqual(list.page, 1)
    XCTAssertEqual(list.loadError, "timeout")
    XCTAssertFalse(list.loading)
    XCTAssertTrue(list.hasMore)
    XCTAssertEqual(list.itemCount, 25)
    // Issue 17.2 changed this: a failure latches; scrolling does not retry, `loadMore()` does.
    try list.scrollBy(-1)
    try list.scrollBy(1)
    XCTAssertEqual(loads.calls.map(\.page), [1, 2])
    XCTAssertEqual(list.loadError, "timeout")
    XCTAssertTrue(try list.loadMore())
    XCTAssertEqual(loads.calls.map(\.page), [1, 2, 2])
    XCTAssertNil(list.loadError)
    XCTAssertTrue(list.loading)
  }

  func testResultArrivingAfterARefreshIsDropped() throws {
    let loads = Loads()
    let list = try makePaged(loads)
    try list.scrollTo(300)
    let stale = loads.calls[0].done
    try list.scrollTo(0)
    try list.pull(60)
    try list.release()
    // The refresh replaces the data; then the old page arrives.
    try list.apply([section("feed", intItems(100..<120))])
    XCTAssertEqual(try stale.succeed(intItems(17..<22)), .dropped)
    XCTAssertEqual(list.itemCount, 20)
    XCTAssertNil(list.indexPath(of: .int(17)))
    XCTAssertEqual(list.page, 0)
    XCTAssertFalse(list.loading)
    // A stale failure is dropped too, and a stale done called again is still "twice".
    XCTAssertThrowsError(try stale.fail("late")) { XCTAssertEqual($0 as? ListError, .loadCompletedTwice(page: 1)) }
    XCTAssertNil(list.loadError)
  }

  func testDoneTwiceThrowsAndChangesNothing() throws {
    let loads = Loads()
    let list = try makePaged(loads)
    try list.scrollTo(300)
    try loads.calls[0].done.succeed(intItems(17..<22))
    XCTAssertThrowsError(try loads.calls[0].done.succeed(intItems(30..<35))) {
      XCTAssertEqual($0 as? ListError, .loadCompletedTwice(page: 1))
    }
    XCTAssertThrowsError(try loads.calls[0].done.fail("x"))
    XCTAssertEqual(list.itemCount, 25)
    XCTAssertEqual(list.page, 1)
    XCTAssertNil(list.loadError)
  }

  func testBadPageFailsTheLoadAndKeepsData() throws {
    let loads = Loads()
    let list = try makePaged(loads)
    try list.scrollTo(300)
    // Rejected items fail the load as `fail` does, without throwing.
    XCTAssertEqual(try loads.calls[0].done.succeed([item(.int(3)), item(.int(40))]), .failed)
    let duplicate = ListError.invalidData(
      .duplicateItemID(3, first: .init(section: "feed", index: 3), second: .init(section: "feed", index: 17)),
      origin: .given)
    guard case .error(let e as ListError)? = list.loadFailure else {
      return XCTFail("\(String(describing: list.loadFailure))")
    }
    XCTAssertEqual(e, duplicate)
    XCTAssertEqual(list.itemCount, 20)
    XCTAssertEqual(list.page, 0)
    XCTAssertFalse(list.loading)
    XCTAssertNotNil(list.loadError)
    XCTAssertNil(list.invariantViolation())
  }

  func testThrowingOnLoadMoreRollsBackAndPropagates() throws {
    struct Boom: Error {}
    let list = try makeList([section("s", items(20, prefix: "i"))]) {
      $0.itemHeight = .fixed(40)
      $0.paging = ListPagingConfig(pageSize: 5) { _, _, _ in throw Boom() }
    }
    XCTAssertThrowsError(try list.scrollTo(300)) { XCTAssertTrue($0 is Boom) }
    XCTAssertEqual(list.offset, 300, "the offset change itself was valid")
    XCTAssertEqual(list.page, 0)
    XCTAssertFalse(list.loading)
    XCTAssertNotNil(list.loadError)
  }

  func testExplicitLoadMoreAndEmptyList() throws {
    let loads = Loads()
    let list = try makeList([section("feed", [])]) {
      $0.paging = ListPagingConfig(pageSize: 2) { _, page, done in loads.calls.append((page, done)) }
    }
    XCTAssertTrue(loads.calls.isEmpty)
    try list.scrollTo(0)  // an empty list shows its (absent) last item
    XCTAssertEqual(loads.calls.map(\.page), [1])
    XCTAssertFalse(try list.loadMore(), "a load is running")
    try loads.calls[0].done.succeed([item("a"), item("b")])
    XCTAssertTrue(try list.loadMore())
    XCTAssertEqual(loads.calls.map(\.page), [1, 2])
  }
}

final class ListPagingSyncTests: XCTestCase {
  func testDoneCalledInsideOnLoadMore() throws {
    var pages: [Int] = []
    let list = try makeList([section("feed", items(12, prefix: "i"))]) {
      $0.itemHeight = .fixed(40)
      $0.paging = ListPagingConfig(pageSize: 3) { _, page, done in
        pages.append(page)
        try done.succeed((0..<3).map { item(.string("p\(page)-\($0)")) })
      }
    }
    try list.scrollTo(list.maxOffset)
    XCTAssertEqual(pages, [1])
    XCTAssertEqual(list.itemCount, 15)
    XCTAssertFalse(list.loading)
    try list.scrollTo(list.maxOffset)
    XCTAssertEqual(pages, [1, 2])
    XCTAssertNil(list.invariantViolation())
  }
}

final class ListPagingOffsetChangeTests: XCTestCase {
  func testOffsetClampedByApplyChecksPagingButApplyAloneDoesNot() throws {
    var pages: [Int] = []
    let list = try makeList([section("feed", items(20, prefix: "i"))]) {
      $0.itemHeight = .fixed(40)
      $0.paging = ListPagingConfig(pageSize: 5) { _, page, _ in pages.append(page) }
    }
    try list.apply([section("feed", items(10, prefix: "i"))])  // offset stays at 0: no change, no check
    XCTAssertEqual(pages, [])
    try list.apply([section("feed", items(20, prefix: "i"))])
    try list.scrollTo(200)
    XCTAssertEqual(pages, [])
    try list.apply([section("feed", items(10, prefix: "i"))])  // content 400: offset clamped 200 -> 0
    XCTAssertEqual(list.offset, 0)
    XCTAssertEqual(pages, [1])
  }

  func testScrollByChecksPagingInGridSections() throws {
    var pages: [Int] = []
    var grid = section("grid", items(40, prefix: "g"))
    grid.columns = 4
    let list = try makeList([grid]) {
      $0.itemHeight = .fixed(100)  // 10 rows, content 1000
      $0.paging = ListPagingConfig(pageSize: 8, prefetch: 4) { _, page, _ in pages.append(page) }
    }
    try list.scrollBy(320)  // bottom 800: rows at 800 and 900 start at or below it: 8 items > prefetch 4
    XCTAssertEqual(pages, [])
    XCTAssertEqual(list.itemsBelowVisibleArea(), 8)
    try list.scrollBy(1)  // bottom 801: only the last row (4 items) is below
    XCTAssertEqual(list.itemsBelowVisibleArea(), 4)
    XCTAssertEqual(pages, [1])
  }
}
