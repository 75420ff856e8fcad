-- What the event hook saw, per component, since the last reset.
local M = { seen = {}, scenarios = {} }

function M.record(event)
  M.seen[#M.seen + 1] = event
end

function M.reset()
  M.seen = {}
end

function M.texts()
  local out = {}
  for i, e in ipairs(M.seen) do out[i] = e.text end
  return out
end

function M.summary(texts)
  if #texts == 0 then return "none" end
  if #texts > 5 then return table.concat(texts, ", ", 1, 5) .. ", ..." end
  return table.concat(texts, ", ")
end

function M.finished(name, result)
  M.scenarios[#M.scenarios + 1] = ("%s: %s, %d events"):format(name, result and result.passed and "ok" or "FAILED", #M.seen)
end

function M.report()
  return table.concat(M.scenarios, "\n")
end

return M
