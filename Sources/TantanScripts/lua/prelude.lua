-- The scenario runner's Lua side (Prelude.swift loads it): this entry and six parts, each its own
-- chunk named after its file, run in order: prelude_format.lua (value formatting, snapshot text),
-- prelude_assert.lua (the real luassert, wired as busted wires it), prelude_errors.lua (what a
-- scenario raised, as a result), prelude_env.lua (busted's environments), prelude_blocks.lua
-- (busted's block functions, collecting a file) and prelude_core.lua (running scenarios as busted
-- does, output capture, the runner's entry points: see its header). Called with the parts'
-- chunks; returns the function the runner calls with its host table (`emit`, `snapshot`,
-- `modules`, ...: ScenarioSession.swift), which returns part 6's entry points.
-- The chunks are named "=[tantan]/prelude*.lua": the parts (and explore.lua) tell the prelude's
-- frames from the user's by that name.
local format_part, assert_part, errors_part, env_part, blocks_part, core_part = ...

return function(host)
  local format = format_part()
  local assertions = assert_part(format, host.modules, host)
  local errors = errors_part(format, assertions, host)
  local env = env_part()
  local flags = { running = false, body = false }  -- what runs now: a scenario or hook; a scenario's body
  local blocks = blocks_part(format, assertions, errors, env, host, flags)
  return core_part(format, assertions, errors, env, blocks, host, flags)
end
