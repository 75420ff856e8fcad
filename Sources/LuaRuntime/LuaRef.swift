import CLua
import CLuaShim

/// Shared by a state and its references, so a reference outliving its state does nothing.
public final class LuaStateHandle: @unchecked Sendable {
  public internal(set) var L: OpaquePointer?
  init(_ L: OpaquePointer) { self.L = L }
}

/// A strong reference to a Lua value in the registry; released on deinit.
public final class LuaRef: @unchecked Sendable {  // used only on its state's thread
  public let ref: Int32
  let handle: LuaStateHandle

  /// Pops the top value into the registry.
  public init(popping lua: Lua, handle: LuaStateHandle) {
    self.handle = handle
    self.ref = tt_ref(lua.L)
  }

  /// Pushes the value; returns its type.
  @discardableResult
  public func push(_ lua: Lua) -> Int32 { tt_getref(lua.L, ref) }

  deinit {
    if let L = handle.L, ref > 0 { tt_unref(L, ref) }
  }
}
