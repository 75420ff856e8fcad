-- Golden files: assert.snapshot compares a value with __snapshots__/snapshot_spec/<name>.snap.
-- Update them with: tantan-host test --update-snapshots=all scenarios/snapshot_spec.lua
local function timeline(steps)
  local events = {}
  for i, delay in ipairs(steps) do
    tantan.after(delay, function() events[#events + 1] = string.format("t=%.2f timer %d", tantan.clock.now, i) end)
  end
  tantan.clock:settle()
  return events
end

describe("golden files #snapshot", function()
  it("keeps a table of events", function()
    assert.snapshot("timeline", { events = timeline { 0.3, 0.1, 0.2 }, now = tantan.clock.now })
  end)

  it("keeps rendered text", function()
    assert.snapshot("timeline-text", table.concat(timeline { 1, 0.5 }, "\n"))
  end)
end)
