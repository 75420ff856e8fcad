-- The helpers of a scenario recorded by `tantan-host play` (the recording follows them).
-- run_script runs the script as the playground ran it: the same seed and arguments, and the
-- panel's config values applied over the script's own config (a copy of its table; a nested
-- table is copied before one of its keys is set), by component label: "deck" for the first deck
-- the script makes, "deck#2" for the second. It returns the components it made, by label.
local function run_script(path, seed, overrides, args)
  local made, counts, originals = {}, {}, {}
  for _, kind in ipairs({ "deck", "grid", "list" }) do
    local make = tantan[kind]
    originals[kind] = make
    tantan[kind] = function(config, ...)
      counts[kind] = (counts[kind] or 0) + 1
      local label = counts[kind] == 1 and kind or kind .. "#" .. counts[kind]
      local values = overrides[label]
      if values and type(config) == "table" then
        local copy = {}
        for k, v in next, config do copy[k] = v end
        for _, kv in ipairs(values) do
          local outer, inner = kv[1]:match("^([^.]+)%.(.+)$")
          if outer then
            local nested = {}
            if type(copy[outer]) == "table" then
              for k, v in next, copy[outer] do nested[k] = v end
            end
            nested[inner] = kv[2]
            copy[outer] = nested
          else
            copy[kv[1]] = kv[2]
          end
        end
        config = copy
      end
      local obj = make(config, ...)
      made[label] = obj
      return obj
    end
  end
  arg = { [0] = path }
  for i, a in ipairs(args) do arg[i] = a end
  math.randomseed(seed)
  local ok, err = pcall(dofile, path)
  for kind, make in pairs(originals) do tantan[kind] = make end
  if not ok then error(err, 0) end
  return made
end

-- The playground's frames: n steps of the virtual clock, dt seconds each.
local function frames(n, dt)
  for _ = 1, n do tantan.clock:advance(dt) end
end
