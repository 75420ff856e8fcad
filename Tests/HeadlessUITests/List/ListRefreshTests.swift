import XCTest

@testable import HeadlessUI

final class ListRefreshTests: XCTestCase {
  final class Recorder {
    var refreshes: [TestList.RefreshCompletion] = []
    var loads: [(Int, TestList.LoadCompletion)] = []
  }

  func makeRefreshable(clock: VirtualClock, recorder: Recorder, finish: Double = 0.25) throws -> TestList {
    try makeList([section("s", items(30, prefix: "i"))], clock: clock) {
      $0.itemHeight = .fixed(40)
      $0.contentInset = ListInsets(top: 64)
      $0.refresh = ListRefreshConfig(threshold: 50, finishDuration: finish) { _, done in recorder.refreshes.append(done)
      }
      $0.paging = ListPagingConfig(pageSize: 5) { _, page, done in recorder.loads.append((page, done)) }
    }
  }

  func testPullArmsAtTheThresholdAndFlipsBackUnderIt() throws {
    let rec = Recorder()
    let list = try makeRefreshable(clock: VirtualClock(), recorder: rec)
    XCTAssertEqual(list.refreshState, .idle)
    try list.pull(20)
    XCTAssertEqual(list.refreshState, .pulling)
    try list.pull(50)
    XCTAssertEqual(list.refreshState, .armed)
    try list.pull(49.5)
    XCTAssertEqual(list.refreshState, .pulling)
    try list.pull(80)
    XCTAssertEqual(list.refreshState, .armed)
    XCTAssertEqual(list.refreshIndicatorHeight, 80)
    XCTAssertEqual(list.offset, -64)  // a pull does not move the offset
    XCTAssertTrue(rec.refreshes.isEmpty)
  }

  func testReleaseBeforeTheThresholdGoesBackToIdle() throws {
    let rec = Recorder()
    let list = try makeRefreshable(clock: VirtualClock(), recorder: rec)
    try list.pull(70)
    try list.pull(30)
    try list.release()
    XCTAssertEqual(list.refreshState, .idle)
    XCTAssertEqual(list.pullDistance, 0)
    XCTAssertTrue(rec.refreshes.isEmpty)
    XCTAssertThrowsError(try list.release()) { XCTAssertEqual($0 as? ListError, .noPullInProgress) }
  }

  func testFullCycleThroughFinishingOnTheClock() throws {
    let clock = VirtualClock()
    let rec = Recorder()
    let list = try makeRefreshable(clock: clock, recorder: rec, finish: 0.4)
    try list.pull(60)
    try list.release()
    XCTAssertEqual(list.refreshState, .refreshing)
    XCTAssertEqual(rec.refreshes.count, 1)
    XCTAssertEqual(list.refreshIndicatorHeight, 50)
    try clock.advance(by: 3)
    XCTAssertEqual(list.refreshState, .refreshing)  // waits for done
    try rec.refreshes[0].finish()
    XCTAssertEqual(list.refreshState, .finishing)
    XCTAssertEqual(list.refreshIndicatorHeight, 50)
    try clock.advance(by: 0.2)
    XCTAssertEqual(list.refreshState, .finishing)
    XCTAssertEqual(list.refreshIndicatorHeight, 50 * 0.25, accuracy: 1e-9)  // ease-out at t = 0.5
    try clock.advance(by: 0.2)
    XCTAssertEqual(list.refreshState, .idle)
    XCTAssertEqual(list.refreshIndicatorHeight, 0)
    XCTAssertThrowsError(try rec.refreshes[0].finish()) { XCTAssertEqual($0 as? ListError, .refreshCompletedTwice) }
    XCTAssertEqual(list.refreshState, .idle)
  }

  func testDoneCalledSynchronouslyAndZeroFinishDurationEndsAtOnce() throws {
    let list = try makeList([section("s", items(3, prefix: "i"))]) {
      $0.refresh = ListRefreshConfig(finishDuration: 0) { _, done in try done.finish() }
    }
    try list.pull(50)
    try list.release()
    XCTAssertEqual(list.refreshState, .idle)
  }

  func testSecondPullDuringRefreshingDoesNotStartAnotherRefresh() throws {
    let clock = VirtualClock()
    let rec = Recorder()
    let list = try makeRefreshable(clock: clock, recorder: rec)
    try list.pull(60)
    try list.release()
    try list.pull(90)
    XCTAssertEqual(list.refreshState, .refreshing)
    XCTAssertEqual(list.pullDistance, 90)
    XCTAssertEqual(list.refreshIndicatorHeight, 90)
    try list.release()
    XCTAssertEqual(list.refreshState, .refreshing)
    XCTAssertEqual(rec.refreshes.count, 1)
    XCTAssertThrowsError(try list.beginRefresh()) {
      XCTAssertEqual($0 as? ListError, .refreshAlreadyRunning(.refreshing))
    }
    // A finger still down when the refresh ends continues the pull from where it is.
    try list.pull(70)
    try rec.refreshes[0].finish()
    try list.pull(75)
    XCTAssertEqual(list.refreshState, .finishing)
    try clock.settle()
    XCTAssertEqual(list.refreshState, .armed)
    try list.release()
    XCTAssertEqual(list.refreshState, .refreshing)
    XCTAssertEqual(rec.refreshes.count, 2)
  }

  func testRefreshResetsPagingAndNeverChangesData() throws {
    let clock = VirtualClock()
    let rec = Recorder()
    let list = try makeRefreshable(clock: clock, recorder: rec)
    try list.scrollTo(list.maxOffset)
    XCTAssertEqual(list.page, 1)
    XCTAssertTrue(list.loading)
    let generation = list.pagingGeneration
    try list.scrollTo(-64)
    try list.pull(55)
    try list.release()
    XCTAssertEqual(list.page, 0)
    XCTAssertFalse(list.loading)
    XCTAssertTrue(list.hasMore)
    XCTAssertNil(list.loadError)
    XCTAssertEqual(list.pagingGeneration, generation + 1)
    XCTAssertEqual(list.itemCount, 30)
  }

  func testPullErrors() throws {
    let rec = Recorder()
    let list = try makeRefreshable(clock: VirtualClock(), recorder: rec)
    XCTAssertThrowsError(try list.pull(-1)) { XCTAssertEqual($0 as? ListError, .invalidPullDistance(-1)) }
    XCTAssertThrowsError(try list.pull(.nan)) { assertListError($0, .invalidPullDistance(.nan)) }
    try list.scrollTo(10)
    XCTAssertThrowsError(try list.pull(10)) { XCTAssertEqual($0 as? ListError, .pullAwayFromTop(offset: 10, top: -64)) }
    XCTAssertEqual(list.refreshState, .idle)
    let plain = try makeList([])
    XCTAssertThrowsError(try plain.pull(10)) { XCTAssertEqual($0 as? ListError, .noRefreshConfigured) }
  }

  func testThrowingOnRefreshAbandonsTheRefresh() throws {
    struct Boom: Error {}
    var kept: TestList.RefreshCompletion?
    let list = try makeList([section("s", items(3, prefix: "i"))]) {
      $0.refresh = ListRefreshConfig { _, done in
        kept = done; throw Boom()
      }
    }
    try list.pull(60)
    XCTAssertThrowsError(try list.release()) { XCTAssertTrue($0 is Boom) }
    XCTAssertEqual(list.refreshState, .idle)
    XCTAssertThrowsError(try kept!.finish()) { XCTAssertEqual($0 as? ListError, .refreshAbandoned) }
    XCTAssertNil(list.invariantViolation())
  }
}
