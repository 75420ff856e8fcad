import HeadlessUI
import LuaRuntime
import TantanLua

/// Prints what the deck tells its delegate.
final class Printer: SwipeDeckDelegate {
  func handle(_ event: SwipeDeckEvent) throws -> Bool {
    switch event {
    case .didSwipe(let index, let direction): print("did swipe card \(index) \(direction)")
    case .didCancel(let index): print("card \(index) came back")
    default: break
    }
    return true  // the answer to `shouldSwipe`: let it go
  }
}

/// The swipe deck model from Swift alone: no Lua. Time is a virtual clock you advance.
func swipeFromSwift(_ deck: SwipeDeck<String>, _ clock: VirtualClock) throws {
  try deck.like()
  _ = try clock.settle()  // the card flies off
  _ = try deck.pan(dx: 40, dy: 0)  // not past the threshold (120): it springs back
  _ = try clock.settle()
  print("top: \(deck.top!.model), swiped: \(deck.history.map { "\($0.index) \($0.direction)" })")
}

/// A Lua snippet run through LuaRuntime, given a Swift function that swipes the same deck.
func swipeFromLua(_ deck: SwipeDeck<String>, _ clock: VirtualClock) throws {
  let swipe: LuaSwiftFunction = { lua throws(LuaCallError) in
    let direction = SwipeDirection(rawValue: try lua.checkOption(1, ["left", "right"]))!
    do {
      try deck.swipe(direction)
      _ = try clock.settle()
    } catch {
      throw .message("\(error)")  // a Lua error at the caller's line
    }
    lua.push(deck.top!.model)
    return 1
  }
  let state = try LuaState()
  state.lua.push(function: swipe)
  let results = try state.run(
    """
    local swipe = ...
    local tops = {}
    for _, direction in ipairs({ "left", "left", "right" }) do tops[#tops + 1] = swipe(direction) end
    return table.concat(tops, ", "), #tops
    """, name: "=snippet", arguments: 1)
  print("lua returned: \(results)")
  do {
    state.lua.push(function: swipe)
    _ = try state.run("local swipe = ...\nswipe('up')", name: "=snippet", arguments: 1)
  } catch {
    print("lua error: \(error.description.split(separator: "\n")[0])")
  }
}

/// The `tantan` module (TantanLua) in a Lua state of your own: what a tantan-host script gets.
func deckFromTantan() throws {
  let state = try LuaState()
  let host = TantanHost(state: state)  // the state's virtual clock and plugin registry
  TantanModule.install(host)  // the `tantan` global: deck, grid, list, clock, json, render
  try withExtendedLifetime(host) {  // the module's objects refer to their host: keep it while Lua runs
    let results = try state.run(
      """
      local deck = tantan.deck{ source = { {name = "Ann"}, {name = "Bo"}, {name = "Cy"} } }
      deck:like()
      tantan.clock:settle()
      return deck.top.model.name, #deck.history
      """, name: "=tantan")
    print("tantan \(TantanHost.version) returned: \(results) at t=\(host.clock.now)")
    state.close()
  }
}

let clock = VirtualClock()
let deck = try SwipeDeck(models: ["Ann", "Bo", "Cy", "Dee"], clock: clock)
let printer = Printer()
deck.delegate = printer
try swipeFromSwift(deck, clock)
try swipeFromLua(deck, clock)
try deckFromTantan()
