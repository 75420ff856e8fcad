import LuaRuntime
import TantanScripts

/// The list's registry entry: everything the host's tools know of it comes from here.
extension ListBinding: TantanComponent {
  static let entry = ComponentEntry(
    luaClass: listClass, constructor: constructor,
    config: { config.packageRows }, docs: { configDocs },
    explore: EmbeddedScript(chunkName: "=[tantan]/explore_list.lua", load: tt_script_explore_list),
    play: ComponentPlay(
      ranges: ["columns": 1...6, "item_height": 10...300],
      buttons: [("refresh", "Refresh"), ("load_more", "Load more")]))
}

extension LuaList: ComponentObject, SVGSavable {
  var eventNames: [String] { events.names }

  /// The model's own checks: ids indexed, prefix sums, state (explore_list.lua checks what a user
  /// sees first, and this only when the data changed: it is O(n)).
  func invariantViolation(_ lua: Lua) -> String? { current?.invariantViolation() }
}
