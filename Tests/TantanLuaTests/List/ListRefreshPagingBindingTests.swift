import XCTest

/// Pull to refresh and paging from Lua, with `done` called now, later on the clock, and twice.
final class ListRefreshPagingBindingTests: XCTestCase {
  func testRefreshStateMachineWithDoneLaterOnTheClock() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      pending = nil
      l = tantan.list{refresh = {threshold = 50, on_refresh = function(list, done)
        assert(list == l and list.refresh_state == "refreshing")
        tantan.after(1, done)
      end}, sections = {{id = 1, items = {{id = 1}}}}}
      assert(l.refresh_state == "idle")
      assert(l:pull(20) == "pulling")
      assert(l:pull(50) == "armed")
      assert(l:pull(49) == "pulling")       -- the arrow flips back under the threshold
      assert(l:release() == "idle")         -- released before the threshold: nothing happens
      assert(#l:events() == 0)
      l:pull(80)
      assert(l:release() == "refreshing")
      assert(l:events()[1] == "on_refresh()")
      assert(l:pull(30) == "refreshing")    -- a second pull while refreshing starts nothing
      assert(l:release() == "refreshing" and #l:events() == 1)
      tantan.clock:advance(0.5); assert(l.refresh_state == "refreshing")
      tantan.clock:advance(0.5); assert(l.refresh_state == "finishing")
      tantan.clock:advance(0.25); assert(l.refresh_state == "idle")
      """)
    t.fails("l:release()", "test:1: release: no pull in progress")
    t.fails("l:pull(-1)", "test:1: bad argument #1 to 'pull' (distance must be a finite number >= 0, got -1)")
    t.fails("l:pull(0/0)", "test:1: bad argument #1 to 'pull' (distance must be a finite number >= 0, got nan)")
  }

  func testDoneTwiceIsAnErrorAtTheSecondCaller() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      l = tantan.list{refresh = {finish_duration = 0, on_refresh = function(_, done) saved = done; done() end}}
      l:pull(60); l:release()
      assert(l.refresh_state == "idle")
      """)
    t.fails("saved()", "test:1: done: done called twice (this refresh already finished)")
    t.ok("assert(l.refresh_state == 'idle')")
  }

  func testRefreshWithoutCallbackAndRaisingCallback() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      l = tantan.list{refresh = {}}
      l:refresh(); assert(l.refresh_state == "refreshing" and l:events()[1] == "on_refresh()")
      l:finish_refresh(); assert(l.refresh_state == "finishing")
      tantan.clock:settle(); assert(l.refresh_state == "idle")
      bad = tantan.list{refresh = {on_refresh = function() error("offline") end}}
      bad:pull(60)
      """)
    t.fails("bad:release()", "test:5: offline")
    t.ok("assert(bad.refresh_state == 'idle')")
  }

  /// 12 items of 100 in a 300-high viewport, pages of 5 loaded when the last item shows.
  static let paging = """
    loads = {}
    local function items(from, n)
      local t = {}
      for i = from, from + n - 1 do t[#t + 1] = {id = i, title = "flower " .. i} end
      return t
    end
    next_id = 13
    function page_of(n) local t = items(next_id, n); next_id = next_id + n; return t end
    l = tantan.list{height = 300, item_height = 100,
      refresh = {finish_duration = 0, on_refresh = function(_, done) refreshes = done end},
      paging = {page_size = 5, on_load_more = function(list, page, done) loads[#loads + 1] = {page = page, done = done} end},
      sections = {{id = "feed", items = items(1, 12)}}}
    """

  func testPagingAppendsFailsAndRollsBackAndStopsAtAShortPage() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.paging + "\n" + """
        assert(l.page == 0 and not l.loading and l.has_more and #loads == 0)  -- never at construction
        l:scroll_to(800)                                -- item 12 (1100..1200) not shown yet
        assert(#loads == 0)
        l:scroll_to(900)                                -- the last item shows
        assert(#loads == 1 and loads[1].page == 1 and l.page == 1 and l.loading)
        l:scroll_by(-100); l:scroll_by(100)             -- no second load while one runs
        assert(#loads == 1)
        assert(loads[1].done(nil, "timeout") == "failed")
        assert(l.page == 0 and not l.loading and l.load_error == "timeout" and l.count == 12)
        l:scroll_by(-1); l:scroll_by(1)                 -- the error latches (issue 17.2): no retry storm
        assert(#loads == 1 and l.load_error == "timeout")
        assert(l:load_more())                           -- tap to retry
        assert(#loads == 2 and loads[2].page == 1 and l.load_error == nil)
        assert(loads[2].done(page_of(5)) == "appended")
        assert(l.count == 17 and l.content_height == 1700 and l.page == 1 and l.has_more)
        assert(l:item(1, 17).title == "flower 17")
        l:scroll_to(1400)
        assert(#loads == 3 and loads[3].page == 2)
        loads[3].done(page_of(2))                       -- fewer than a page: the end
        assert(not l.has_more and l.count == 19)
        l:scroll_to(1600)
        assert(#loads == 3)
        local ev = l:events()
        -- did_scroll is recorded without a delegate too, after the load its scroll started
        local want = "did_scroll(800) on_load_more(1) did_scroll(900) did_scroll(800) did_scroll(900) did_scroll(899) "
          .. "did_scroll(900) on_load_more(1) on_load_more(2) did_scroll(1400) did_scroll(1600)"
        assert(table.concat(ev, " ") == want, table.concat(ev, " "))
        """)
    t.fails("loads[3].done({})", "test:1: done: done called twice (page 2 already completed)")
    t.fails("loads[1].done({})", "test:1: done: done called twice (page 1 already completed)")
  }

  func testStaleResultAfterRefreshIsDropped() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.paging + "\n" + """
        l:scroll_to(900)
        assert(#loads == 1 and l.loading)
        l:scroll_to(-0.0)
        l:pull(60); l:release()                          -- a refresh resets paging
        assert(l.page == 0 and not l.loading and l.has_more)
        assert(loads[1].done(page_of(5)) == "dropped")   -- the old page never reaches the new data
        assert(l.count == 12)
        refreshes()
        assert(l.refresh_state == "idle")
        l:scroll_to(900)
        assert(#loads == 2 and loads[2].page == 1)
        """)
  }

  func testBadPagesAndRaisingLoadMore() throws {
    let t = try LuaTestHost()
    t.ok(Self.paging + "\n" + "l:scroll_to(900)")
    // Items the list rejects fail the load as done(nil, err) does: nothing raised into the caller.
    t.ok("assert(loads[1].done({{id = 3}}) == 'failed')")
    t.ok(
      "assert(l.count == 12 and not l.loading and l.page == 0 and l.load_error == 'duplicate item id 3: items 3 and 13 of section \"feed\"', l.load_error)"
    )
    t.ok("l:scroll_by(-1); l:scroll_by(1); assert(#loads == 1); l:load_more(); assert(#loads == 2)")
    t.fails(
      "loads[2].done({{title = 'x'}})",
      "test:1: bad argument #1 to 'done' (items[1]: missing id (an integer or a string))")
    t.ok("assert(l.loading and loads[2].done(page_of(5)) == 'appended' and l.count == 17)")
    t.fails("loads[2].done(5)", "test:1: bad argument #1 to 'done' (table of items or nil expected, got number)")
    let u = try LuaTestHost()
    u.ok(
      """
      l = tantan.list{height = 100, item_height = 100, paging = {on_load_more = function() error("no network") end},
        sections = {{id = 1, items = {{id = 1}, {id = 2}}}}}
      """)
    u.fails("l:scroll_to(100)", "test:1: no network")
    u.ok("assert(l.offset == 100 and l.page == 0 and not l.loading and l.load_error == 'test:1: no network')")
  }

  func testAFailedLoadLatchesUntilLoadMoreOrARefresh() throws {
    let t = try LuaTestHost()
    t.ok(
      Self.paging + "\n" + """
        l:scroll_to(900)
        loads[1].done(nil, "offline")
        for _ = 1, 3 do l:scroll_by(-1); l:scroll_by(1) end
        assert(#loads == 1 and l.load_error == "offline" and l.page == 0)
        l:scroll_to(-0.0); l:pull(60); l:release()       -- a refresh clears the error
        assert(l.load_error == nil)
        refreshes()
        l:scroll_to(900)
        assert(#loads == 2 and loads[2].page == 1)
        """)
  }
}
