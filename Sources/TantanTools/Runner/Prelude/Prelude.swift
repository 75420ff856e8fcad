import CLua
import CLuaShim
import LuaRuntime
import TantanScripts

/// The Lua side of the scenario runner: `Sources/TantanScripts/lua/prelude.lua` and the six parts
/// it runs (`prelude_format.lua` ... `prelude_core.lua`), each its own chunk named after its file
/// (`=[tantan]/prelude_core.lua`), so a position in a message or traceback is a line of that
/// file; and the luassert and say modules the parts load (`modules`). `load` pushes the function
/// the runner calls with a table of host functions (`emit`, `snapshot`, `modules`, ...); it
/// returns the entry points (prelude_core.lua's header lists them).
enum Prelude {
  typealias Script = @Sendable (UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>?

  /// The entry, then the parts it is called with.
  static let files: [(name: String, text: Script)] = [
    ("prelude.lua", tt_script_prelude), ("prelude_format.lua", tt_script_prelude_format),
    ("prelude_assert.lua", tt_script_prelude_assert), ("prelude_errors.lua", tt_script_prelude_errors),
    ("prelude_env.lua", tt_script_prelude_env), ("prelude_blocks.lua", tt_script_prelude_blocks),
    ("prelude_core.lua", tt_script_prelude_core),
  ]

  /// `=[tantan]/prelude_core.lua`: the Lua side finds the prelude's own frames by this name
  /// (`prelude_assert.lua`'s user_location, `prelude_errors.lua`'s and `explore.lua`'s tracebacks).
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

  /// A Lua module the scenario states preload: its `require` name and its bytecode (without
  /// debug information: half the cost to load into each state).
  struct Module {
    let name: String
    let bytecode: [UInt8]
  }

  /// luassert and say as installed (`prelude_modules.lua` finds them on package.path, once per
  /// process): compiled once, loaded into every file's state from bytecode. The failure names
  /// the packages to install.
  static let modules: Result<[Module], RunnerPreludeError> = {
    guard let state = try? LuaState() else { return .failure(RunnerPreludeError(message: "cannot create a Lua state")) }
    defer { state.close() }
    let lua = state.lua
    guard loadText(lua, ("prelude_modules.lua", tt_script_prelude_modules)), lua.pcall(0, 1) else {
      defer { lua.pop() }
      return .failure(RunnerPreludeError(message: lua.string(-1) ?? "cannot load luassert"))
    }
    defer { lua.pop() }
    var found: [Module] = []
    for i in 0..<lua.rawLength(-1) {
      lua.rawGet(-1, index: i + 1)
      defer { lua.pop() }
      var fields: [[UInt8]] = []
      for k in 1...2 {
        lua.rawGet(-1, index: k)
        var len = 0
        if let p = tt_tostring(lua.L, -1, &len) { fields.append(Array(UnsafeRawBufferPointer(start: p, count: len))) }
        lua.pop()
      }
      guard fields.count == 2 else { continue }
      found.append(Module(name: String(decoding: fields[0], as: UTF8.self), bytecode: fields[1]))
    }
    return .success(found)
  }()

  /// Sets the host table's (on top) `modules`, the modules' names, and `module_code(i)`, which
  /// returns module i's bytecode: copied into the state only when it is first required.
  static func pushModules(_ lua: Lua, _ modules: [Module]) {
    lua.newTable(narr: Int32(modules.count), nrec: 0)
    for (i, m) in modules.enumerated() {
      lua.push(m.name)
      lua.rawSet(-2, index: i + 1)
    }
    lua.rawSet(-2, "modules")
    lua.setFunction(-1, "module_code") { (lua: Lua) throws(LuaCallError) -> Int32 in
      let i = try lua.checkInteger(1)
      guard i >= 1, i <= modules.count else { return 0 }
      modules[i - 1].bytecode.withUnsafeBufferPointer { b in
        b.withMemoryRebound(to: CChar.self) { c in _ = lua_pushlstring(lua.L, c.baseAddress, c.count) }
      }
      return 1
    }
  }

  /// Pushes the function the runner calls with its host table (the entry called with the
  /// parts); on failure the message is on the stack instead.
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
    return lua.pcall(Int32(files.count - 1), 1, traceback: true)
  }

  /// Pushes the file's chunk compiled from its text, or the error message (returning false).
  private static func loadText(_ lua: Lua, _ file: (name: String, text: Script)) -> Bool {
    var size = 0
    let text = file.text(&size)
    return tt_loadbuffer(lua.L, text, size, chunkName(file.name), "t") == LUA_OK
  }
}

/// Why the runner's Lua side cannot be set up in this process (luassert missing).
struct RunnerPreludeError: Error {
  let message: String
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
