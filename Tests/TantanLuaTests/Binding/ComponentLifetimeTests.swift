import XCTest

/// The bindings borrow their component unretained inside callbacks and timers (scripts/bench row 3).
/// These scripts drop every reference to a component from inside its own callbacks and force full
/// collections while it is still working, so a borrow that outlives its owner shows up here (and
/// under `valgrind` on the release binary, where these scripts ran clean).
final class ComponentLifetimeTests: XCTestCase {
  static let churn = """
    local function churn() local t = {} for i = 1, 2000 do t[i] = {i} end collectgarbage("collect") end

    """

  func testDecksDroppedInsideTheirCallbacksAndMidFlightFinishCleanly() throws {
    let t = try LuaTestHost()
    t.deckOK(
      Self.churn + """
        local decks, settled = {}, 0
        for k = 1, 5 do
          decks[k] = tantan.deck{
            source = { count = function() return 10 end, card = function(_, i) churn(); return {i} end },
            delegate = {
              will_swipe = function() churn() end,
              did_swipe = function() for j = 1, 5 do decks[j] = nil end churn() end,
              did_remove = function() settled = settled + 1; churn() end,
            },
          }
        end
        local list = {}
        for k = 1, 5 do list[k] = decks[k] end
        for k = 1, 5 do list[k]:swipe("left") end
        local kept = list[3]
        list = nil
        collectgarbage("collect")
        tantan.clock:settle()
        churn()
        -- The collected decks' flights were cancelled with them; the one still referenced landed.
        eq(settled, 1)
        eq(kept.index, 2)
        """)
  }

  func testAListDroppedInsideItemHeightFinishesItsReload() throws {
    let t = try LuaTestHost()
    t.deckOK(
      Self.churn + """
        local list, heights = nil, 0
        list = tantan.list{ width = 320, height = 480,
          sections = { { id = "a", items = { {id = 1}, {id = 2}, {id = 3} } } },
          item_height = function() list = nil; heights = heights + 1; churn(); return 40 end }
        local l2 = list
        list = nil
        l2:reload()
        l2 = nil
        churn()
        eq(heights >= 3, true)
        """)
  }
}
