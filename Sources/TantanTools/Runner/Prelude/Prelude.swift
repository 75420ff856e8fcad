import CLua
import CLuaShim
import LuaRuntime

/// The Lua side of the scenario runner: one chunk, `=tantan-test`, made of the parts below.
/// Called with a table of host functions (`emit`, `snapshot`); returns `{collect=, run=}`.
enum Prelude {
  static let chunkName = "=tantan-test"
  static let source = PreludeFormat.source + "\n" + PreludeAssert.source + "\n" + PreludeCore.source

  /// Compiled once per process: parsing the prelude costs more than running a small scenario.
  static let bytecode: [UInt8]? = {
    guard let state = try? LuaState() else { return nil }
    defer { state.close() }
    guard state.load(source, name: chunkName, mode: "t") == LUA_OK else { return nil }
    return Bytecode.dump(state.lua)
  }()

  /// Pushes the compiled prelude; on failure the message is on the stack instead.
  static func load(_ state: LuaState) -> Bool {
    if let bytecode { return Bytecode.load(state.lua, bytecode, name: chunkName) }
    return state.load(source, name: chunkName, mode: "t") == LUA_OK
  }
}

/// Lua bytecode (`string.dump`, debug information kept so positions and chunk names stay).
enum Bytecode {
  /// Dumps the function on top of the stack (left there); nil if it cannot be dumped.
  static func dump(_ lua: Lua) -> [UInt8]? {
    let fn = lua.top
    guard (try? lua.getGlobal("string")) == LUA_TTABLE, lua.rawGet(-1, "dump") == LUA_TFUNCTION else {
      lua.setTop(fn)
      return nil
    }
    lua.pushValue(fn)
    defer { lua.setTop(fn) }
    guard (try? lua.call(1, 1)) != nil else { return nil }
    var len = 0
    guard lua.type(-1) == LUA_TSTRING, let p = tt_tostring(lua.L, -1, &len) else { return nil }
    return Array(UnsafeRawBufferPointer(start: p, count: len))
  }

  /// Pushes the function loaded from `bytes`, or the error message (returning false).
  static func load(_ lua: Lua, _ bytes: [UInt8], name: String) -> Bool {
    bytes.withUnsafeBufferPointer { b in
      b.withMemoryRebound(to: CChar.self) { c in tt_loadbuffer(lua.L, c.baseAddress, c.count, name, "b") == LUA_OK }
    }
  }
}
