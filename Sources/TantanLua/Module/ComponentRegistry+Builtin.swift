extension ComponentRegistry {
  /// Every `TantanComponent` of this module's sources (the deck, the grid and the list), by type
  /// name: the list is generated at build time (Plugins/ConformanceList), so a new built-in
  /// component registers by declaring `extension PagerBinding: TantanComponent`, and edits no list.
  package static let builtin = ComponentRegistry(components: TantanLuaConformances.tantanComponent)
}
