import CLua
import CLuaShim
import LuaRuntime
import TantanLua
import TantanScripts

/// What `--sandbox` removes: `Sources/TantanScripts/lua/sandbox.lua`, written in Lua because it
/// edits Lua tables. Runs before LUA_INIT and the script, so nothing untrusted sees the originals.
/// Called with the script's folder, `realPath` and the text-only `load` (`pushArguments`).
enum Sandbox {
  static let chunkName = "=[tantan]/sandbox.lua"

  /// Pushes the sandbox's chunk; on failure the message is on the stack instead.
  static func load(_ state: LuaState) -> Int32 {
    var size = 0
    let text = tt_script_sandbox(&size)
    return tt_loadbuffer(state.lua.L, text, size, chunkName, "t")
  }

  /// Pushes the chunk's three arguments: the script's folder, a `realpath(path)` function and
  /// the `load` the sandbox installs (`tt_load_text`: lua's, text chunks only).
  static func pushArguments(_ lua: Lua, scriptDir: String) -> Int32 {
    lua.push(scriptDir)
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      lua.push(FileSystem.realPath(try lua.checkString(1)))
      return 1
    })
    lua_pushcclosure(lua.L, tt_load_text, 0)
    return 3
  }
}
