-- What `--sandbox` removes, written in Lua because it edits Lua tables (Sandbox.swift loads it).
-- Runs before LUA_INIT and the script, so nothing untrusted sees the originals. Called with the
-- script's folder, a `realpath(path)` function (nil for a path that does not resolve) and the
-- `load` to install (C, loaders.c: lua's own, with every 'b' dropped from its mode).
local script_dir, realpath, text_load = ...
local raw_loadfile, searchpath, format = loadfile, package.searchpath, string.format
package.searchpath = nil  -- it would tell whether any file exists (searchpath("shadow", "/etc/?"))
io, debug = nil, nil
package.loaded.io, package.loaded.debug = nil, nil  -- else require("io") gives them back
for _, name in ipairs { "execute", "remove", "rename", "exit", "getenv", "tmpname" } do os[name] = nil end
dofile, loadfile = nil, nil
-- Text chunks only, otherwise lua's load (its argument errors, its results): bytecode gives nil
-- and "attempt to load a binary chunk (mode is 't')", whatever mode was asked for.
load = text_load
-- Modules: package.preload, then Lua files on a path fixed now (the script's folder, then the
-- configured path), so changing package.path cannot reach other files. No C modules. The
-- searcher replaces the file searcher, so `require` itself stays the stock one and its errors
-- name the script's line, as with lua. Its messages are 5.4's: `require` puts "\n\t" before each.
local path = script_dir .. "/?.lua;" .. script_dir .. "/?/init.lua;" .. package.path
package.path = path
-- The folders of the path's templates, resolved now: a module file found there must resolve
-- (symlinks followed) to a place inside one of them, so a link cannot reach other files.
local roots = {}
for template in path:gmatch("[^;]+") do
  local dir = template:match("^(.*)/[^/]*%?") or (template:find("?", 1, true) and ".")
  local real = dir and realpath(dir == "" and "/" or dir)
  if real then roots[#roots + 1] = real == "/" and "" or real end
end
local function inside(file)
  local real = realpath(file)
  if not real then return false end
  for _, root in ipairs(roots) do
    if real:sub(1, #root + 1) == root .. "/" then return true end
  end
  return false
end
package.cpath = ""
package.loadlib = nil
package.searchers = { package.searchers[1], function(name)
  if name:find("/", 1, true) or name:find("\\", 1, true) or name:sub(1, 1) == "." then
    return "module '" .. name .. "' is outside the sandbox (names are dotted, relative to the module path)"
  end
  local file, err = searchpath(name, path)
  if not file then return err end
  if not inside(file) then
    error(format("module '%s': file '%s' leads outside the sandbox's folders (a symbolic link?)", name, file), 0)
  end
  local chunk, msg = raw_loadfile(file, "t")
  if not chunk then error(format("error loading module '%s' from file '%s':\n\t%s", name, file, msg), 0) end
  return chunk, file
end }
