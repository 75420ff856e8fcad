import LuaRuntime

/// What `--sandbox` removes, written in Lua because it edits Lua tables. Runs before LUA_INIT
/// and the script, so nothing untrusted sees the originals.
enum Sandbox {
  static let prelude = #"""
  local script_dir = ...
  io, debug = nil, nil
  for _, name in ipairs { "execute", "remove", "rename", "exit", "getenv", "tmpname" } do os[name] = nil end
  dofile, loadfile = nil, nil
  local raw_load = load
  load = function(chunk, name, mode, env)
    if mode ~= nil and mode ~= "t" then error("binary chunks are not allowed in the sandbox", 2) end
    return raw_load(chunk, name, "t", env)
  end
  package.loadlib = nil
  package.cpath = ""
  package.searchers[3], package.searchers[4] = nil, nil  -- no C modules
  package.path = script_dir .. "/?.lua;" .. script_dir .. "/?/init.lua;" .. package.path
  local raw_require = require
  require = function(name)
    if type(name) == "string" and (name:find("/", 1, true) or name:find("\\", 1, true) or name:sub(1, 1) == ".") then
      error("module '" .. name .. "' is outside the sandbox (names are dotted, relative to the module path)", 2)
    end
    return raw_require(name)
  end
  """#
}
