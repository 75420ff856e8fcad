import LuaRuntime

/// The object behind a component's userdata, as the host's tools reach every component alike:
/// `tantan.render` draws it, explore checks it after each step and reads which callbacks it
/// recorded. (Its class's `save_svg` method asks `SVGSavable` of it too.)
protocol ComponentObject: AnyObject {
  /// A complete, deterministic SVG document of its current state (`SVGDrawable.svgDocument`).
  func svgDocument() throws -> String
  /// The names of the callbacks its event log recorded, oldest first (explore's coverage).
  var eventNames: [String] { get }
  /// The first broken invariant of its model, checked in every build (the model's own debug
  /// checks, plus what a user sees of it), or nil: consistent, closed or still being built.
  /// `lua` is the calling thread, for checks that compare Lua values.
  func invariantViolation(_ lua: Lua) -> String?
}
