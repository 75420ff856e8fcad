-- The scenario runner's Lua side (Prelude.swift loads it): this entry and three parts, each its
-- own chunk named after its file: prelude_format.lua (value formatting, snapshot text),
-- prelude_assert.lua (luassert-compatible assert, spy, stub, match) and prelude_core.lua (busted's
-- blocks, output capture, the runner's entry points). Called with the three parts' chunks and the
-- host's table depth limit with its message; returns the function the runner calls with its host
-- table (`emit`, `snapshot`, ...), which runs the parts in order and returns part 3's
-- `{collect=, run=, settle=, plugin_assertions=}`.
local format_part, assert_part, core_part, depth_limit, depth_message = ...
local getinfo = debug.getinfo

-- The prelude's chunk names: its frames are not the user's (assertion locations, tracebacks).
local prelude_sources = { [getinfo(1, "S").source] = true }
for _, part in ipairs { format_part, assert_part, core_part } do prelude_sources[getinfo(part, "S").source] = true end

return function(host)
  local format = format_part()
  local assertions = assert_part(format, prelude_sources, depth_limit, depth_message)
  return core_part(host, format, assertions, prelude_sources)
end
