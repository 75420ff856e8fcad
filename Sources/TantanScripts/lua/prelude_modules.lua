-- Finds and compiles the Lua libraries the scenario runner's assertions are (Prelude.swift runs
-- this once per process, in a state of its own): luassert and say as installed (Debian's
-- lua-luassert and lua-say; `luarocks install luassert` elsewhere), found on package.path as
-- `require` finds them. Returns {name, path, bytecode} for every module that loading luassert,
-- luassert.spy, .stub, .mock and .match loads, in the order they were first required; the
-- runner preloads them into each scenario state from this bytecode (parsed once, not per file).
-- Raises a message naming both packages when one is missing.
local searchpath, loadfile, dump = package.searchpath, loadfile, string.dump
local found = {}
table.insert(package.searchers, 2, function(name)
  if name ~= "say" and name ~= "luassert" and not name:find("^luassert%.") then return nil end
  local file = searchpath(name, package.path)
  if not file then return nil end  -- the standard searchers then say where they looked
  local chunk, err = loadfile(file, "t")
  if not chunk then error(err, 0) end
  found[#found + 1] = { name, dump(chunk, true) }  -- stripped: half the cost to load
  return chunk, file
end)
package.preload.term = function() error("term: not loaded by the scenario runner", 0) end
for _, m in ipairs { "luassert", "luassert.spy", "luassert.stub", "luassert.mock", "luassert.match" } do
  local ok, err = pcall(require, m)
  if not ok then
    error("the scenario runner's assertions are luassert and say, not found: install them (Debian and Ubuntu: "
      .. "apt-get install lua-luassert lua-say; macOS: luarocks install luassert)\n" .. tostring(err), 0)
  end
end
return found
