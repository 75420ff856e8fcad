import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime

/// The object behind a `tantan.SwipeDeck` userdata: the headless model over Lua view models, its
/// Lua source and delegate, and its event log.
///
/// Ownership: userdata -> this object -> model -> delegate adapter and source closures, which reach
/// back here through a `DeckLink`; the delegate is a `CallbackSink` (the model holds its delegate strongly, so a strong back pointer
/// would be a cycle). Models are `LuaRef`s: the model keeps exactly the ones it shows, pools or
/// shows empty, and ARC releases the rest (so `modelReleased` is not needed).
final class LuaSwipeDeck: CallbackOwner {
  /// Unowned: the host outlives every value of its state (its state closes, running every
  /// `__gc`, before the host goes), and the host reaches its decks through that state.
  unowned let host: TantanHost
  /// Nil only while the model's initializer runs (it already calls the source); set once.
  var current: SwipeDeck<LuaRef>?
  let config: SwipeDeckConfig
  /// The tables given as `source` and `delegate`, returned by the fields of the same name.
  let sourceTable: LuaRef
  let delegateTable: LuaRef?
  var events: EventLog
  /// The source callbacks' names in `events`, by `DeckSourceCallback.rawValue`.
  let sourceSymbols: [EventLog.Symbol]
  /// How the model's delegate and source reach back here; cleared on deinit, so a deck closed
  /// or collected from inside a callback ends its model's remaining callbacks cleanly.
  let link = DeckLink()
  /// The deck's userdata, held weakly: how callbacks outside the deck's own methods (a completion
  /// inside `clock:settle`) get it without keeping it alive (`LuaClass.pushSelf`).
  var selfSlot = LuaSelfSlot()
  /// The key `id`, pushed from the registry: a model's identity is read on every swipe (history).
  let idKey: LuaRef

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
    var events = EventLog(host: host, component: "deck")
    sourceSymbols = DeckSourceCallback.names.map { events.symbol($0) }
    self.events = events
    host.lua.push("id")
    idKey = host.state.ref()
    link.attach(self)
    self.events.owner = self
    // Animation frames: every `clock:advance` while the top card animates fires `did_drag`.
    frameObserver = host.clock.addAdvanceObserver { [link] in
      try link.borrow { try $0.current?.animationFrame() }
    }
  }

  deinit {
    link.attach(nil)
    host.clock.removeAdvanceObserver(frameObserver)
  }

  /// This deck's observer of the clock (removed on deinit).
  private var frameObserver: UInt64 = 0

  /// The model, or an error when a callback inside the constructor calls back into the deck.
  func model() throws(LuaCallError) -> SwipeDeck<LuaRef> {
    guard let current else { throw Self.constructing }
    return current
  }

  private static var constructing: LuaCallError { .message("tantan.SwipeDeck: the deck is still being constructed") }

  /// Pushes this deck's userdata, the first argument of every callback.
  @inline(__always) func pushSelf(_ lua: Lua) { deckClass.pushSelf(lua, self, slot: selfSlot) }
  /// `DeckBinding.deckClass`, held: reading the static in every push checks its lazy
  /// initialization (`swift_once`): 42 Ir per swipe (bench/ir-rows row 3).
  private let deckClass = DeckBinding.deckClass
}

/// How the deck's model (its delegate, source closures and clock observer) reaches the deck: a
/// borrowed back-reference that the deck clears in its deinit, so there is no cycle, and a script
/// that closes the deck inside a callback while the model is still running ends the model's
/// remaining callbacks cleanly.
typealias DeckLink = OwnerLink<LuaSwipeDeck>

extension OwnerLink where Owner == LuaSwipeDeck {
  /// What a data-source call made after the deck was closed throws (the model holds it).
  static var closed: LuaCallError { .message("tantan.SwipeDeck: the deck was closed inside a callback") }
}
