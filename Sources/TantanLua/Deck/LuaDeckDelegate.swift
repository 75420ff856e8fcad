import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime

/// Calls the Lua `delegate` table's functions with the deck's userdata first and 1-based indices,
/// and records each call in the deck's event log first (also when the table lacks the function):
/// the one path of a deck event, model -> this delegate -> the log and Lua (the source closures
/// record their own calls, `LuaDeckSource`).
/// The model holds this strongly; it reaches the deck through its `DeckLink`, so there is no
/// cycle, and once a script closes the deck inside a callback the remaining calls are skipped.
final class LuaDeckDelegate: SwipeDeckDelegate {
  let link: DeckLink
  /// Keeps the functions alive; calls push them by `slots`.
  let callbacks: Callbacks
  /// Each callback's registry slot (0: absent), from `Callbacks.registrySlots`, core's route for hot
  /// paths: pushing callbacks and directions by slot instead of through their `LuaRef`s saves about
  /// 100 Ir per swipe (bench/ir-rows row 3: 9,094 vs 9,192).
  let slots: [Int32]

  init(link: DeckLink, callbacks: Callbacks) {
    self.link = link
    self.callbacks = callbacks
    slots = callbacks.registrySlots
  }

  /// Records `event`, then calls `callback` with the deck's userdata, then what `push` pushes
  /// (returning its count); `read` sees the results. Does nothing when the deck is gone, and
  /// only records when the delegate lacks the callback.
  private func call(
    _ callback: DeckDelegateCallback, _ event: SwipeDeckEvent, results: Int32 = 0, _ push: (LuaSwipeDeck, Lua) -> Int32,
    read: (Lua) -> Void = { _ in }
  ) throws {
    try link.borrow { deck in
      deck.record(event)
      let slot = slots[callback.rawValue]
      guard slot != 0 else { return }
      let lua = deck.lua
      let handler = lua.pushCallHandler()
      lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(slot))
      deck.pushSelf(lua)
      try lua.call(push(deck, lua) + 1, results, handlerAt: handler, removingHandler: true)
      read(lua)
    }
  }

  func willSwipe(index i: Int) throws {
    try call(.willSwipe, .willSwipe(index: i)) { _, lua in
      lua.push(i + 1)
      return 1
    }
  }

  /// Lua truthiness: `false` or `nil` (a function that returns nothing) vetoes.
  func shouldSwipe(index i: Int, direction d: SwipeDirection) throws -> Bool {
    var answer = true
    try call(.shouldSwipe, .shouldSwipe(index: i, direction: d), results: 1) { deck, lua in
      lua.push(i + 1)
      deck.push(d, lua)
      return 2
    } read: { lua in
      answer = lua.bool(-1)
      lua.pop()
    }
    return answer
  }

  func didDrag(index i: Int, direction d: SwipeDirection?, progress: Double) throws {
    try call(.didDrag, .didDrag(index: i, direction: d, progress: progress)) { deck, lua in
      lua.push(i + 1)
      if let d { deck.push(d, lua) } else { lua.pushNil() }
      lua.push(progress)
      return 3
    }
  }

  func didSwipe(index i: Int, direction d: SwipeDirection) throws {
    try call(.didSwipe, .didSwipe(index: i, direction: d)) { deck, lua in
      lua.push(i + 1)
      deck.push(d, lua)
      return 2
    }
  }

  func didFinishSwipe(index i: Int, direction d: SwipeDirection) throws {
    try call(.didFinishSwipe(d), .didFinishSwipe(index: i, direction: d)) { _, lua in
      lua.push(i + 1)
      return 1
    }
  }

  func didRemove(index i: Int, direction d: SwipeDirection) throws {
    try call(.didRemove, .didRemove(index: i, direction: d)) { deck, lua in
      lua.push(i + 1)
      deck.push(d, lua)
      return 2
    }
  }

  func didCancel(index i: Int) throws {
    try call(.didCancel, .didCancel(index: i)) { _, lua in
      lua.push(i + 1)
      return 1
    }
  }

  func didRunOut() throws {
    try call(.didRunOut, .didRunOut) { _, _ in 0 }
  }

  func didRewind(index i: Int) throws {
    try call(.didRewind, .didRewind(index: i)) { _, lua in
      lua.push(i + 1)
      return 1
    }
  }
}
