-- The list's part of tantan.explore (its component entry, ListBinding+Component.swift, names
-- this file): ready-made actions, its invariants, the states and callbacks coverage reports, and
-- how a list's state is sampled. Loaded by explore_actions.lua with its helpers (`lib`); returns
-- the spec.
local lib = ...
local find, shared, model_problem = lib.find, lib.shared, lib.model_problem
local ipairs, tostring = ipairs, tostring
local sformat, concat, remove = string.format, table.concat, table.remove
local clock = tantan.clock
local explore = {}

-- List: scrolls and flings near both ends, pulls around the threshold, paging and refresh
-- completions held by the explore's scheduler and delivered in a random order.
---Ready-made list actions: scrolls and flings near both ends, pull and release at and around the threshold, apply of random diffs (dropping, moving, adding items), load_more, and `deliver`: one pending completion held by the explore's scheduler (setup(sched), sched.hold(fn)) called with ok = true or false, in a random order.
---@return table<string, {weight: number, run: fun(obj: any, gen: ExploreGen): any}>
function explore.list_actions()
  local function list(obj) return find(obj, "list") end
  -- A finger holding a pull cannot scroll at the same time.
  local function fingers_on(l) local s = l.refresh_state return s == "pulling" or s == "armed" end
  local function clamp(l, y) return math.max(l.min_offset, math.min(l.max_offset, y)) end
  return {
    scroll = { weight = 3, run = function(obj, gen)
      local l = list(obj)
      if fingers_on(l) then return nil end
      local near = gen.pick({ "bottom", "top", "middle" })
      local y = near == "top" and l.min_offset + gen.int(0, 60)
        or near == "bottom" and l.max_offset - gen.int(0, 60)
        or (l.min_offset + l.max_offset) / 2
      gen.note("list:scroll_to(%s)", clamp(l, y))
      return l:scroll_to(clamp(l, y))
    end },
    fling = { weight = 1, run = function(obj, gen)
      local l = list(obj)
      if fingers_on(l) then return nil end
      local dy = gen.pick({ 1, -1 }) * gen.int(20, 400)
      local n = gen.int(2, 5)
      gen.note("%d x list:scroll_to(offset %+d)", n, dy)
      for _ = 1, n do l:scroll_to(clamp(l, l.offset + dy)) end
    end },
    pull = { weight = 2, run = function(obj, gen)
      local l = list(obj)
      local s = l.refresh_state
      if l.offset ~= l.min_offset or (s ~= "idle" and s ~= "pulling" and s ~= "armed") then return nil end
      local distance = gen.pick({ 60, 10, 49, 50, 51, 100 })
      gen.note("list:pull(%d)", distance)
      return l:pull(distance)
    end },
    release = { weight = 2, run = function(obj, gen)
      local l = list(obj)
      local s = l.refresh_state
      if s == "pulling" or s == "armed" then gen.note("list:release()") return l:release() end
    end },
    apply = { weight = 1, run = function(obj, gen)
      local l = list(obj)
      local sections = {}
      for s = 1, l.section_count do
        local items = {}
        for i = 1, l:item_count(s) do items[i] = l:item(s, i) end
        sections[s] = { id = l:section_id(s), header = l:header(s), footer = l:footer(s), items = items }
      end
      if sections[1] == nil then return nil end
      local done = {}
      for _ = 1, gen.int(1, 3) do  -- a diff of one to three changes: delete, move or insert an item
        local s = gen.int(1, #sections)
        local items, op = sections[s].items, gen.pick({ "delete", "move", "insert" })
        if op == "delete" and items[1] then
          local i = gen.int(1, #items)
          remove(items, i)
          done[#done + 1] = sformat("delete %d.%d", s, i)
        elseif op == "move" and items[2] then
          local from = gen.int(1, #items)
          local item = remove(items, from)
          local to = gen.int(1, #items + 1)
          table.insert(items, to, item)
          done[#done + 1] = sformat("move %d.%d to %d", s, from, to)
        elseif op == "insert" then
          shared.fresh = shared.fresh + 1
          local i = gen.int(1, #items + 1)
          table.insert(items, i, { id = "explore " .. shared.fresh, title = "inserted " .. shared.fresh })
          done[#done + 1] = sformat("insert %d.%d", s, i)
        end
      end
      gen.note("list:apply(the sections with: %s)", concat(done, ", "))
      return l:apply(sections)
    end },
    load_more = { weight = 1, run = function(obj, gen) gen.note("list:load_more()") return list(obj):load_more() end },
    deliver = { weight = 3, run = function(_, gen)
      local held = shared.held
      if held[1] == nil then return nil end
      local n = #held
      local i = gen.int(1, n)
      local fn = remove(held, i)
      local ok = not gen.bool()  -- ok = true unless the draw says failure (shrinks toward success)
      gen.note("deliver held completion %d of %d (ok = %s)", i, n, ok)
      return fn(ok)
    end },
    clock = { weight = 1, run = function(_, gen)
      local t = gen.pick({ 1, 0.25, 0.1 })
      gen.note("tantan.clock:advance(%s)", t)
      clock:advance(t)
    end },
  }
end

-- What a user sees of the list, then (only when the data changed) its model's own check.
local function check(t)
  local l = t.obj
  local off, lo, hi = l.offset, l.min_offset, l.max_offset
  if off < lo or off > hi then return sformat("list.offset %s out of range %s..%s", off, lo, hi) end
  local n, h = l.count, l.content_height
  if n == t.count and h == t.height then return nil end  -- the data did not change: O(1) per step
  t.count, t.height = n, h
  local ids, total = {}, 0
  for s = 1, l.section_count do
    for i = 1, l:item_count(s) do
      local id = l:item(s, i).id
      if ids[id] then return sformat("list item id %s appears twice", tostring(id)) end
      ids[id] = true
      total = total + 1
    end
  end
  if total ~= n then return sformat("list.count %d but the sections hold %d items", n, total) end
  local bad = model_problem(l)  -- O(n): ids indexed, prefix sums, state; only when the data changed
  if bad then return "list model: " .. bad end
  local bottom = 0
  for _, a in ipairs(l:layout({ x = 0, y = lo - 1, w = l.width, h = h - lo + 2 })) do
    if a.kind ~= "header" and a.frame.y + a.frame.h > bottom then bottom = a.frame.y + a.frame.h end
  end
  if bottom > h then return sformat("list layout reaches %s, past content_height %s", bottom, h) end
end

return {
  actions = explore.list_actions,
  check = check,
  states = { "idle", "pulling", "armed", "refreshing", "finishing", "loading", "no_more", "load_error", "refresh_error" },
  callbacks = { "on_refresh", "on_load_more", "did_scroll" },
  sample = function(l, states)
    states[l.refresh_state] = true
    if l.loading then states.loading = true end
    if not l.has_more then states.no_more = true end
    if l.load_error then states.load_error = true end
    if l.refresh_error then states.refresh_error = true end
  end,
}
