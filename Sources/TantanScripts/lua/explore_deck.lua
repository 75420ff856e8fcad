-- The deck's part of tantan.explore (its component entry, DeckBinding+Component.swift, names
-- this file): ready-made actions, the states and callbacks coverage reports, and how a deck's
-- state is sampled. Loaded by explore_actions.lua with its helpers (`lib`); returns the spec.
local lib = ...
local find, shared = lib.find, lib.shared
local type, sformat, remove = type, string.format, table.remove
local clock = tantan.clock
local explore = {}

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

-- Deck: gestures around the thresholds, hanging drags, programmatic swipes, reloads, clock steps.
-- The `---` block is tantan.explore.deck_actions's reference entry (the deck's entry reads it).
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

-- The deck is checked by its model (model_problem: the top index in range, at most `visible`
-- cards, no model twice).
return {
  actions = explore.deck_actions,
  states = { "idle", "dragging", "animating", "empty" },
  callbacks = { "will_swipe", "should_swipe", "did_drag", "did_swipe", "did_remove", "did_cancel", "did_run_out", "did_rewind" },
  sample = function(d, states) states[d.state] = true end,
}
