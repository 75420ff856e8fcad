import LuaRuntime
import TantanScripts

/// The grid's registry entry: everything the host's tools know of it comes from here.
extension GridBinding: TantanComponent {
  static let entry = ComponentEntry(
    luaClass: gridClass, constructor: constructor, presets: [],
    config: { config.packageRows }, docs: { config.docs + callbackDocs },
    explore: EmbeddedScript(chunkName: "=[tantan]/explore_grid.lua", load: tt_script_explore_grid),
    play: ComponentPlay(
      ranges: ["columns": 1...8, "long_press": 0...2, "top_bar": 0...160], buttons: [("edit", "Edit / Done")]))
}

extension LuaGrid: ComponentObject, SVGSavable {
  var eventNames: [String] { events.names }

  /// The model's own checks: the order a permutation of its items minus the deleted ones, locked
  /// items in place, one drag at most and within range.
  func invariantViolation(_ lua: Lua) -> String? { current?.invariantViolation() }
}
