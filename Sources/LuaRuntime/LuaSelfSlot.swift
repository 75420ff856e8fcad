import CLua

/// An object's own userdata, held weakly in the registry (a one-element weak-valued table), so
/// `LuaClass.pushSelf` finds it without the shared cache's lookups when the object calls back
/// outside its own methods (a completion fired inside `clock:advance`). The userdata stays
/// collectable: the slot reads empty once it is gone.
/// Not copyable: a binding's object holds it in a `var` and passes it borrowed, so a push
/// retains nothing (a copy retained and released `table` each time: about 40 Ir per deck swipe).
public struct LuaSelfSlot: ~Copyable {
  /// Keeps the table alive; pushes read `index` without retaining it.
  private var table: LuaRef?
  /// `table`'s registry index (0: no slot).
  private(set) var index: Int32 = 0

  /// No slot: `pushSelf` goes to the shared cache.
  public init() {}

  /// A slot holding the userdata at `userdata` of `state`'s running thread.
  public init(_ state: LuaState, userdata: Int32) {
    let lua = state.lua
    lua.newTable(narr: 1)
    lua.pushValue(userdata)
    lua.rawSet(-2, index: 1)
    lua.newTable(narr: 0, nrec: 1)
    lua.push("v")
    lua.rawSet(-2, "__mode")
    lua_setmetatable(lua.L, -2)
    let ref = state.ref()
    table = ref
    index = ref.ref
  }

  /// Pushes the userdata and returns true, or pushes nothing and returns false (no slot, or the
  /// userdata was collected).
  func push(_ lua: Lua) -> Bool {
    guard index != 0 else { return false }
    lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(index))
    if lua.rawGet(-1, index: 1) == LUA_TUSERDATA {
      lua_copy(lua.L, -1, -2)
      lua.pop()
      return true
    }
    lua.pop(2)
    return false
  }
}
