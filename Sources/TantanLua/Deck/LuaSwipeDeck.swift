import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime

/// The object behind a `tantan.SwipeDeck` userdata: the headless model over Lua view models, its
/// Lua source and delegate, and its event log.
///
/// Ownership: userdata -> this object -> model -> delegate adapter and source closures, which reach
/// back here through a `DeckLink` (the model holds its delegate strongly, so a strong back pointer
/// would be a cycle). Models are `LuaRef`s: the model keeps exactly the ones it shows, pools or
/// shows empty, and ARC releases the rest (so `modelReleased` is not needed).
final class LuaSwipeDeck {
  /// Unowned: the host outlives every value of its state (its state closes, running every
  /// `__gc`, before the host goes), and the host reaches its decks through that state.
  unowned let host: TantanHost
  /// Nil only while the model's initializer runs (it already calls the source); set once.
  var model: SwipeDeck<LuaRef>?
  let config: SwipeDeckConfig
  /// The tables given as `source` and `delegate`, returned by the fields of the same name.
  let sourceTable: LuaRef
  let delegateTable: LuaRef?
  var log: EventLog
  let symbols: DeckSymbols
  /// How the model's delegate and source reach back here; cleared on deinit, so a deck closed
  /// or collected from inside a callback ends its model's remaining callbacks cleanly.
  let link = DeckLink()
  /// A weak-valued table `{userdata}` in the registry: how callbacks outside the deck's own
  /// methods (a completion inside `clock:settle`) get its userdata without keeping it alive.
  var selfSlot: LuaRef? { didSet { selfSlotIndex = selfSlot?.ref ?? 0 } }
  /// `selfSlot`'s registry index (0: none), read without retaining the reference.
  private var selfSlotIndex: Int32 = 0
  /// The direction names as Lua strings, in `SwipeDirection.ordinalIndex` order: pushed from the
  /// registry, not interned again on every callback.
  let directionNames: [LuaRef]
  /// Their registry slots, pushed without retaining the references.
  private let directionSlots: [Int32]

  /// The state's main thread, for `lua` without loading the host and its state.
  private let mainThread: OpaquePointer
  /// The running thread (a coroutine's when one called into the host).
  var lua: Lua { Lua(tt_current(mainThread)) }

  init(host: TantanHost, config: SwipeDeckConfig, sourceTable: LuaRef, delegateTable: LuaRef?) {
    self.host = host
    mainThread = host.state.main.L
    self.config = config
    self.sourceTable = sourceTable
    self.delegateTable = delegateTable
    var log = EventLog(host: host, component: "deck")
    symbols = DeckSymbols(&log)
    self.log = log
    directionNames = SwipeDirection.allCases.map { d in
      host.lua.push(d.rawValue)
      return host.state.ref()
    }
    directionSlots = directionNames.map(\.ref)
    link.attach(self)
    self.log.owner = self
    // Animation frames: every `clock:advance` while the top card animates fires `did_drag`.
    frameObserver = host.clock.addAdvanceObserver { [link] in
      try link.borrow { try $0.model?.animationFrame() }
    }
  }

  deinit {
    link.attach(nil)
    host.clock.removeAdvanceObserver(frameObserver)
  }

  /// This deck's observer of the clock (removed on deinit).
  private var frameObserver: UInt64 = 0

  /// The model, or an error when a callback inside the constructor calls back into the deck.
  func checkedModel() throws(LuaCallError) -> SwipeDeck<LuaRef> {
    guard let model else { throw Self.constructing }
    return model
  }

  private static var constructing: LuaCallError { .message("tantan.SwipeDeck: the deck is still being constructed") }

  /// Pushes this deck's userdata, the first argument of every callback. Inside one of the deck's
  /// methods it is argument 1 of the running frame (`tt_push_self` compares the object address the
  /// method recorded); otherwise the weak slot has it, and `pushShared` is the last resort.
  /// The `tt_push_self` step (an `Unmanaged` address) pays 232 Ir per swipe over the weak slot
  /// alone (bench/ir-rows row 3: 9,248 vs 9,016; 3 of a swipe's 6 callbacks run inside `swipe`).
  func pushSelf(_ lua: Lua) {
    if tt_push_self(lua.L, Unmanaged.passUnretained(self).toOpaque()) != 0 { return }
    if selfSlotIndex != 0 {
      lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(selfSlotIndex))
      if lua.rawGet(-1, index: 1) == LUA_TUSERDATA {
        lua_copy(lua.L, -1, -2)
        lua.pop()
        return
      }
      lua.pop(2)
    }
    DeckBinding.deckClass.pushShared(lua, self)
  }

  /// Pushes a direction name.
  func push(_ direction: SwipeDirection, _ lua: Lua) {
    lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(directionSlots[direction.ordinalIndex]))
  }
}

/// A back pointer that the deck clears in its deinit: the model (owned by the deck) holds this
/// instead of the deck, so there is no cycle, and a script that closes the deck inside a
/// callback while the model is still running ends the model's remaining callbacks cleanly.
///
/// Unmanaged, and borrowed for each call: the model calls back through the link 6 times per
/// swipe, and loading a (safe) `unowned` reference instead retains and releases the deck each
/// time: 311 Ir more per swipe (bench/ir-rows row 3: 9,327 vs 9,016). Borrowing is sound because
/// the deck is alive while its model runs (every entry into the model holds it), and its deinit
/// detaches.
final class DeckLink {
  private var deck: Unmanaged<LuaSwipeDeck>?

  func attach(_ deck: LuaSwipeDeck?) { self.deck = deck.map { Unmanaged.passUnretained($0) } }

  /// `body`'s result with the deck borrowed; nil, without calling `body`, once the deck is gone.
  func borrow<T>(_ body: (LuaSwipeDeck) throws -> T) rethrows -> T? {
    guard let deck else { return nil }
    return try deck._withUnsafeGuaranteedRef(body)
  }

  /// What a data-source call made after the deck was closed throws (the model holds it).
  static var closed: LuaCallError { .message("tantan.SwipeDeck: the deck was closed inside a callback") }
}
