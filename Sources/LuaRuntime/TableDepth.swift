import CLua

/// The one nesting limit of every host walk of user tables: view models, plugin presets, JSON
/// (both ways), plain data read deeply. A value nested deeper is a Lua error worded as
/// `TableDepth.message` ("table nested deeper than 200 levels"), never a crash: each level of a
/// walk also reserves Lua stack (`reserve`) before it pushes anything.
/// The value handed to the host is level 1; a table inside it is level 2, and so on.
public enum TableDepth {
  public static let limit = 200
  public static let message = "table nested deeper than \(limit) levels"
}

extension Lua {
  /// Room for `n` more values on the stack (`lua_checkstack`, which never raises); false when the
  /// stack cannot grow (about a million slots, or no memory). C functions start with only 20.
  @inlinable public func reserve(_ n: Int32) -> Bool { lua_checkstack(L, n) != 0 }
}
