import CLua
import CLuaShim

public struct LuaStateError: Error, CustomStringConvertible {
  public let description: String
}

/// Owns one `lua_State` (with the limit-aware allocator) and closes it exactly once.
/// Closing runs every `__gc`, so each Swift object handed to Lua is released.
public final class LuaState {
  public let handle: LuaStateHandle
  public let lua: Lua

  public init(openLibs: Bool = true) throws(LuaStateError) {
    _ = Dispatcher.installed
    guard let L = tt_newstate() else { throw LuaStateError(description: "cannot create state: not enough memory") }
    handle = LuaStateHandle(L)
    lua = Lua(L)
    if openLibs, tt_openlibs(L) != LUA_OK {
      let msg = lua.string(-1) ?? "cannot open standard libraries"
      close()
      throw LuaStateError(description: msg)
    }
  }

  public var isClosed: Bool { handle.L == nil }

  public func close() {
    guard let L = handle.L else { return }
    handle.L = nil
    tt_close(L)
  }

  deinit { close() }

  // MARK: limits
  public func setLimits(maxMemory: Int? = nil, maxInstructions: Int? = nil, timeout: Double? = nil) {
    if let maxMemory { tt_set_max_memory(lua.L, maxMemory) }
    if let maxInstructions { tt_set_max_instructions(lua.L, Int64(maxInstructions)) }
    if let timeout { tt_set_timeout(lua.L, timeout) }
  }
  public var memoryInUse: Int { tt_memory_in_use(lua.L) }
  public var memoryPeak: Int { tt_memory_peak(lua.L) }
  /// The sticky limit error ("file:line: instruction limit (N) exceeded"), once one tripped.
  public var limitMessage: String? { tt_limit_message(lua.L).map { String(cString: $0) } }

  // MARK: loading
  /// Loads a chunk; on failure the message is on the stack top and is also returned.
  public func load(_ code: String, name: String, mode: String? = nil) -> Int32 {
    var code = code
    return code.withUTF8 { buf in
      buf.withMemoryRebound(to: CChar.self) { c in tt_loadbuffer(lua.L, c.baseAddress, c.count, name, mode) }
    }
  }
  /// Loads a file with chunk name `@path` (nil path: stdin), skipping a `#!` line as `lua` does.
  public func loadFile(_ path: String?, mode: String? = nil) -> Int32 {
    tt_loadfile(lua.L, path, mode)
  }

  /// Pops a value into the registry.
  public func ref() -> LuaRef { LuaRef(popping: lua, handle: handle) }

  public func setGlobal(_ name: String) { lua_setglobal(lua.L, name) }
}
