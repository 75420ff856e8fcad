import CLua
import CLuaShim
import LuaRuntime
import TantanScripts

/// The Lua side of the scenario runner: `Sources/TantanScripts/lua/prelude.lua` and the three parts
/// it runs (`prelude_format.lua`, `prelude_assert.lua`, `prelude_core.lua`), each its own chunk
/// named after its file (`=[tantan]/prelude_core.lua`), so a position in a message or traceback is
/// a line of that file. `load` pushes the function the runner calls with a table of host functions
/// (`emit`, `snapshot`, ...); it returns `{collect=, run=, settle=, plugin_assertions=}`.
enum Prelude {
  typealias Script = @Sendable (UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>?

  /// The entry, then the parts it is called with.
  static let files: [(name: String, text: Script)] = [
    ("prelude.lua", tt_script_prelude), ("prelude_format.lua", tt_script_prelude_format),
    ("prelude_assert.lua", tt_script_prelude_assert), ("prelude_core.lua", tt_script_prelude_core),
  ]

  /// `=[tantan]/prelude_core.lua`: the Lua side finds the prelude's own frames by this name
  /// (`prelude_assert.lua`'s user_location, `prelude_core.lua`'s and `explore.lua`'s tracebacks).
  static func chunkName(_ file: String) -> String { "=[tantan]/" + file }

  /// Compiled once per process: parsing the prelude costs more than running a small scenario.
  static let bytecode: [[UInt8]]? = {
    guard let state = try? LuaState() else { return nil }
    defer { state.close() }
    var dumped: [[UInt8]] = []
    for file in files {
      guard loadText(state.lua, file), let bytes = Bytecode.dump(state.lua) else { return nil }
      state.lua.pop()
      dumped.append(bytes)
    }
    return dumped
  }()

  /// Pushes the function the runner calls with its host table (the entry called with the parts
  /// and the host's table depth limit); on failure the message is on the stack instead.
  static func load(_ state: LuaState) -> Bool {
    let lua = state.lua
    let base = lua.top
    for (i, file) in files.enumerated() {
      let loaded = bytecode.map { Bytecode.load(lua, $0[i], name: chunkName(file.name)) } ?? loadText(lua, file)
      guard loaded else {
        lua_rotate(lua.L, base + 1, 1)
        lua.setTop(base + 1)
        return false
      }
    }
    lua.push(TableDepth.limit)
    lua.push(TableDepth.message)
    return lua.pcall(Int32(files.count + 1), 1, traceback: true)
  }

  /// Pushes the file's chunk compiled from its text, or the error message (returning false).
  private static func loadText(_ lua: Lua, _ file: (name: String, text: Script)) -> Bool {
    var size = 0
    let text = file.text(&size)
    return tt_loadbuffer(lua.L, text, size, chunkName(file.name), "t") == LUA_OK
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
