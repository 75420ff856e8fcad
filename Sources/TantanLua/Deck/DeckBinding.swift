import CLua
import HeadlessUI
import LuaRuntime

/// `tantan.deck(config)` and the `tantan.SwipeDeck` class (TanTanView + SwipeCardsDataSource).
enum DeckBinding: LuaBinding, LuaModuleBinding {
  typealias Context = TantanHost
  typealias Object = LuaSwipeDeck

  static let deckClass = LuaClass<LuaSwipeDeck>(
    name: "tantan.SwipeDeck",
    doc:
      "A TanTan/Tinder swipe card deck over Lua view models, on the virtual clock. Callbacks get the deck first; indices are 1-based. Programmatic swipes, like, nope and undo made during an animation or from a callback are queued; a drag finishes a running animation at once; a swipe during a drag is an error; reload ends a running fly-off (did_remove) and cancels everything else.",
    methods: methods + [RenderBinding.saveMethod()], fields: stateFields + configFields,
    describe: { d in
      guard let m = d.current else { return "tantan.SwipeDeck(constructing)" }
      return
        "tantan.SwipeDeck(index=\(m.index.map { String($0 + 1) } ?? "nil"), count=\(m.count), state=\(m.state.rawValue))"
    })

  /// `tantan.deck(config)`: declared like every function, its parameter from the config schema.
  static let constructor = function(
    "tantan.deck",
    "A swipe deck over `source` (required: an array of view models, or callbacks), with the seed's defaults or a `preset` (\"tantan\", \"tinder\" or a plugin preset); every key of tantan.SwipeDeckConfig is also a read-only field of the deck. Unknown keys are errors.",
    config.parameter(optional: false), returns: .object(deckClass)
  ) { host, lua, r in try construct(host, lua, r) }

  /// Reads the config, the source and the delegate, then builds the model (which reads the source).
  static func construct(_ host: TantanHost, _ lua: Lua, _ r: ConfigReader) throws(LuaCallError) -> LuaSwipeDeck {
    let config = try readConfig(r, plugins: host.plugins)
    guard r.push("source") != LUA_TNIL else {
      lua.pop()
      throw r.error("source", "table expected, got nil")
    }
    let sourceIndex = lua.top
    let source = try LuaDeckSource.read(host, index: sourceIndex, arg: 1)
    lua.pushValue(sourceIndex)
    let sourceTable = host.state.ref()
    r.push("delegate")
    let delegateIndex = lua.top
    let callbacks = try Callbacks(host, index: delegateIndex, arg: 1, declared: DeckDelegateCallback.self, lua: lua)
    var delegateTable: LuaRef?
    if !lua.isNoneOrNil(delegateIndex) {
      lua.pushValue(delegateIndex)
      delegateTable = host.state.ref()
    }
    let deck = LuaSwipeDeck(host: host, config: config, sourceTable: sourceTable, delegateTable: delegateTable)
    // The userdata exists before the model, so source callbacks at construction receive it.
    deckClass.pushShared(lua, deck)
    let userdata = lua.top
    deck.selfSlot = LuaSelfSlot(host.state, userdata: userdata)
    do {
      deck.current = try SwipeDeck(config: config, source: source.modelSource(deck.link), clock: host.clock)
    } catch {
      throw luaError(error, at: configSite, lua)
    }
    deck.current?.delegate = DeckSink(
      deck, link: deck.link, callbacks: callbacks, host: host)
    return deck
  }
}
