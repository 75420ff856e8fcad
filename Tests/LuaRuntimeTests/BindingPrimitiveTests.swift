import CLua
import XCTest

@testable import LuaRuntime

private enum Heading: String, CaseIterable {
  case left, right
  case upAndAway = "up_and_away"
}
private enum Spelling: String, CaseIterable {
  case a, ab
  case empty = ""
  case b
}

/// The general fast primitives bindings use plainly: string options, `pushSelf`, `OwnerLink`.
final class BindingPrimitiveTests: XCTestCase {
  /// `LuaParam.option` matches the Lua string's bytes; anything else keeps `checkString`'s errors
  /// and the option's wording (numbers shown converted).
  func testOptionMatchesBytesAndWordsTheRest() throws {
    let state = try LuaState()
    let lua = state.lua
    let plain = LuaParam<Heading>.option("heading")
    let worded = LuaParam<Heading>.option("heading") { "heading expected, got '\($0)'" }
    XCTAssertEqual(plain.type, "\"left\"|\"right\"|\"up_and_away\"")
    for (text, heading) in [("left", Heading.left), ("right", .right), ("up_and_away", .upAndAway)] {
      lua.push(text)
      XCTAssertEqual(try plain.read(lua, 1), heading)
      lua.pop()
    }
    func message(_ p: LuaParam<Heading>) -> String? {
      do {
        _ = try p.read(lua, 1)
        return nil
      } catch {
        if case .argument(1, let m) = error { return m }
        return "\(error)"
      }
    }
    for (push, expected) in [
      ({ lua.push("lef") }, "invalid option 'lef'"), ({ lua.push("left\0") }, "invalid option 'left\0'"),
      ({ lua.push("upAndAway") }, "invalid option 'upAndAway'"), ({ lua.push(5) }, "invalid option '5'"),
    ] as [(() -> Void, String)] {
      push()
      XCTAssertEqual(message(plain), expected)
      XCTAssertEqual(
        message(worded), expected.replacingOccurrences(of: "invalid option", with: "heading expected, got"))
      lua.pop()
    }
    lua.pushNil()
    XCTAssertEqual(message(plain), "string expected, got nil")
    lua.pop()
  }

  func testOptionPositionsAreExact() throws {
    let state = try LuaState()
    let lua = state.lua
    let option = LuaOption<Spelling>()
    for (text, position) in [("a", 0), ("ab", 1), ("", 2), ("b", 3)] as [(String, Int?)] {
      lua.push(text)
      XCTAssertEqual(option.position(lua, 1), position, text)
      lua.pop()
    }
    lua.push("abc"); XCTAssertNil(option.position(lua, 1)); lua.pop()
    lua.push("ba"); XCTAssertNil(option.position(lua, 1)); lua.pop()
    lua.push(1); XCTAssertNil(option.position(lua, 1)); lua.pop()
    XCTAssertNil(option.position(lua, 1))  // none
  }

  /// Outside the object's methods `pushSelf` finds its userdata in the slot (not kept alive by
  /// it), then in the shared cache; inside its methods it is the method's `self`.
  func testPushSelfGivesTheObjectsOwnUserdata() throws {
    let state = try LuaState()
    let lua = state.lua
    probeClass.register(lua)
    let probe = Probe(7)
    probeClass.pushShared(lua, probe)
    var slot = LuaSelfSlot(state, userdata: lua.top)
    try lua.setGlobal("p")
    probeClass.pushSelf(lua, probe, slot: slot)
    try lua.setGlobal("q")
    XCTAssertNil(run(state, "assert(rawequal(p, q))"))
    slot = LuaSelfSlot()
    probeClass.pushSelf(lua, probe, slot: slot)  // the shared cache
    try lua.setGlobal("q")
    XCTAssertNil(run(state, "assert(rawequal(p, q))"))
    // Collected: the slot reads empty, and pushSelf makes a new userdata.
    probeClass.pushShared(lua, probe)
    slot = LuaSelfSlot(state, userdata: lua.top)
    lua.pop()
    XCTAssertNil(run(state, "p, q = nil, nil; collectgarbage(); collectgarbage()"))
    XCTAssertFalse(slot.push(lua))
    XCTAssertEqual(lua.top, 0)
    probeClass.pushSelf(lua, probe, slot: slot)
    XCTAssertEqual(probeClass.object(lua, -1)?.value, 7)
    lua.pop()
  }

  func testPushSelfInsideAMethodIsItsSelf() throws {
    let state = try LuaState()
    let lua = state.lua
    let cls = LuaClass<Probe>(
      name: "test.SelfProbe", doc: "",
      methods: [
        .init("me", parameters: [], returns: "test.SelfProbe", "") { p, lua throws(LuaCallError) in
          selfProbeClass.pushSelf(lua, p, slot: LuaSelfSlot())
          return 1
        }
      ], fields: [], describe: { _ in "" })
    selfProbeClass = cls
    cls.register(lua)
    cls.push(lua, Probe(1))
    try lua.setGlobal("p")
    XCTAssertNil(run(state, "assert(rawequal(p:me(), p)); assert(rawequal(p.me(p), p))"))
  }

  /// The link borrows without retaining, and reads nil once its owner detached.
  func testOwnerLinkBorrowsUntilDetached() {
    let alive = Probe.alive
    let link = OwnerLink<Probe>()
    XCTAssertFalse(link.isAttached)
    XCTAssertNil(link.borrow { $0.value })
    do {
      let owner = Probe(3)
      link.attach(owner)
      XCTAssertEqual(link.borrow { $0.value }, 3)
      XCTAssertEqual(Probe.alive, alive + 1)
      link.attach(nil)
    }
    XCTAssertEqual(Probe.alive, alive)  // not kept alive by the link
    var called = false
    XCTAssertNil(link.borrow { _ in called = true })
    XCTAssertFalse(called)
  }

  private func run(_ state: LuaState, _ code: String) -> String? {
    guard state.load(code, name: "=test") == LUA_OK else {
      defer { state.lua.pop() }; return "load: \(state.lua.string(-1)!)"
    }
    if !state.lua.pcall(0, 0, traceback: false) { defer { state.lua.pop() }; return state.lua.string(-1) ?? "?" }
    return nil
  }
}

nonisolated(unsafe) private var selfProbeClass: LuaClass<Probe>!
