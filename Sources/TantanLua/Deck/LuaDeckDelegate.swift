import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime

/// Calls the Lua `delegate` table's functions with the deck's userdata first and 1-based indices,
/// and records each call in the deck's event log first (also when the table lacks the function).
/// Recording here instead of through the model's `eventSink` closure is the same: the binding
/// always installs this delegate and never replaces it, and the model calls the sink right before
/// the delegate; it saves a closure call and a retain/release pair per event.
/// The model holds this strongly; it reaches the deck through its `DeckLink`, so there is no
/// cycle, and once a script closes the deck inside a callback the remaining calls are skipped.
final class LuaDeckDelegate: SwipeDeckDelegate {
  static let names = [
    "will_swipe", "should_swipe", "did_drag", "did_swipe", "did_swipe_left", "did_swipe_right", "did_swipe_up",
    "did_swipe_down", "did_remove", "did_cancel", "did_run_out", "did_rewind",
  ]
  static let willSwipe = 0, shouldSwipe = 1, didDrag = 2, didSwipe = 3, didSwipeLeft = 4, didRemove = 8
  static let didCancel = 9, didRunOut = 10, didRewind = 11

  let link: DeckLink
  /// The state's main thread: each call asks the shim for the running thread (a deck made on one
  /// coroutine may be driven from another) without loading the state through a checked reference.
  private let mainThread: OpaquePointer
  /// Keeps the functions' registry slots alive; `slots` reads them without retaining anything.
  let callbacks: Callbacks
  /// Registry slot of each callback (0: absent) and of each direction string, for `lua_rawgeti`.
  let slots: [Int32]
  let directionSlots: [Int32]
  private let directionRefs: [LuaRef]

  init(link: DeckLink, lua: Lua, state: LuaState, callbacks: Callbacks) {
    self.link = link
    mainThread = state.main.L
    self.callbacks = callbacks
    slots = callbacks.registrySlots
    directionRefs = SwipeDirection.allCases.map { d in
      lua.push(d.rawValue)
      return state.ref()
    }
    directionSlots = directionRefs.map(\.ref)
  }

  /// Records `event`, then calls callback `i` with the deck's userdata, then what `push` pushes
  /// (returning its count); `read` sees the results. Does nothing when the deck is gone, and
  /// only records when the delegate lacks the callback. Nothing is retained per call (the deck
  /// is borrowed through its link).
  @inline(__always) private func call(
    _ i: Int, _ event: SwipeDeckEvent, results: Int32 = 0, _ push: (Lua) -> Int32, read: (Lua) -> Void = { _ in }
  ) throws {
    try link.borrow { owner in
      owner.record(event)
      let slot = slots[i]
      guard slot != 0 else { return }
      let lua = Lua(tt_current(mainThread))
      let handler = lua.pushCallHandler()
      lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(slot))
      owner.pushSelf(lua)
      try lua.call(push(lua) + 1, results, handlerAt: handler, removingHandler: true)
      read(lua)
    }
  }

  @inline(__always) private func index(_ lua: Lua, _ index: Int) { lua.push(index + 1) }
  @inline(__always) private func direction(_ lua: Lua, _ d: SwipeDirection) {
    lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(directionSlots[d.ordinalIndex]))
  }

  func willSwipe(index i: Int) throws {
    try call(Self.willSwipe, .willSwipe(index: i)) { lua in index(lua, i); return 1 }
  }

  /// Lua truthiness: `false` or `nil` (a function that returns nothing) vetoes.
  func shouldSwipe(index i: Int, direction d: SwipeDirection) throws -> Bool {
    var answer = true
    try call(Self.shouldSwipe, .shouldSwipe(index: i, direction: d), results: 1, { lua in index(lua, i); direction(lua, d); return 2 }) { lua in
      answer = lua.bool(-1)
      lua.pop()
    }
    return answer
  }

  func didDrag(index i: Int, direction d: SwipeDirection, progress: Double) throws {
    try call(Self.didDrag, .didDrag(index: i, direction: d, progress: progress)) { lua in index(lua, i); direction(lua, d); lua.push(progress); return 3 }
  }

  func didSwipe(index i: Int, direction d: SwipeDirection) throws {
    try call(Self.didSwipe, .didSwipe(index: i, direction: d)) { lua in index(lua, i); direction(lua, d); return 2 }
  }

  func didFinishSwipe(index i: Int, direction d: SwipeDirection) throws {
    try call(Self.didSwipeLeft + d.ordinalIndex, .didFinishSwipe(index: i, direction: d)) { lua in index(lua, i); return 1 }
  }

  func didRemove(index i: Int, direction d: SwipeDirection) throws {
    try call(Self.didRemove, .didRemove(index: i, direction: d)) { lua in index(lua, i); direction(lua, d); return 2 }
  }

  func didCancel(index i: Int) throws {
    try call(Self.didCancel, .didCancel(index: i)) { lua in index(lua, i); return 1 }
  }

  func didRunOut() throws {
    try call(Self.didRunOut, .didRunOut) { _ in 0 }
  }

  func didRewind(index i: Int) throws {
    try call(Self.didRewind, .didRewind(index: i)) { lua in index(lua, i); return 1 }
  }
}
