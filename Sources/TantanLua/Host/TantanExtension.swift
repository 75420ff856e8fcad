import LuaRuntime

/// A part of the `tantan` module: built-in components register through the same point as
/// plugins, so the host core never lists components by hand.
protocol TantanExtension {
  /// Declarations for the API reference and editor stubs.
  static var docs: [LuaDoc] { get }
  /// Adds functions to the `tantan` table at `module`.
  static func install(_ host: TantanHost, module: Int32)
}
