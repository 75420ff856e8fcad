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
  /// `unowned(unsafe)`: the host outlives every value of its state (its state closes, running
  /// every `__gc`, before the host's memory goes), and a checked unowned costs atomics per access.
  unowned(unsafe) let host: TantanHost
  /// Nil only while the model's initializer runs (it already calls the source); set once.
  /// Unchecked exclusivity: single-threaded, and no access is held across a callback.
  @exclusivity(unchecked) var model: SwipeDeck<LuaRef>? {
    didSet { borrowedModel = model.map { Unmanaged.passUnretained($0) } }
  }
  /// `model` for `run`, borrowed without a retain: the model lives as long as this object, which
  /// the running method holds.
  private var borrowedModel: Unmanaged<SwipeDeck<LuaRef>>?
  let config: SwipeDeckConfig
  /// The tables given as `source` and `delegate`, returned by the fields of the same name.
  let sourceTable: LuaRef
  let delegateTable: LuaRef?
  @exclusivity(unchecked) var log: EventLog
  let symbols: DeckSymbols
  /// How the model's delegate and source reach back here; cleared on deinit, so a deck closed
  /// or collected from inside a callback ends its model's remaining callbacks cleanly.
  let link = DeckLink()
  /// A weak-valued table `{userdata}` in the registry: callbacks from a timer (`clock:settle`)
  /// push the userdata with two raw reads instead of `pushShared`'s lookups.
  var selfSlot: LuaRef? { didSet { selfSlotRef = selfSlot?.ref ?? 0 } }
  /// `selfSlot`'s registry index (0: none), read without retaining the `LuaRef`.
  private var selfSlotRef: Int32 = 0
  /// This object's address, as the userdata slot holds it (see `pushSelf`).
  private var address: UnsafeMutableRawPointer { Unmanaged.passUnretained(self).toOpaque() }

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
    link.deck = self
    self.log.owner = self
    // Animation frames: every `clock:advance` while the top card animates fires `did_drag`.
    frameObserver = host.clock.addAdvanceObserver { [link] in
      guard let model = link.deck?.model else { return }
      try model.animationFrame()
    }
  }

  deinit {
    link.deck = nil
    host.clock.removeAdvanceObserver(frameObserver)
  }

  /// This deck's observer of the clock (removed on deinit).
  private var frameObserver: UInt64 = 0

  /// The model, or an error when a callback inside the constructor calls back into the deck.
  @inline(__always)
  func checkedModel() throws(LuaCallError) -> SwipeDeck<LuaRef> {
    guard let model else { throw Self.constructing }
    return model
  }

  private static var constructing: LuaCallError { .message("tantan.SwipeDeck: the deck is still being constructed") }

  /// Pushes this deck's userdata, the first argument of every callback. When the running method
  /// was called on this deck, its userdata is argument 1 of the current frame (`tt_push_self`
  /// knows without reading it); otherwise (a timer's completion from `clock:settle`) the weak
  /// slot has it, which skips the weak-cache lookup of `pushShared`.
  @inline(__always)
  func pushSelf(_ lua: Lua) {
    if tt_push_self(lua.L, address) != 0 { return }
    if selfSlotRef != 0 {
      lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(selfSlotRef))
      if lua_rawgeti(lua.L, -1, 1) == LUA_TUSERDATA {
        lua_copy(lua.L, -1, -2)
        lua.pop()
        return
      }
      lua.pop(2)
    }
    SwipeDeckBinding.deckClass.pushShared(lua, self)
  }

  /// Runs a model operation for deck method `method`, turning any error into the Lua error its
  /// caller sees (SwipeDeckErrorMessages.swift).
  @inline(__always)
  func run<T>(_ lua: Lua, _ method: String, _ body: (SwipeDeck<LuaRef>) throws -> T) throws(LuaCallError) -> T {
    guard let m = borrowedModel else { throw Self.constructing }
    do { return try m._withUnsafeGuaranteedRef(body) } catch {
      throw SwipeDeckBinding.luaError(error, method: method, lua)
    }
  }
}

/// A back pointer that the deck clears in its deinit: the model (owned by the deck) holds this
/// instead of the deck, so there is no cycle, no weak side table, and no dangling access when
/// a script closes the deck inside a callback while the model is still running.
final class DeckLink {
  /// Unmanaged, so borrowing the deck retains nothing (a load from `unowned(unsafe)` still
  /// retains and releases around every use).
  private var ref: Unmanaged<LuaSwipeDeck>?

  var deck: LuaSwipeDeck? {
    get { ref?.takeUnretainedValue() }
    set { ref = newValue.map { Unmanaged.passUnretained($0) } }
  }

  /// The deck, or the error the model holds when it was closed mid-operation.
  @inline(__always)
  func live() throws -> LuaSwipeDeck {
    guard let deck else { throw Self.closed }
    return deck
  }

  /// Runs `body` with the deck borrowed, not retained (the deck is alive while its model runs:
  /// every entry into the model holds it); nothing happens when it is gone.
  @inline(__always)
  func borrow(_ body: (LuaSwipeDeck) throws -> Void) rethrows {
    guard let ref else { return }
    try ref._withUnsafeGuaranteedRef(body)
  }

  /// Runs `body` with the deck borrowed; throws the model's error when it is gone.
  @inline(__always)
  func with<T>(_ body: (LuaSwipeDeck) throws -> T) throws -> T {
    guard let ref else { throw Self.closed }
    return try ref._withUnsafeGuaranteedRef(body)
  }

  private static var closed: LuaCallError { .message("tantan.SwipeDeck: the deck was closed inside a callback") }
}
