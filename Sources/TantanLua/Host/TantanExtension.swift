import LuaRuntime

/// A fixed part of the `tantan` module that is no component (the clock, json, render, plugins,
/// explore; `TantanModule.extensions`). Like a component's `DeckBinding`, each is an enum named
/// `<Area>Binding` that declares its Lua-visible names through the binding pattern; a component's
/// conforms to `TantanComponent` instead and is listed by the registry.
protocol TantanExtension {
  /// Declarations for the API reference and editor stubs.
  static var docs: [LuaDoc] { get }
  /// Adds functions to the `tantan` table at `module`.
  static func install(_ host: TantanHost, module: Int32)
}
