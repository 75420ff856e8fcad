import CLua
import CLuaShim
import LuaRuntime
import TantanLua
import TantanScripts

/// What `--sandbox` removes: `Sources/TantanScripts/lua/sandbox.lua`, written in Lua because it
/// edits Lua tables. Runs before LUA_INIT and the script, so nothing untrusted sees the originals.
/// Called with the script's folder and `realPath` (`pushArguments`).
enum Sandbox {
  static let chunkName = "=[tantan]/sandbox.lua"

  /// Pushes the sandbox's chunk; on failure the message is on the stack instead.
  static func load(_ state: LuaState) -> Int32 {
    var size = 0
    let text = tt_script_sandbox(&size)
    return tt_loadbuffer(state.lua.L, text, size, chunkName, "t")
  }

  /// Pushes the chunk's two arguments: the script's folder and a `realpath(path)` function.
  static func pushArguments(_ lua: Lua, scriptDir: String) -> Int32 {
    lua.push(scriptDir)
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      lua.push(FileSystem.realPath(try lua.checkString(1)))
      return 1
    })
    return 2
  }
}
