-- tantan.explore's ready-made actions (deck_actions, grid_actions, list_actions) and the checks
-- every explore runs: built-in invariants after each step and coverage. Loaded on first use by
-- ExploreExtension.swift with (the tantan.explore table to fill, model_problem(obj): the model's
-- own consistency check, event_names(obj): the callbacks its event log recorded); returns the
-- built-in checks for explore.lua.
local explore, model_problem, event_names = ...
local type, pairs, ipairs, tostring, getmetatable, rawequal = type, pairs, ipairs, tostring, getmetatable, rawequal
local sformat, concat, sort, remove = string.format, table.concat, table.sort, table.remove
local clock = tantan.clock

local KINDS = { ["tantan.SwipeDeck"] = "deck", ["tantan.ReorderGrid"] = "grid", ["tantan.List"] = "list" }
local function kind_of(v)
  if type(v) ~= "userdata" then return nil end
  local mt = getmetatable(v)
  return type(mt) == "table" and KINDS[mt.__name] or nil
end

-- The components of a setup's result: itself, or its fields' values in key order.
local function components(obj)
  local k = kind_of(obj)
  if k then return { { kind = k, obj = obj } } end
  local out = {}
  if type(obj) ~= "table" then return out end
  local keys = {}
  for key, v in pairs(obj) do if kind_of(v) then keys[#keys + 1] = key end end
  sort(keys, function(a, b) return tostring(a) < tostring(b) end)
  for _, key in ipairs(keys) do out[#out + 1] = { kind = kind_of(obj[key]), obj = obj[key] } end
  return out
end

local found = setmetatable({}, { __mode = "k" })

-- A deck's configuration, read once (each field read is a call into the host).
local configs = setmetatable({}, { __mode = "k" })
local function config(d)
  local c = configs[d]
  if c == nil then
    c = { threshold = d.threshold, velocity = d.velocity_threshold or 800, swipe = d.durations.swipe, cyclic = d.cyclic }
    configs[d] = c
  end
  return c
end

local SIGNS, OFF_ON = { -1, 1 }, { 0, 1 }
local CLOCK_STEPS = { "settle", 0.1, 0.5, 0.9, 1, 1.01, 2 }  -- shrinks toward letting everything finish

-- Can a drag start? It finishes the running fly-off (and the queue behind it) first, which may
-- take the last card away.
local function can_drag(d)
  local state = d.state
  if state == "idle" then return true end
  if state ~= "animating" or d.queued > 0 then return false end
  local index, count = d.index, d.count  -- a card stays once the running animation ends
  return index ~= nil and (index < count or (config(d).cyclic and count > 1))
end

local function find(obj, kind)
  if obj == nil or obj ~= obj then  -- neither can be a table key
    error(sformat("explore: spec.setup returned %s: the %s actions need a %s (return it, or a table holding it)", tostring(obj), kind, kind), 0)
  end
  local cache = found[obj]
  if cache == nil then cache = {}; found[obj] = cache end
  local c = cache[kind]
  if c == nil then
    for _, comp in ipairs(components(obj)) do if comp.kind == kind then c = comp.obj break end end
    if c == nil then error("explore: the setup's result holds no " .. kind, 0) end
    cache[kind] = c
  end
  return c
end

-- The running explore's scheduler queue (set by explore.lua) and its count of inserted items.
local shared = { held = {}, fresh = 0 }

-- Deck: gestures around the thresholds, hanging drags, programmatic swipes, reloads, clock steps.
-- The `---` block is tantan.explore.deck_actions's reference entry (ExploreExtension.docs reads it).
---Ready-made deck actions: pans around threshold and velocity_threshold, drags left hanging and finished, like, nope, undo, reload, with or without keep_position, landing inside fly-offs too (an array source first gains or loses up to 3 cards at its front or its end; a callback source reloads as it is), clock advances that land inside animations or let them finish. The deck is `obj` or the first deck among obj's fields (by key order).
---@return table<string, {weight: number, run: fun(obj: any, gen: ExploreGen): any}>
function explore.deck_actions()
  local function deck(obj) return find(obj, "deck") end
  return {
    pan = { weight = 3, run = function(obj, gen)
      local d = deck(obj)
      if d.state == "dragging" then
        local vx = gen.int(-1500, 1500)
        gen.note("deck:drag_end(%d, 0)", vx)
        return d:drag_end(vx, 0)
      end
      if not can_drag(d) then return nil end
      local c = config(d)
      local th = c.threshold
      local dx = gen.pick(SIGNS) * (th + gen.int(-15, 15))
      local dy = gen.int(-40, 40)
      local vt = c.velocity
      local vx = gen.pick(SIGNS) * (vt + gen.int(-200, 200)) * gen.pick(OFF_ON)
      local steps = gen.int(1, 3)
      gen.note("deck:pan(%d, %d, {steps = %d, velocity = {x = %d, y = 0}})", dx, dy, steps, vx)
      return d:pan(dx, dy, { steps = steps, velocity = { x = vx, y = 0 } })
    end },
    drag_hang = { weight = 1, run = function(obj, gen)
      local d = deck(obj)
      if d.state ~= "dragging" then
        if not can_drag(d) then return nil end
        gen.note("deck:drag_begin()")
        d:drag_begin()
      end
      local dx, dy = gen.int(-200, 200), gen.int(-60, 60)
      gen.note("deck:drag_move(%d, %d)", dx, dy)
      d:drag_move(dx, dy)
    end },
    like = { weight = 2, run = function(obj, gen)
      local d = deck(obj)
      if d.state ~= "dragging" and d.state ~= "empty" then gen.note("deck:like()") d:like() end
    end },
    nope = { weight = 2, run = function(obj, gen)
      local d = deck(obj)
      if d.state ~= "dragging" and d.state ~= "empty" then gen.note("deck:nope()") d:nope() end
    end },
    undo = { weight = 2, run = function(obj, gen)
      local d = deck(obj)
      if d.state ~= "dragging" then gen.note("deck:undo()") return d:undo() end
    end },
    reload = { weight = 1, run = function(obj, gen)
      local d = deck(obj)
      local src = d.source
      local change = ""
      if type(src) == "table" and src[1] ~= nil then  -- an array: new cards arrived or some went away
        local n, front = gen.int(-3, 3), gen.bool()
        local at = front and 1 or nil
        for _ = 1, n do
          shared.fresh = shared.fresh + 1
          local card = { id = "explore " .. shared.fresh, title = "new card " .. shared.fresh }
          if at then table.insert(src, at, card) else src[#src + 1] = card end
        end
        for _ = 1, math.min(-n, #src) do remove(src, at) end
        if n ~= 0 then change = sformat(" (%s %d at the %s)", n > 0 and "inserted" or "removed", math.abs(n), front and "front" or "end") end
      end
      local keep = gen.bool()
      gen.note("deck:reload{keep_position = %s} over %d cards%s", keep, type(src) == "table" and #src or d.count, change)
      d:reload({ keep_position = keep })
    end },
    clock = { weight = 2, run = function(obj, gen)
      local d = deck(obj)
      local f = gen.pick(CLOCK_STEPS)
      if f == "settle" then gen.note("tantan.clock:settle()") return clock:settle() end
      local t = config(d).swipe * f
      gen.note("tantan.clock:advance(%s)", t)
      clock:advance(t)
    end },
  }
end

-- Grid: long presses, drags to cells and their edges, to the autoscroll edges and off screen.
---Ready-made grid actions: long press, drags to cells, cell edges, the autoscroll edges and off screen, drop, cancel, delete, edit/done, scrolls, clock advances.
---@return table<string, {weight: number, run: fun(obj: any, gen: ExploreGen): any}>
function explore.grid_actions()
  local function grid(obj) return find(obj, "grid") end
  local function unlocked(g, gen)
    local locked, free = {}, {}
    for _, i in ipairs(g.locked) do locked[i] = true end
    for i = 1, g.count do if not locked[i] then free[#free + 1] = i end end
    return free[1] and gen.pick(free) or nil
  end
  return {
    long_press = { weight = 2, run = function(obj, gen)
      local g = grid(obj)
      if g.dragging or g.count == 0 then return nil end
      local i, t = gen.int(1, g.count), gen.pick({ 1.0, 0.2 })
      gen.note("grid:long_press(%d, %s)", i, t)
      return g:long_press(i, t)
    end },
    pan_begin = { weight = 1, run = function(obj, gen)
      local g = grid(obj)
      if g.dragging or not g.editing or g.count == 0 then return nil end
      local i = gen.int(1, g.count)
      gen.note("grid:pan_begin(%d)", i)
      return g:pan_begin(i)
    end },
    drag_to_cell = { weight = 4, run = function(obj, gen)
      local g = grid(obj)
      if not g.dragging then return nil end
      local i = gen.int(1, g.count)
      local f = g:cell(i).frame
      local fx = gen.pick({ 0.5, 0, 1, 0.02, 0.98, 0.25, 0.75 })
      local fy = gen.pick({ 0.5, 0, 1, 0.02, 0.98, 0.25, 0.75 })
      gen.note("grid:drag_to(%s, %s): cell %d at (%s, %s) of its frame", f.x + f.w * fx, f.y + f.h * fy, i, fx, fy)
      g:drag_to(f.x + f.w * fx, f.y + f.h * fy)
    end },
    drag_to_edge = { weight = 1, run = function(obj, gen)
      local g = grid(obj)
      if not g.dragging then return nil end
      local y = g.offset + gen.pick({ 5, g.height - 5, 0, g.height, -60, g.height + 60 })
      local x = gen.int(-60, math.floor(g.width) + 60)
      gen.note("grid:drag_to(%s, %s)", x, y)
      g:drag_to(x, y)
    end },
    drop = { weight = 2, run = function(obj, gen)
      local g = grid(obj)
      if g.dragging then gen.note("grid:drop()") return g:drop() end
    end },
    cancel = { weight = 1, run = function(obj, gen)
      local g = grid(obj)
      if g.dragging then gen.note("grid:cancel()") g:cancel() end
    end },
    delete = { weight = 1, run = function(obj, gen)
      local g = grid(obj)
      if not g.editing or g.dragging then return nil end
      local i = unlocked(g, gen)
      -- no badge (a source without delete) means no delete: the grid would refuse it
      if i and g:cell(i).delete_visible then gen.note("grid:delete(%d)", i) return g:delete(i) end
    end },
    edit = { weight = 1, run = function(obj, gen)
      local g = grid(obj)
      if not g.dragging then gen.note("grid:toggle_editing()") return g:toggle_editing() end
    end },
    scroll = { weight = 1, run = function(obj, gen)
      local g = grid(obj)
      local y = g.max_offset * gen.pick({ 0, 1, 0.5, 0.1, 0.9 })
      gen.note("grid:scroll_to(%s)", y)
      g:scroll_to(y)
    end },
    clock = { weight = 1, run = function(_, gen)
      local t = gen.pick({ 1, 0.1, 0.05, 0.5 })
      gen.note("tantan.clock:advance(%s)", t)
      clock:advance(t)
    end },
  }
end

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

-- Built-in invariants, per component. Each returns a message or nil.
local check = {}

-- The deck and the grid are checked by their models (model_problem): the deck's top index in
-- range, at most `visible` cards, no model twice; the grid's order a permutation of its items
-- minus the deleted ones, locked items in place, one drag at most and within range.
function check.list(t)
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

local COVER = {
  deck = { states = { "idle", "dragging", "animating", "empty" },
    callbacks = { "will_swipe", "should_swipe", "did_drag", "did_swipe", "did_remove", "did_cancel", "did_run_out", "did_rewind" } },
  grid = { states = { "editing", "dragging", "autoscrolling" },
    callbacks = { "will_begin_editing", "did_end_editing", "can_move", "will_begin_drag", "can_drop", "did_move", "did_drop", "did_cancel", "did_delete" } },
  list = { states = { "idle", "pulling", "armed", "refreshing", "finishing", "loading", "no_more", "load_error", "refresh_error" },
    callbacks = { "on_refresh", "on_load_more", "did_scroll" } },
}

local builtin = { shared = shared }

function builtin.tracker(obj, held, on)
  shared.held, shared.fresh = held, 0
  local comps = components(obj)
  return { comps = comps, on = on ~= false }
end

function builtin.check(track)
  if not track.on then return nil end
  for _, c in ipairs(track.comps) do
    local bad
    if c.kind == "list" then bad = check.list(c) else bad = model_problem(c.obj) end
    if bad then return bad end
  end
end

function builtin.coverage() return {} end

function builtin.sample(track, cov)
  for _, c in ipairs(track.comps) do
    local seen = cov[c.kind] or { states = {}, callbacks = {} }
    cov[c.kind] = seen
    local st, o = seen.states, c.obj
    if c.kind == "deck" then st[o.state] = true
    elseif c.kind == "grid" then
      if o.editing then st.editing = true end
      if o.dragging then st.dragging = true end
      if o.autoscrolling then st.autoscrolling = true end
    else
      st[o.refresh_state] = true
      if o.loading then st.loading = true end
      if not o.has_more then st.no_more = true end
      if o.load_error then st.load_error = true end
      if o.refresh_error then st.refresh_error = true end
    end
  end
end

function builtin.finish(track, cov)
  for _, c in ipairs(track.comps) do
    local seen = cov[c.kind]
    if seen then
      for _, name in ipairs(event_names(c.obj)) do seen.callbacks[name] = true end
    end
  end
end

-- "coverage: deck states idle, animating (never: empty); callbacks did_swipe (never reached: did_rewind)"
function builtin.coverage_text(cov)
  local lines = {}
  for _, kind in ipairs({ "deck", "grid", "list" }) do
    local seen = cov[kind]
    if seen then
      local function split(list, set)
        local yes, no = {}, {}
        for _, n in ipairs(list) do if set[n] then yes[#yes + 1] = n else no[#no + 1] = n end end
        return concat(yes, ", "), concat(no, ", ")
      end
      local sy, sn = split(COVER[kind].states, seen.states)
      local cy, cn = split(COVER[kind].callbacks, seen.callbacks)
      lines[#lines + 1] = sformat("coverage (%s): states reached: %s; callbacks reached: %s", kind, sy, cy)
      if sn ~= "" or cn ~= "" then
        local never = {}
        if sn ~= "" then never[#never + 1] = "states " .. sn end
        if cn ~= "" then never[#never + 1] = cn end
        lines[#lines + 1] = "  never reached: " .. concat(never, "; ")
      end
    end
  end
  return concat(lines, "\n")
end

-- Components of a finished run are closed: their timers and references go at once.
function builtin.close(obj)
  for _, c in ipairs(components(obj)) do
    local mt = getmetatable(c.obj)
    if type(mt) == "table" and mt.__close then pcall(mt.__close, c.obj) end
  end
end

return builtin
