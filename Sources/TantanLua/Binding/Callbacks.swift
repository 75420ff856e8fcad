import CLua
import CLuaShim
import LuaRuntime

/// The functions of a delegate or data-source table, looked up once (with metamethods, so a
/// delegate may be an object whose methods come from a class via `__index`). Absent ones are nil.
struct Callbacks {
  let names: [String]
  private var refs: [LuaRef?]

  static var none: Callbacks { Callbacks(names: [], refs: []) }

  private init(names: [String], refs: [LuaRef?]) { self.names = names; self.refs = refs }

  /// Reads `names` from the table at `index` (nil allowed: no callbacks). A field that is neither
  /// nil nor callable is an error naming it. `lua` is the calling thread (a coroutine has its own
  /// stack); it defaults to the main thread.
  init(
    _ host: TantanHost, index: Int32, arg: Int32, what: String, names: [String], lua: Lua? = nil
  ) throws(LuaCallError) {
    self.names = names
    let lua = lua ?? host.lua
    refs = Array(repeating: nil, count: names.count)
    if lua.isNoneOrNil(index) { return }
    let index = lua.absIndex(index)
    let t = lua.type(index)
    guard t == LUA_TTABLE || t == LUA_TUSERDATA else {
      throw .argument(arg, "\(what): table expected, got \(lua.typeName(index))")
    }
    for (i, name) in names.enumerated() {
      let ft: Int32
      do throws(LuaError) { ft = try lua.getField(index, name) } catch { throw .lua(error) }
      if ft == LUA_TNIL { lua.pop(); continue }
      guard ft == LUA_TFUNCTION || Self.callable(lua, -1) else {
        let got = lua.typeName(-1)
        lua.pop()
        throw .argument(arg, "\(what).\(name): function expected, got \(got)")
      }
      refs[i] = LuaRef(popping: lua, handle: host.state.handle)
    }
  }

  static func callable(_ lua: Lua, _ i: Int32) -> Bool {
    guard lua_getmetatable(lua.L, i) != 0 else { return false }
    defer { lua.pop(2) }
    return lua.rawGet(-1, "__call") == LUA_TFUNCTION
  }

  func has(_ i: Int) -> Bool { refs[i] != nil }

  /// The registry slot of each callback, 0 when absent: hot paths push them with `lua_rawgeti`
  /// without touching the references (valid while this value lives).
  var registrySlots: [Int32] { refs.map { $0?.ref ?? 0 } }

  /// Pushes callback `i` (it must exist).
  func push(_ i: Int, _ lua: Lua) { refs[i]!.push(lua) }
}
