import CLua

extension LuaState {
  /// Runs `code` as a chunk and returns what it returns: the short way in for an app that embeds
  /// Lua (README, "Embedding"). The `arguments` values on top of the stack are popped and passed
  /// to the chunk (`...`). Loading and the call are protected; a syntax or runtime error, or a
  /// result that is not plain data (see `LuaValue`), throws its message (with the traceback of a
  /// runtime error, as `lua5.4` prints it). The stack is left as it was below the arguments.
  public func run(_ code: String, name: String = "=(embedded)", arguments: Int32 = 0) throws(LuaStateError)
    -> [LuaValue]
  {
    let lua = self.lua
    guard arguments >= 0, arguments <= lua.top else {
      throw LuaStateError(description: "run: \(arguments) arguments expected on a stack of \(lua.top)")
    }
    let base = lua.top - arguments
    defer { lua.setTop(base) }
    let status = load(code, name: name)
    guard status == LUA_OK else { throw LuaStateError(description: lua.popError(status).message(lua)) }
    lua_rotate(lua.L, base + 1, 1)  // the chunk below its arguments
    // The one call path (Lua.call); the message is rendered here, while the state is at hand.
    do { try lua.call(arguments, LUA_MULTRET, .traceback) } catch {
      throw LuaStateError(description: error.message(lua))
    }
    var results: [LuaValue] = []
    for i in stride(from: base + 1, through: lua.top, by: 1) {
      do { results.append(try lua.value(i)) } catch {
        throw LuaStateError(description: "result #\(i - base): \(error.description)")
      }
    }
    return results
  }
}
