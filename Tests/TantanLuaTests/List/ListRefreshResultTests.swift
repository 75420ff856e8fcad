import XCTest

/// Issue 17 point 3: a refresh's `done` has a result: `done(sections)` applies them (an event),
/// `done(nil, err)` sets `refresh_error`, a completion for a refresh no longer running is dropped.
final class ListRefreshResultTests: XCTestCase {
  static let setup = """
    pending = {}
    l = tantan.list{refresh = {finish_duration = 0, on_refresh = function(_, done) pending[#pending + 1] = done end},
      sections = {{id = 1, items = {{id = 1}, {id = 2}}}}}
    """

  func testDoneWithSectionsAppliesThemAndRecordsTheChanges() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.setup + """
        l:refresh()
        local outcome, changes = pending[1]({{id = 1, items = {{id = 3}, {id = 1}, {id = 2, title = "new"}}}})
        assert(outcome == "applied" and l.refresh_state == "idle" and l.count == 3)
        assert(#changes.inserted == 1 and changes.inserted[1].index == 1 and #changes.reloaded == 1)
        assert(l:events()[2] == "refresh_applied({inserted=1, deleted=0, moved=0, reloaded=1})", l:events()[2])
        """)
    // Bad sections: the refresh ends as failed, the data stays.
    t.ok("l:refresh(); done = pending[2]")
    t.fails(
      "done({{id = 1, items = {{id = 5}, {id = 5}}}})",
      "test:1: bad argument #1 to 'done' (duplicate item id 5: items 1 and 2 of section 1)")
    t.ok(
      "assert(l.refresh_state == 'idle' and l.count == 3 and l.refresh_error == 'duplicate item id 5: items 1 and 2 of section 1')"
    )
    t.fails("pending[2]()", "test:1: done: done called twice (this refresh already finished)")
  }

  func testDoneWithAnErrorSetsRefreshErrorUntilTheNextSuccess() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.setup + """
        l:refresh()
        assert(pending[1](nil, "offline") == "failed")
        assert(l.refresh_state == "idle" and l.refresh_error == "offline" and l.count == 2)
        assert(l:events()[2] == 'refresh_failed("offline")', l:events()[2])
        l:refresh()
        assert(l.refresh_error == "offline")   -- still there while the next one runs
        assert(pending[2]() == "finished" and l.refresh_error == nil)
        """)
    t.ok("assert(#pending == 2)")
  }

  func testACompletionForAReplacedRefreshIsDropped() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.setup + """
        l:refresh()
        l:finish_refresh()                     -- ended without its done
        l:refresh()
        assert(pending[1]({{id = 1, items = {{id = 9}}}}) == "dropped" and l.count == 2)
        assert(l.refresh_state == "refreshing")
        assert(pending[2]({{id = 1, items = {{id = 9}}}}) == "applied" and l.count == 1)
        """)
  }
}
