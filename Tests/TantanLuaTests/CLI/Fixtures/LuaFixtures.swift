/// Lua scripts the end-to-end tests write into a scratch folder and run under both interpreters.
enum Fixture {
  static let ordinary = """
    local t = {}
    for i = 1, 5 do t[#t + 1] = i * i end
    print(table.concat(t, ","), #t, _VERSION)
    print(string.format("%5.2f|%d|%s|%q", math.pi, 42, nil, "a\\nb"))
    print(1e15, 2^53, 10 // 3, 7 % -3, 1 / 0, -1 / 0, math.maxinteger, math.mininteger)
    print(select("#", ...), ...)
    io.write("no newline at the end")
    """

  static let args = """
    for i = -4, #arg do print(i, arg[i]) end
    print("...", select("#", ...), ...)
    """

  static let runtimeError = """
    local function inner(x)
      return x.field  -- x is nil
    end
    local function outer() return inner(nil) + 1 end
    outer()
    """

  static let syntaxError = """
    print("first line is fine")
    local x = = 2
    """

  static let tableError = "error({ code = 7 })\n"
  static let tostringError = """
    local E = setmetatable({}, { __tostring = function(e) return "E: custom message" end })
    error(E)
    """
  static let namedError = "error(setmetatable({}, { __name = 'MyType' }))\n"

  static let shebang = "#!/usr/bin/env lua5.4\nprint('shebang skipped', ...)\nerror('line two')\n"

  static let module = """
    local M = { loaded_with = ... }
    function M.twice(x) return 2 * x end
    print("module body runs once", ...)
    return M
    """

  /// A tiny Lua C module, compiled by the tests.
  static let cModule = """
    #include <lua.h>
    #include <lauxlib.h>
    static int add(lua_State *L) {
      lua_pushinteger(L, luaL_checkinteger(L, 1) + luaL_checkinteger(L, 2));
      return 1;
    }
    static int fail(lua_State *L) { return luaL_error(L, "failed in C with %d", (int)luaL_optinteger(L, 1, 3)); }
    int luaopen_tiny(lua_State *L) {
      luaL_Reg fns[] = { { "add", add }, { "fail", fail }, { NULL, NULL } };
      luaL_newlib(L, fns);
      lua_pushstring(L, LUA_VERSION);
      lua_setfield(L, -2, "lua_version");
      return 1;
    }
    """

  static let cModuleUse = """
    local tiny = require("tiny")
    print(tiny.add(40, 2), tiny.lua_version, package.loaded.tiny == tiny)
    print(pcall(tiny.add, 1, "x"))
    print(pcall(tiny.fail, 5))
    tiny.fail()
    """

  /// The virtual clock: order of timers, nested scheduling, cancel, settle.
  static let clockOrder = """
    local log = {}
    local function note(s) log[#log + 1] = string.format("%s@%g", s, tantan.clock.now) end
    tantan.after(2, function() note("b") end)
    tantan.after(1, function()
      note("a")
      tantan.after(0.5, function() note("c") end)
    end)
    tantan.after(1, function() note("a2") end)
    local x = tantan.after(1.5, function() note("never") end)
    print("cancel", x:cancel(), x:cancel(), x.pending)
    tantan.clock:advance(1.2)
    print(table.concat(log, " "), tantan.clock.now, tantan.clock.pending)
    print("settled", tantan.clock:settle(), table.concat(log, " "), tantan.clock.now, tantan.clock.pending)
    tantan.clock:advance(0)
    print("done", tantan.clock.now)
    """

  static let timerError = """
    tantan.after(1, function() print("first timer") end)
    tantan.after(2, function() error("boom in timer") end)
    tantan.after(3, function() print("third timer") end)
    local ok, err = pcall(tantan.clock.advance, tantan.clock, 10)
    print(ok, err, tantan.clock.now, tantan.clock.pending)
    tantan.after(1, function() error({ code = 9 }) end)
    local ok2, e2 = pcall(function() tantan.clock:settle() end)
    print(ok2, type(e2), e2.code, tantan.clock.now)
    """

  static let badAfter = "local x = 1\ntantan.after(\"soon\", print)\n"

  static func runaway(pcallLoop: Bool, memory: Bool) -> String {
    let body = memory ? "local t = {} while true do t[#t + 1] = {} end" : "local n = 0 while true do n = n + 1 end"
    if pcallLoop {
      return """
        local caught = 0
        while true do
          local ok, err = pcall(function() \(body) end)
          caught = caught + 1
        end
        """
    }
    return "local x = 1\n\(body)\n"
  }
}
