extension ComponentRegistry {
  /// The deck, the grid and the list: the one line a new built-in component adds itself to.
  package static let builtin = ComponentRegistry(components: [DeckBinding.self, GridBinding.self, ListBinding.self])
}
