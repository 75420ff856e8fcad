import XCTest

@testable import TantanLua

/// The shared event log: formatting, compact and spilled records, the bounded ring.
final class EventLogTests: XCTestCase {
  func testFormattingCompactAndSpilledEvents() throws {
    let t = try LuaTestHost()
    let lua = t.state.lua
    var log = EventLog()
    log.append(Event("did_swipe", [.int(3), .string("right")]))
    log.append(Event("did_drag", [.int(1), .string("le\"ft"), .number(0.5)]))
    log.append(Event("many", [.int(1), .number(2), .string("x"), .bool(true), .none]))  // spilled: 5 args
    let sym = log.symbol("card")
    log.append(sym, .int(6), .bool(true), count: 2)
    log.append(log.symbol("did_run_out"), count: 0)
    XCTAssertEqual(
      log.events.map { $0.format(lua) },
      [
        "did_swipe(3, \"right\")", "did_drag(1, \"le\\\"ft\", 0.5)", "many(1, 2.0, \"x\", true, nil)", "card(6, true)",
        "did_run_out()",
      ])
    XCTAssertEqual(t.state.lua.top, 0)
  }

  func testTheRingKeepsTheNewestAndCountsDropped() throws {
    let t = try LuaTestHost()
    var log = EventLog()
    log.limit = 3
    for i in 1...5 { log.append(Event("e", [.int(i)])) }
    XCTAssertEqual(log.events.map { $0.format(t.state.lua) }, ["e(3)", "e(4)", "e(5)"])
    XCTAssertEqual(log.dropped, 2)
    log.limit = 4  // raised after wrapping: order kept
    log.append(Event("e", [.int(6)]))
    XCTAssertEqual(log.events.map { $0.format(t.state.lua) }, ["e(3)", "e(4)", "e(5)", "e(6)"])
    log.limit = 2  // lowered: the oldest go
    log.append(Event("big", [.int(1), .int(2), .int(3), .int(4)]))
    XCTAssertEqual(log.events.map { $0.format(t.state.lua) }, ["e(6)", "big(1, 2, 3, 4)"])
    log.clear()
    XCTAssertEqual(log.events.count, 0)
    XCTAssertEqual(log.dropped, 0)
  }

  func testUniqueStringsBeyondTheSymbolCapAreKeptAsTheyAre() throws {
    let t = try LuaTestHost()
    var log = EventLog()
    for i in 0..<5000 { log.append(Event("id", [.string("item-\(i)")])) }
    let last = log.events.last?.format(t.state.lua)
    XCTAssertEqual(last, "id(\"item-4999\")")
    XCTAssertEqual(log.events.count, 5000)
  }
}
