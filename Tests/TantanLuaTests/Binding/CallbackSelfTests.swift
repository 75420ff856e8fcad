import XCTest

/// A callback's first argument is its component's userdata. Methods remember their `self` per
/// Swift call (`tt_push_self`), so callbacks reuse argument 1 without checking it; these scripts
/// cross every entry path (nested methods of other objects, timers, coroutines, errors caught in
/// between) and check that each callback still gets its own component.
final class CallbackSelfTests: XCTestCase {
  static let prelude = """
    -- Each callback records (name, self); `verify` compares them once every component exists.
    local seen = {}
    local function check(name) return function(self) seen[#seen + 1] = {name, self} end end
    local function verify(want)
      local wrong = {}
      for _, s in ipairs(seen) do if want[s[1]] ~= s[2] then wrong[#wrong + 1] = s[1] end end
      return table.concat(wrong, " ")
    end
    local function source(n) return { count = function() return n end, card = function(_, i) return {i} end } end

    """

  func testDeckCallbacksGetTheirDeckAcrossNestedCallsTimersAndCoroutines() throws {
    let t = try LuaTestHost()
    t.deckOK(
      Self.prelude + """
        local a, b
        local co = coroutine.wrap(function() while true do b:swipe("left") coroutine.yield() end end)
        b = tantan.deck{ source = source(20), delegate = {
          will_swipe = check("b"),
          did_swipe = check("b"),
          did_remove = check("b"),
        } }
        a = tantan.deck{ source = source(20), delegate = {
          will_swipe = function(self)
            check("a")(self)
            co()                                            -- b's method inside a coroutine
            tantan.clock:settle()                           -- b's flight lands from a's callback
          end,
          should_swipe = function(self)
            check("a")(self)
            assert(not pcall(b.swipe, b, "sideways"))       -- a method of b fails in between
            return true
          end,
          did_swipe = function(self)
            check("a")(self)
            co()
          end,
          did_remove = check("a"),
        } }
        a:swipe("right")
        tantan.clock:settle()                               -- a's landing, from the clock's method
        tantan.render.frames(a, 0.1, 10)                    -- a method whose argument 1 is not self
        a:swipe("left")
        tantan.render.frames(a, 1, 2)
        eq(verify{a = a, b = b}, "")
        eq(#seen, 20)
        eq(a.index, 3)
        eq(b.index, 5)
        """)
  }

  func testListItemHeightGetsItsListFromConstructorMethodsAndOtherLists() throws {
    let t = try LuaTestHost()
    t.deckOK(
      Self.prelude + """
        local one, two
        local calls = 0
        local function items(n) local t = {} for i = 1, n do t[i] = {id = i} end return {{id = 1, items = t}} end
        two = tantan.list{ width = 320, height = 480, sections = items(3),
          item_height = function(self) calls = calls + 1; check("two")(self); return 10 end }
        one = tantan.list{ width = 320, height = 480, sections = items(3),
          item_height = function(self, s, i)
            calls = calls + 1
            check("one")(self)
            if one and i == 2 then two:reload() end         -- another list's method mid-run
            if one and i == 3 then assert(not pcall(two.scroll_to, two, "nowhere")) end
            return 20
          end }
        one:reload()
        eq(verify{one = one, two = two}, "")
        eq(#seen, calls)
        eq(calls >= 12, true)
        """)
  }
}
