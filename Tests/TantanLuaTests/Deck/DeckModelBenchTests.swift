import Foundation
import XCTest

/// bench/deck_model.lua, the plain-Lua deck that row 3 compares tantan-host's deck with, must do
/// the same work: the same script gives the same delegate and source calls in the same order under
/// `tantan-host` and under `lua5.4 bench/deck_model.lua`.
final class DeckModelBenchTests: CLITestCase {
  func testThePlainLuaDeckModelMakesTheSameCallsAsTheHostsDeck() throws {
    let script = try write(
      "swipes.lua",
      """
      local calls = {}
      local function note(_, i, d) calls[#calls + 1] = tostring(i) .. (d or "") end
      local deck = tantan.deck{
        source = {
          count = function() return 7 end,
          card = function(_, index, reused) local m = reused or {} m.index = index return m end,
          empty = function() return nil end,
        },
        delegate = {
          will_swipe = note, should_swipe = function(_, i) return i ~= 3 end, did_swipe = note,
          did_swipe_left = note, did_swipe_right = note, did_remove = note, did_cancel = note, did_run_out = note,
        },
      }
      for k = 1, 5 do
        deck:swipe(k % 2 == 0 and "left" or "right")
        tantan.clock:settle()
      end
      deck:like() deck:nope()  -- the nope waits for the like's fly-off
      tantan.clock:settle()
      print(deck.index, table.concat(calls, " "))
      for _, e in ipairs(deck:events()) do print(e) end
      """)
    let host = try runHost([script])
    let deckModel = HostBinary.packageRoot.appendingPathComponent("bench/deck_model.lua").path
    let model = try run(try lua(), [deckModel, script])
    XCTAssertEqual(host.status, 0, host.stderr)
    XCTAssertEqual(model.status, 0, model.stderr)
    XCTAssertTrue(host.stdout.contains("did_swipe_left(2)"), host.stdout)
    XCTAssertTrue(host.stdout.contains("did_cancel(3)"), host.stdout)
    XCTAssertEqual(model.stdout, host.stdout)
  }
}
