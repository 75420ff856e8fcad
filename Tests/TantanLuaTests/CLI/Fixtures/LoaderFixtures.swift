/// Lua scripts that exercise `load`, `loadfile`, `dofile` and `require` (which the host replaces
/// in every state to keep the text it loads) case by case; each prints one line per case, with
/// functions and tables shown by type so `lua5.4` and `tantan-host` print the same bytes.
enum LoaderFixture {
  /// `P(label, f, ...)` prints `label: n | v1 | v2 ...` of `pcall(f, ...)`; `pieces(...)` is a
  /// reader returning its arguments one per call; `w(name, bytes)` writes a file.
  static let helpers = """
    local function str(v)
      local t = type(v)
      return (t == "function" or t == "table" or t == "thread" or t == "userdata") and t or tostring(v)
    end
    function P(label, f, ...)
      local r = table.pack(pcall(f, ...))
      for i = 1, r.n do r[i] = str(r[i]) end
      print(label .. ": " .. r.n .. " | " .. table.concat(r, " | "))
    end
    function pieces(...)
      local t, i = table.pack(...), 0
      return function() i = i + 1 return t[i] end
    end
    function w(name, bytes)
      local f = assert(io.open(name, "wb")) f:write(bytes) f:close()
    end

    """

  static let load =
    helpers + """
      P("reader numbers", function() return load(pieces("return ", 1, 2))() end)
      P("reader table", function() return load(pieces("return 1", {})) end)
      P("reader boolean", function() return load(pieces(true)) end)
      P("reader empty string ends the chunk", function() return load(pieces("return 1", "", "+1"))() end)
      P("reader raises", function() return load(function() error("boom") end) end)
      P("reader raises a table", function() return load(function() error({}) end) end)
      P("reader raises nil", function() return load(function() error() end) end)
      P("reader yields", function()
        return coroutine.wrap(function() return load(function() coroutine.yield(1) end) end)()
      end)
      P("reader nested load", function()
        return load(pieces("return ", load("return '1'")()))()
      end)
      P("not a function", function() return load({}) end)
      P("nil", function() return load(nil) end)
      P("no argument", function() return load() end)
      P("number chunk", function() return load(42) end)
      P("mode b, text", function() return load("return 1", "x", "b") end)
      P("mode x", function() return load("return 1", "x", "x") end)
      P("mode empty", function() return load("return 1", "x", "") end)
      P("mode tb", function() return load("return 1", "x", "tb")() end)
      P("mode bt", function() return load("return 1", "x", "bt")() end)
      P("mode number", function() return load("return 1", "x", 1) end)
      P("mode table", function() return load("return 1", "x", {}) end)
      P("binary, mode t", function() return load(string.dump(function() end), "x", "t") end)
      P("binary reader, mode t", function() return load(pieces(string.dump(function() end)), "x", "t") end)
      P("binary, mode b", function() return load(string.dump(function() return "bin" end), "x", "b")() end)
      P("binary reader by byte", function()
        local s, i = string.dump(function() return "bytes" end), 0
        return load(function() i = i + 1 return s:sub(i, i) end)()
      end)
      P("env nil given", function() return load("return x", "c", "t", nil)() end)
      P("env number", function() return load("return _ENV", "c", "t", 5)() end)
      P("env table", function() return load("return x", "c", "t", { x = "from env" })() end)
      P("env, no upvalue", function() return load(string.dump(function() return 1 end), "c", "b", {})() end)
      P("env absent", function() return load("return _ENV")() == _G end)
      P("name number", function() return load("x=", 12) end)
      P("name table", function() return load("x=", {}) end)
      P("name @", function() return load("x=", "@file.lua") end)
      P("name =", function() return load("x=", "=exact") end)
      P("name default", function() return load("x=") end)
      P("name default, long", function() return load(string.rep("x", 100) .. " = = 1") end)
      P("name default, reader", function() return load(pieces("x=")) end)
      P("source", function()
        return debug.getinfo(load("return 1")).source, debug.getinfo(load(pieces("return 1"))).source
      end)
      P("error position", function() return load("local a = nil\\nreturn a.b", "@pos.lua")() end)
      P("NUL bytes", function() return #load("return 'a\\0b'")() end)
      P("BOM in a string", function() return load("\\xEF\\xBB\\xBFreturn 1") end)
      P("# line in a string", function() return load("#!x\\nreturn 1") end)
      """

  static let loadfileAndDofile =
    helpers + """
      w("bom.lua", "\\xEF\\xBB\\xBF#!/usr/bin/lua\\nreturn debug.getinfo(1, 'l').currentline, ...")
      P("BOM and # line", function() return loadfile("bom.lua")(7) end)
      w("partial.lua", "\\xEF\\xBBreturn 1")
      P("partial BOM", function() return loadfile("partial.lua") end)
      w("comment.lua", "#only a comment")
      P("only a # line", function() return loadfile("comment.lua")() end)
      w("empty.lua", "")
      P("empty file", function() return loadfile("empty.lua")() end)
      w("shebang.luac", "#!x\\n" .. string.dump(function() return "bin" end))
      P("# line then bytecode", function() return loadfile("shebang.luac")() end)
      w("bin.luac", string.dump(function(...) return "bin", ... end))
      P("bytecode", function() return loadfile("bin.luac")(1) end)
      P("bytecode, mode t", function() return loadfile("bin.luac", "t") end)
      P("text, mode b", function() return loadfile("empty.lua", "b") end)
      P("mode x", function() return loadfile("empty.lua", "x") end)
      P("env", function() return loadfile("bom.lua", "t", { debug = { getinfo = function() return { currentline = 9 } end } })() end)
      P("env nil given", function() return loadfile("bom.lua", "t", nil)() end)
      P("missing file", function() return loadfile("nope.lua") end)
      P("a folder", function() return loadfile(".") end)
      P("number name", function() return loadfile(12) end)
      P("table name", function() return loadfile({}) end)
      P("source", function() return debug.getinfo(loadfile("empty.lua")).source end)
      w("syntax.lua", "x = = 1")
      P("syntax error", function() return loadfile("syntax.lua") end)
      P("dofile missing", function() return dofile("nope.lua") end)
      P("dofile syntax error", function() return dofile("syntax.lua") end)
      w("raise.lua", "error('raised')")
      P("dofile raises", function() return dofile("raise.lua") end)
      w("level2.lua", "error('level 2', 2)")
      P("dofile raises at level 2", function() return dofile("level2.lua") end)
      w("level3.lua", "error('level 3', 3)")
      P("dofile raises at level 3", function() return dofile("level3.lua") end)
      w("results.lua", "return 1, nil, 3")
      P("dofile results", function() return dofile("results.lua") end)
      w("yields.lua", "return coroutine.yield(1) + 1")
      P("dofile yields", function() local co = coroutine.wrap(dofile) return co("yields.lua"), co(41) end)
      P("dofile bytecode", function() return dofile("bin.luac") end)
      P("dofile table", function() return dofile({}) end)
      """

  static let require =
    helpers + """
      package.path = "./?.lua;./?/init.lua"
      package.cpath = "./?.so"
      w("m1.lua", "return ...")
      P("loader data", function() return require("m1") end)
      P("cached", function() return require("m1") end)
      w("m2.lua", "")
      P("returns nothing", function() return require("m2"), package.loaded.m2 end)
      w("m3.lua", "return false")
      P("returns false", function() return require("m3"), package.loaded.m3 end)
      w("m4.lua", "package.loaded[...] = 'set'")
      P("sets package.loaded", function() return require("m4") end)
      os.execute("mkdir -p pkg")
      w("pkg/init.lua", "return (...) .. ' from init'")
      P("init.lua", function() return require("pkg") end)
      P("missing", function() return require("zz.yy") end)
      w("syntax.lua", "x = = 1")
      P("syntax error", function() return require("syntax") end)
      w("raise.lua", "error('raised')")
      P("raises", function() return require("raise") end)
      P("number name", function() return require(5) end)
      P("table name", function() return require({}) end)
      package.path = 5
      P("path a number", function() return require("nothere") end)
      package.path = {}
      P("path a table", function() return require("nothere") end)
      package.path = "./?.lua"
      P("searchpath", function() return package.searchpath("a.b", "./?.lua;/x/?/y") end)
      P("searchpath, separators", function() return package.searchpath("a.b", "./?.lua", "", "") end)
      P("searchpath found", function() return package.searchpath("m1", "./?.lua") end)
      local lua_searcher = package.searchers[2]
      P("searcher called directly", function() return lua_searcher("m1") end)
      P("searcher, missing", function() return lua_searcher("qq") end)
      P("searcher, number", function() return lua_searcher(5) end)
      P("searcher, no argument", function() return lua_searcher() end)
      P("searcher's upvalues", function()
        return debug.getinfo(lua_searcher, "u").nups, select("#", debug.getupvalue(lua_searcher, 2)),
          select(2, debug.getupvalue(lua_searcher, 1)) == package
      end)
      package.searchpath = function() error("the searcher must not call package.searchpath") end
      P("searcher after package.searchpath changed", function() return lua_searcher("m1") end)
      table.remove(package.searchers, 1)
      P("no preload searcher", function() return require("zz") end)
      package.searchers = { function() return nil end, function(n) return "custom " .. n end, function() return 5 end }
      P("custom searchers", function() return require("zz") end)
      package.searchers = { function() return function(a, b) return a .. "|" .. tostring(b) end, "extra" end }
      P("custom loader", function() return require("zz") end)
      package.searchers = { lua_searcher }
      P("only the Lua searcher", function() return require("m3"), require("nothing") end)
      package.searchers = {}
      P("no searchers", function() return require("zz2") end)
      package.searchers = nil
      P("searchers nil", function() return require("zz3") end)
      """
}
