-- Shrinking a failure of `explore`, in the manner of Hypothesis' shrinker: passes that delete runs
-- of 8, 4, 2 and 1 steps (from the end: later steps depend on earlier ones), simplify each step
-- (all its draws at once, then each draw toward its simplest value, then its action toward an
-- earlier one in name order) and merge two neighbouring steps into one, repeated until a round
-- changes nothing or the replay budget is spent. A candidate is kept when it fails the same way
-- and is simpler in shortlex order (fewer steps; else, at the first step that differs, an earlier
-- action or draws nearer their simplest values), so shrinking always ends; a sequence already
-- tried is not replayed again. Loaded by ExploreBinding.swift before explore.lua; returns
-- {simplest = fn, shrink = fn}.
local type, ipairs, abs, floor, min, max, huge = type, ipairs, math.abs, math.floor, math.min, math.max, math.huge
local concat, tostring = table.concat, tostring

local MAX_REPLAYS = 2000

-- The value a draw shrinks toward (and what a replay draws past the end of a recorded tape).
local function simplest(kind, a, b)
  if kind == "bool" then return false end
  if kind == "pick" then return 1 end
  if a <= 0 and b >= 0 then return kind == "int" and 0 or 0.0 end
  if a > 0 then return a end
  return b
end

-- How far a recorded draw is from its simplest value (0 when it is the simplest).
local function distance(d)
  local kind, a, b, v = d[1], d[2], d[3], d[4]
  if kind == "bool" then return v and 1 or 0 end
  if type(v) ~= "number" or v ~= v then return huge end
  return abs(v - simplest(kind, a, b))
end

-- Shortlex: is the sequence of steps `x` simpler than `y`?
local function simpler(x, y, order)
  if #x ~= #y then return #x < #y end
  for i = 1, #x do
    local p, q = x[i], y[i]
    if p.name ~= q.name then return (order[p.name] or huge) < (order[q.name] or huge) end
    local tp, tq = p.tape, q.tape
    for j = 1, min(#tp, #tq) do
      local dp, dq = distance(tp[j]), distance(tq[j])
      if dp ~= dq then return dp < dq end
    end
    if #tp ~= #tq then return #tp < #tq end
  end
  return false
end

-- Values to try for one draw, simplest first: the simplest value, round numbers, halfway, one step.
local function candidates(d)
  local kind, a, b, v = d[1], d[2], d[3], d[4]
  local t = simplest(kind, a, b)
  if kind == "bool" then return v and { false } or {} end
  local out = {}
  local function add(c) if c >= a and c <= b and c ~= v and abs(c - t) <= abs(v - t) then out[#out + 1] = c end end
  add(t)
  for _, unit in ipairs({ 1000, 100, 10, 1 }) do
    add(floor((v - t) / unit + 0.5) * unit + t)
    add((v > t and floor((v - t) / unit) or -floor((t - v) / unit)) * unit + t)
  end
  if kind == "number" then add(floor(v * 10 + 0.5) / 10) end
  local mid = t + (v - t) / 2
  add(kind == "number" and mid or floor(mid))
  if kind ~= "number" then add(v > t and v - 1 or v + 1) end
  return out
end

-- A step as text, kept in the step (steps are shared by the plans made from one sequence).
-- Trailing draws a replay would draw anyway (a first pick, false, 0) are left out, so a step and
-- its simplest form share a text.
local function step_key(st)
  local k = st.key
  if k then return k end
  local tape, n = st.tape, #st.tape
  while n > 0 do
    local v = tape[n][4]
    if not (v == false or v == 0 or (v == 1 and tape[n][1] == "pick")) then break end
    n = n - 1
  end
  local vs = { st.name }
  for j = 1, n do vs[j + 1] = tostring(tape[j][4]) end
  k = concat(vs, ",")
  st.key = k
  return k
end

-- A sequence as text: the key of the replays already made.
local function key(plan)
  local parts = {}
  for i, st in ipairs(plan) do parts[i] = step_key(st) end
  return concat(parts, ";")
end

-- Shrinks `steps` ({name, tape} each) that failed with `failure`. `replay(plan)` runs a sequence
-- and returns its failure (or nil), the steps that ran and how many; `names` lists the actions
-- a step may become, in order. Returns the simplest sequence found, its failure, the replays made.
local function shrink(steps, failure, replay, names)
  local order = {}
  for i, n in ipairs(names) do order[n] = i end
  local tries, best, best_failure, tried = 0, steps, failure, {}
  local function spent() return tries >= MAX_REPLAYS end

  local function attempt(plan)
    local k = key(plan)
    if tried[k] or spent() then return false end
    tried[k] = true
    tries = tries + 1
    local f, ran, n = replay(plan)
    if not f or f.way ~= best_failure.way then return false end
    for j = n + 1, #ran do ran[j] = nil end
    if not simpler(ran, best, order) then return false end
    best, best_failure = ran, f
    return true
  end

  -- best with steps i .. i+k-1 left out, and `step` (if any) in place of step i.
  local function edited(i, k, step)
    local plan = {}
    for j = 1, #best do
      if j == i and step then plan[#plan + 1] = step end
      if j < i or j >= i + k then plan[#plan + 1] = best[j] end
    end
    return plan
  end

  local function delete_runs()
    local any = false
    for _, k in ipairs({ 8, 4, 2, 1 }) do
      local i = #best - k + 1
      while i >= 1 and not spent() do
        if attempt(edited(i, k)) then
          any = true
          i = min(i, #best - k + 1)
        else
          i = i - 1
        end
      end
    end
    return any
  end

  local function with_draws(si, tape) return edited(si, 1, { name = best[si].name, tape = tape }) end

  local function simplify_draws()
    local any = false
    local si = 1
    while best[si] and not spent() do
      local tape = best[si].tape
      if tape[1] then
        local all = {}
        for k, d in ipairs(tape) do all[k] = { d[1], d[2], d[3], simplest(d[1], d[2], d[3]) } end
        if attempt(with_draws(si, all)) then any = true end
      end
      local dj = 1
      while best[si] and dj <= #best[si].tape do
        local d = best[si].tape[dj]
        for _, c in ipairs(candidates(d)) do
          local t = {}
          for k, e in ipairs(best[si].tape) do t[k] = e end
          t[dj] = { d[1], d[2], d[3], c }
          if attempt(with_draws(si, t)) then
            any = true
            break
          end
        end
        dj = dj + 1
      end
      si = si + 1
    end
    return any
  end

  -- A step becomes an earlier action (with its simplest draws), as Hypothesis lowers a rule's draw.
  local function simplify_actions()
    local any = false
    for si = #best, 1, -1 do
      local st = best[si]
      for ai = 1, st and (order[st.name] or #names + 1) - 1 or 0 do
        if spent() then return any end
        if attempt(edited(si, 1, { name = names[ai], tape = {} })) then
          any = true
          break
        end
      end
    end
    return any
  end

  -- Two neighbouring steps become one: an action no later in name order than the later of the
  -- two (with its simplest draws), or a copy of a step of the sequence (a drag begun by one step
  -- and ended by the next becomes one like, or one pan that swipes as another step did). A copy of
  -- either of the two is a deletion, tried already.
  local function merge_pairs()
    local any = false
    local si = #best - 1
    while si >= 1 do
      local a, b = best[si], best[si + 1]
      local last = max(order[a.name] or huge, order[b.name] or huge)
      local options, seen = {}, { [step_key(a)] = true, [step_key(b)] = true }
      for ai = 1, min(last, #names) do options[#options + 1] = { name = names[ai], tape = {} } end
      for _, st in ipairs(options) do seen[step_key(st)] = true end
      for _, st in ipairs(best) do
        local k = step_key(st)
        if not seen[k] then
          seen[k] = true
          options[#options + 1] = st
        end
      end
      local merged = false
      for _, step in ipairs(options) do
        if spent() then return any end
        if attempt(edited(si, 2, step)) then
          any, merged = true, true
          break
        end
      end
      si = merged and min(si, #best - 1) or si - 1
    end
    return any
  end

  -- Deletions first, while the sequence is long; then each round simplifies before it deletes
  -- again, so deletions already tried are not replayed until something changed.
  delete_runs()
  repeat
    local changed = simplify_draws()
    changed = simplify_actions() or changed
    changed = delete_runs() or changed
    if not changed then changed = merge_pairs() end
  until not changed or spent()
  return best, best_failure, tries
end

return { simplest = simplest, shrink = shrink }
