-- The scenario runner's Lua side, part 3 (prelude.lua runs the parts): busted's environments
-- (busted/context.lua and environment.lua). The spec file's chunk gets `proxy` as its _ENV, so
-- every function the file defines reads and writes globals through the element running now:
--   * a read looks in that element's env, then its parents' (up to the file's), then _G;
--   * a write goes to the running element's env: a scenario's globals end with it, a block's
--     body's are seen by everything inside the block; hooks (setup, before_each, ...) write to
--     their block's env, and `expose` blocks to the block around their parent (at the file's top
--     level: _G itself, so the rest of the file sees them);
--   * `insulate` blocks save _G and package.loaded when entered and restore them when left (what
--     a scenario does through _G or `require` inside it ends with the block); leaving an `expose`
--     block right inside an `insulate` one saves again, so what it exposed outlives that block.
-- Each file has its own Lua state, so a file is insulated, as busted insulates files. Elements
-- are tables with `parent` and, set here, `env`; `redirect` is how many levels up writes go.
-- Returns the functions part 5 uses.
local G = _G
local next, rawget, rawset, setmetatable, pairs = next, rawget, rawset, setmetatable, pairs
local loaded = package.loaded

local current  -- the running element (a block, a scenario or a hook), nil before collect

local function lookup(_, key)
  local e = current
  while e do
    local env = e.env
    if env then
      local v = rawget(env, key)
      if v ~= nil then return v end
    end
    e = e.parent
  end
  return G[key]
end

local function assign(_, key, value)
  local e = current
  if not e then
    G[key] = value
    return
  end
  while true do
    local env = e.env
    if env and rawget(env, key) ~= nil then
      env[key] = value
      return
    end
    local up = e.redirect
    if not up then
      if not env then
        env = {}
        e.env = env
      end
      env[key] = value
      return
    end
    for _ = 1, up do
      e = e.parent
      if not e then
        G[key] = value
        return
      end
    end
  end
end

local proxy = setmetatable({}, { __index = lookup, __newindex = assign, __name = "busted environment" })

-- _G and package.loaded as they are now.
local function save()
  local g, l = {}, {}
  for k, v in next, G do g[k] = v end
  for k, v in next, loaded do l[k] = v end
  return { g = g, l = l, mt = getmetatable(G) }
end

local function restore(s)
  setmetatable(G, s.mt)
  for k in next, G do
    if s.g[k] == nil then rawset(G, k, nil) end
  end
  for k, v in next, s.g do rawset(G, k, v) end
  for k in pairs(loaded) do loaded[k] = s.l[k] end
  for k, v in next, s.l do loaded[k] = v end
end

-- What running an insulate block's body changed in _G and package.loaded (bodies run when the
-- file is collected, busted runs them when the block starts): applied again when it is entered.
local function changes(before)
  local now = save()
  local d = { g = {}, l = {} }
  for _, part in pairs { "g", "l" } do
    for k, v in next, now[part] do
      if before[part][k] ~= v then d[part][k] = v end
    end
  end
  return d
end

local function apply(d)
  for k, v in next, d.g do rawset(G, k, v) end
  for k, v in next, d.l do loaded[k] = v end
end

return {
  proxy = proxy,
  -- Makes `e` the running element; returns the one it replaces.
  switch = function(e)
    local was = current
    current = e
    return was
  end,
  current = function() return current end,
  save = save, restore = restore, changes = changes, apply = apply,
}
