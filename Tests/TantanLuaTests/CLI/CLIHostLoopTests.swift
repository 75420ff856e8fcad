import Foundation
import XCTest

/// Issue 21.4: host loops driven by user callbacks end, each at a documented bound that is an
/// error at the caller's line. Before: both scripts below ran until killed.
final class CLIHostLoopTests: CLITestCase {
  /// At 1e300 s, `now + tick == now`: a drag near the bottom edge autoscrolled at one instant for ever.
  func testTheClockRefusesTimesWhereItsStepIsLost() throws {
    try write(
      "far.lua",
      """
      local g = tantan.grid{source = {count = function() return 10^6 end, item = function(_, i) return i end, move = function() end}}
      print(pcall(function() tantan.clock:advance(1e300) end))
      tantan.clock:advance(1e9 - 10)
      g:long_press(1)
      g:drag_by(0, g.height - 10)
      tantan.clock:advance(1)
      print("autoscrolled", g.offset > 0, g.autoscrolling)
      print(pcall(function() tantan.clock:advance(100) end))
      print(pcall(function() tantan.clock:settle() end))
      """)
    let r = try runHost(["far.lua"], timeout: 60)
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    let range = "past the clock's range (1000000000 s, where a microsecond still counts)"
    XCTAssertEqual(
      r.stdout,
      """
      false\tfar.lua:2: bad argument #1 to 'advance' (time 1e+300 s is \(range))
      autoscrolled\ttrue\ttrue
      false\tfar.lua:8: bad argument #1 to 'advance' (time 1000000091 s is \(range))
      false\tfar.lua:9: settle: the next timer is due at 1000000000.0166571 s, \(range)

      """)
  }

  /// A `should_swipe` that calls `d:swipe` queued a swipe per refusal: one `swipe()` never returned.
  func testADeckQueueThatRefillsItselfStopsAtItsBound() throws {
    try write(
      "queue.lua",
      """
      local d, refuse = nil, true
      d = tantan.deck{source = {{}, {}, {}}, delegate = {should_swipe = function()
        if refuse then d:swipe("left") else return true end
      end}}
      print(pcall(function() d:swipe("right") end))
      refuse = false  -- the deck is consistent again: the next swipe works
      print(d.index, pcall(function() d:swipe("right") tantan.clock:settle() end), d.index)
      """)
    let r = try runHost(["queue.lua"], timeout: 60)
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(
      r.stdout,
      """
      false\tqueue.lua:5: swipe: queued swipes keep coming (more than 10000; a callback that queues one each time?)
      1\ttrue\t2

      """)
  }

  /// A timer that reschedules itself at the same instant: `advance(0)` used to spin for ever.
  func testOneAdvanceFiresABoundedNumberOfTimers() throws {
    let r = try runHost(
      [
        "-e",
        """
        local function again() tantan.after(0, again) end
        again()
        print(pcall(function() tantan.clock:advance(0) end))
        """,
      ], timeout: 60)
    assertSane(r)
    XCTAssertEqual(
      r.stdout,
      "false\t(command line):3: advance: timers still pending after 1000000 fired (a timer that keeps rescheduling itself?)\n"
    )
  }
}
