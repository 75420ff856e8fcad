import CLua
import CLuaShim
import LuaRuntime
import TantanLua

/// Every call the session makes into a build's state: `obj:method(args...)` or `obj.field`, under
/// the limits (`--max-instructions` and `--timeout` renewed for each call; `--max-memory` is the
/// state's), with Ctrl-C interrupting the Lua code, and an error's message and traceback kept.
extension PlayBuild {
  /// `ref:method(args...)` (`call`), or `ref.method` itself (a field read); the first result as
  /// plain data (functions, userdata and deep tables are left out: adapters read plain fields).
  func invoke(_ ref: LuaRef, _ name: String, _ args: [PlayArg], call: Bool) throws(PlayFailure) -> LuaValue {
    guard !state.isClosed else { throw PlayFailure(text: "the script's state is closed") }
    let lua = state.lua
    let top = lua.top
    defer { lua.setTop(top) }
    state.setLimits(maxInstructions: settings.maxInstructions, timeout: settings.timeout)
    return try PlayStop.around(lua.L) { () throws(PlayFailure) -> LuaValue in
      do throws(LuaError) {
        ref.push(lua)
        try lua.getField(-1, name)
        if call {
          lua.pushValue(-2)
          for a in args { a.push(lua) }
          try lua.call(Int32(args.count + 1), 1, .traceback)
        }
      } catch {
        throw failure(error.message(lua))
      }
      return Self.plain(lua, -1, depth: 3)
    }
  }

  /// The value at `i` as plain data, raw, `depth` tables deep; what cannot convert is nil.
  static func plain(_ lua: Lua, _ i: Int32, depth: Int) -> LuaValue {
    let i = lua.absIndex(i)
    switch lua.type(i) {
    case LUA_TBOOLEAN: return .bool(lua.bool(i))
    case LUA_TNUMBER: return lua_isinteger(lua.L, i) != 0 ? .integer(lua.integer(i)!) : .number(lua.number(i)!)
    case LUA_TSTRING: return .string(lua.string(i)!)
    case LUA_TTABLE where depth > 0:
      var entries: [LuaTableEntry] = []
      lua.pushNil()
      while lua_next(lua.L, i) != 0 {
        if lua.type(-2) == LUA_TSTRING, let key = lua.string(-2) {
          let v = plain(lua, -1, depth: depth - 1)
          if v != .nil { entries.append(LuaTableEntry(key: .string(key), value: v)) }
        }
        lua.pop()
      }
      return .table([], entries)
    default: return .nil
    }
  }

  /// A raw read of the config table the component's constructor got.
  func config(_ c: PlayComponent, _ key: String) -> LuaValue {
    guard let ref = c.config, !state.isClosed else { return .nil }
    let lua = state.lua
    ref.push(lua)
    lua.rawGet(-1, key)
    defer { lua.pop(2) }
    return Self.plain(lua, -1, depth: 2)
  }

  /// Each live component's picture, by label (a component closed by the script is left out).
  func pictures() -> [(label: String, svg: String)] {
    guard !state.isClosed else { return [] }
    let lua = state.lua
    return components.compactMap { c in
      c.ref.push(lua)
      defer { lua.pop() }
      // A picture the limits refused is left out (the tripped limit fails the script's next step).
      guard let drawable = lua.classObject(at: -1) as? SVGDrawable, let svg = try? drawable.svgDocument() else {
        return nil
      }
      return (c.label, svg)
    }
  }
}
