/// A component the SVG renderer can draw: the deck, the grid and the list binding objects conform.
/// The trace recorder draws one frame per step through this, so it never names a component type.
package protocol SVGDrawable: AnyObject {
  /// A complete, deterministic SVG document of the component's current state; throws the limit's
  /// error when what it draws is refused (a list's layout of very many items).
  func svgDocument() throws -> String
}
