import CLua
import LuaRuntime
import TantanLua

/// `os.exit` never returns to the interpreter, so what a script run writes at its end (a trace,
/// coverage reports) is written by a wrapper first. The exit status is read as `os.exit` reads it,
/// so a bad argument fails before anything is written; then the original `os.exit` runs.
enum ExitHook {
  static func install(_ host: TantanHost, before exit: @escaping (_ status: Int32) -> Void) {
    let lua = host.lua
    guard (try? lua.getGlobal("os")) == LUA_TTABLE else { return }
    guard lua.rawGet(-1, "exit") == LUA_TFUNCTION else {
      lua.pop(2)
      return
    }
    let original = host.state.ref()
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      var status: Int32 = 0
      if lua.type(1) == LUA_TBOOLEAN {
        status = lua.bool(1) ? 0 : 1
      } else {
        status = Int32(truncatingIfNeeded: try lua.optInteger(1, 0))
      }
      exit(status)
      original.push(lua)
      lua_rotate(lua.L, 1, 1)
      do throws(LuaError) { try lua.call(lua.top - 1, 0) } catch { throw .lua(error) }
      return 0
    })
    lua.rawSet(-2, "exit")
    lua.pop()
  }
}
