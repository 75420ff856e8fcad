import CLua
import HeadlessUI
import LuaRuntime
import TantanScripts

/// The deck's registry entry: everything the host's tools know of it comes from here.
extension DeckBinding: TantanComponent {
  static let entry = ComponentEntry(
    luaClass: deckClass, constructor: constructor, presets: SwipeDeckPreset.allCases.map(\.rawValue),
    config: { config.packageRows }, docs: { config.docs + DeckDelegateCallback.docs + DeckSourceCallback.docs },
    explore: EmbeddedScript(chunkName: "=[tantan]/explore_deck.lua", load: tt_script_explore_deck),
    play: ComponentPlay(
      ranges: [
        "velocity_threshold": 0...3000, "rotation_angle": 0...1.6, "rotation_max": 0...2, "scale_min": 0.5...1,
        "visible": 1...10, "history_limit": 0...100,
      ],
      buttons: [("nope", "Nope"), ("undo", "Undo"), ("like", "Like")]))
}

extension LuaSwipeDeck: ComponentObject, SVGSavable {
  var eventNames: [String] { events.names }

  /// The model's own checks, then the deck as a user sees it: a top index in range while cards
  /// show, at most `visible` cards, and no view model on two cards at once (compared as Lua
  /// values, raw). In Swift: reading `deck.cards` from Lua for the same check cost more than an
  /// explore step itself (callgrind, scripts/bench's explore rows).
  func invariantViolation(_ lua: Lua) -> String? {
    guard let m = current else { return nil }
    if let v = m.invariantViolation() { return v }
    let state = m.state
    if let i = m.index {
      if i < 0 || i >= m.count { return "deck.index \(i + 1) out of range 1..\(m.count)" }
    } else if state != .empty {
      return "deck.index is nil while the deck is \(state.rawValue)"
    }
    let models = m.visibleModels
    if models.count > m.config.visible {
      return "deck shows \(models.count) cards, more than visible = \(m.config.visible)"
    }
    guard models.count > 1, lua_checkstack(lua.L, Int32(models.count)) != 0 else { return nil }
    let base = lua.top
    defer { lua.setTop(base) }
    for model in models { _ = model.push(lua) }
    for a in 0..<models.count {
      for b in (a + 1)..<models.count where lua_rawequal(lua.L, base + 1 + Int32(a), base + 1 + Int32(b)) != 0 {
        return "deck shows one model twice (cards \(a + 1) and \(b + 1))"
      }
    }
    return nil
  }
}
