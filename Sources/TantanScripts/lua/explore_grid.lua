-- The grid's part of tantan.explore (its component entry, GridBinding+Component.swift, names
-- this file): ready-made actions, the states and callbacks coverage reports, and how a grid's
-- state is sampled. Loaded by explore_actions.lua with its helpers (`lib`); returns the spec.
local lib = ...
local find = lib.find
local ipairs = ipairs
local clock = tantan.clock
local explore = {}

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

-- The grid is checked by its model (model_problem: the order a permutation of its items minus
-- the deleted ones, locked items in place, one drag at most and within range).
return {
  actions = explore.grid_actions,
  states = { "editing", "dragging", "autoscrolling" },
  callbacks = { "will_begin_editing", "did_end_editing", "can_move", "will_begin_drag", "can_drop", "did_move", "did_drop", "did_cancel", "did_delete" },
  sample = function(g, states)
    if g.editing then states.editing = true end
    if g.dragging then states.dragging = true end
    if g.autoscrolling then states.autoscrolling = true end
  end,
}
