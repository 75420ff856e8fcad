/// A component the SVG renderer can draw: the deck, the grid and the list binding objects conform.
/// The trace recorder draws one frame per step through this, so it never names a component type.
package protocol SVGDrawable: AnyObject {
  /// A complete, deterministic SVG document of the component's current state.
  func svgDocument() -> String
}
