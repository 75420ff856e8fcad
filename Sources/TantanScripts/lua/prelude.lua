-- The scenario runner's Lua side (Prelude.swift loads it): this entry and three parts, each its
-- own chunk named after its file: prelude_format.lua (value formatting, snapshot text),
-- prelude_assert.lua (luassert-compatible assert, spy, stub, match) and prelude_core.lua (busted's
-- blocks, output capture, the runner's entry points). Called with the three parts' chunks and the
-- host's table depth limit with its message; returns the function the runner calls with its host
-- table (`emit`, `snapshot`, ...), which runs the parts in order and returns part 3's
-- `{collect=, run=, settle=, plugin_assertions=}`.
-- The chunks are named "=[tantan]/prelude*.lua": the parts (and explore.lua) tell the prelude's
-- frames from the user's by that name.
local format_part, assert_part, core_part, depth_limit, depth_message = ...

return function(host)
  local format = format_part()
  local assertions = assert_part(format, depth_limit, depth_message)
  return core_part(host, format, assertions)
end
