import LuaRuntime

/// The components a host offers, in registration order. The built-in ones are registered once
/// (`ComponentRegistry.builtin`, Module/ComponentRegistry+Builtin.swift); a host made with another registry (a test's, an embedding app's) offers those instead,
/// through the same path: the module installs them, `tantan.render` draws them, explore drives
/// them, plugins' presets and the reference come from them.
package struct ComponentRegistry: Sendable {
  package private(set) var entries: [ComponentEntry]

  init(components: [any TantanComponent.Type]) { entries = components.map { $0.entry } }

  /// Two components with one kind or class name: the second is refused.
  package struct Conflict: Error, CustomStringConvertible {
    package let description: String
  }

  /// This registry with `entry` registered after the others.
  func adding(_ entry: ComponentEntry) throws(Conflict) -> ComponentRegistry {
    if let other = entries.first(where: { $0.kind == entry.kind || $0.className == entry.className }) {
      throw Conflict(
        description: "component '\(entry.kind)' (\(entry.className)) clashes with '\(other.kind)' (\(other.className))")
    }
    var r = self
    r.entries.append(entry)
    return r
  }

  package func entry(kind: String) -> ComponentEntry? { entries.first { $0.kind == kind } }

  /// The component at `arg`, whichever it is (nil: not a component, or a closed one).
  func object(_ lua: Lua, _ arg: Int32) -> (any ComponentObject)? {
    for e in entries { if let o = e.object(lua, arg) { return o } }
    return nil
  }

  var classNames: [String] { entries.map(\.className) }

  /// `tantan.SwipeDeck, tantan.ReorderGrid or tantan.List`.
  var classList: String {
    let names = classNames
    guard names.count > 1 else { return names.first ?? "a component" }
    return names.dropLast().joined(separator: ", ") + " or " + names.last!
  }

  /// The kinds whose config takes `preset`: `'deck', 'grid'`.
  var presetKinds: [String] { entries.filter { $0.presets != nil }.map(\.kind) }
}

/// A component's binding: declares its registry entry once (`DeckBinding+Component.swift`).
protocol TantanComponent {
  static var entry: ComponentEntry { get }
}
