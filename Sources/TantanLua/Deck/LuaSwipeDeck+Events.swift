/// The deck's data-source calls in its event log, as Lua sees them (1-based); the delegate's events
/// go through its `CallbackSink`. The names are interned once (`sourceSymbols`), so recording
/// looks nothing up.
extension LuaSwipeDeck {
  /// A source call without arguments: `count()`, `empty()`.
  func recordSource(_ c: DeckSourceCallback) {
    events.append(sourceSymbols[c.rawValue], count: 0)
  }

  /// `card(index, reused)`: reused prints as `true` when a model was handed over, else `nil`.
  func recordCard(_ index: Int, reused: Bool) {
    events.append(
      sourceSymbols[DeckSourceCallback.card.rawValue], .int(index + 1), reused ? .bool(true) : .none, count: 2)
  }
}
