-- What the event hook saw since the last reset (the start of the scenario, in tantan-host test).
local M = { seen = {} }

function M.record(event)
  M.seen[#M.seen + 1] = event
end

function M.reset()
  M.seen = {}
end

-- The event texts of `source`: nil for what the hook saw, a component (its events()), or an
-- array of texts.
function M.texts(source)
  if source == nil then
    local out = {}
    for i, e in ipairs(M.seen) do out[i] = e.text end
    return out
  end
  if type(source) == "userdata" then return source:events() end
  if type(source) == "table" then return source end
  error("events: a component, an array of event texts or nil expected, got " .. type(source), 3)
end

function M.summary(texts)
  if #texts == 0 then return "none" end
  if #texts > 5 then return table.concat(texts, ", ", 1, 5) .. ", ..." end
  return table.concat(texts, ", ")
end

return M
