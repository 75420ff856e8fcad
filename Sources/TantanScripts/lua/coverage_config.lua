-- Coverage's file filter, as luacov has it: `.luacov` read as luacov reads it, and its
-- include/exclude test (luacov.runner's file_included). Returns a table of two functions.
local M = {}

-- A pattern list of the configuration: nil when absent, else a list of strings.
local function patterns(conf, key)
  local v = rawget(conf, key)
  if v == nil then return {} end
  if type(v) ~= "table" then
    return nil, ("'%s' must be a list of patterns, not a %s"):format(key, type(v))
  end
  local out = {}
  for i, p in ipairs(v) do
    if type(p) ~= "string" then
      return nil, ("%s[%d] must be a string pattern, not a %s"):format(key, i, type(p))
    end
    out[i] = p
  end
  return out
end

-- Runs the configuration file with its own globals (reading the standard ones); a table it
-- returns fills what it did not set. Returns its include and exclude lists, or nil and a message.
function M.read(path)
  local conf = setmetatable({}, { __index = _G })
  local chunk, err = loadfile(path, "t", conf)
  if not chunk then return nil, err end
  local ok, ret = pcall(chunk)
  if not ok then return nil, tostring(ret) end
  if type(ret) == "table" then
    for k, v in pairs(ret) do
      if rawget(conf, k) == nil then rawset(conf, k, v) end
    end
  end
  local include, e1 = patterns(conf, "include")
  if not include then return nil, path .. ": " .. e1 end
  local exclude, e2 = patterns(conf, "exclude")
  if not exclude then return nil, path .. ": " .. e2 end
  return include, exclude
end

local function match_any(list, name, on_empty)
  if not list[1] then return on_empty end
  for _, p in ipairs(list) do
    if name:match(p) then return true end
  end
  return false
end

-- Whether `name` (a file's path) is reported: its `\` made `/` and its `.lua` dropped, it matches
-- an include pattern (or there are none) and no exclude pattern. A malformed pattern raises.
function M.included(name, include, exclude)
  name = name:gsub("\\", "/"):gsub("%.lua$", "")
  return match_any(include, name, true) and not match_any(exclude, name, false)
end

return M
