import LuaRuntime

/// A component the SVG renderer can draw: the deck, the grid and the list binding objects conform.
/// The trace recorder draws one frame per step through this, so it never names a component type.
package protocol SVGDrawable: AnyObject {
  /// A complete, deterministic SVG document of the component's current state; throws the limit's
  /// error when what it draws is refused (a list's layout of very many items).
  func svgDocument() throws -> String
}

extension SVGSavable {
  /// What a picture of this component may take: its document is charged to the state's memory
  /// limit as it grows (asked of the system too), and counts an instruction per 64 bytes.
  func svgMeter() -> SVGWriter.Meter {
    let memory = HostMemory(host.state.handle)
    let host = self.host
    var counted = 0
    return { (bytes) throws(LuaCallError) in
      try host.lua.hostTick(max(0, bytes - counted) / 64)
      counted = max(counted, bytes)
      try memory.charge(bytes)
    }
  }
}
