-- The plain-Lua deck model of row 3: the swipe deck written in Lua 5.4 alone, as a careful Lua
-- programmer would, doing what tantan-host's deck does per swipe, so `tantan-host` and `lua5.4`
-- run the same bench/deck_swipes.lua side by side (the way bench/baseline.c's `deck` mode runs it
-- against a C floor). Run: lua5.4 bench/deck_model.lua bench/deck_swipes.lua [N]
--
-- Per swipe, like the host: the self and direction checks, the state checks and the queue, the
-- callbacks by pcall with the deck first and 1-based indices (a callback's error is held until the
-- deck is consistent, then raised), the rest pose and the fly-off pose (tantan preset: rotation
-- and scale from the drag rule, dismiss_x), a timer on a clock with a binary heap and lazy
-- cancellation, on completion the card leaving (its model to a reuse pool, the history trimmed in
-- batches, the next card fetched with `source.card(deck, i, reused)` and checked), and every call
-- recorded in a bounded event log (a ring of 100,000 compact records, rendered as strings such as
-- `did_swipe(3, "right")` only by `deck:events()`, as the host's EventLog does). Not modelled:
-- drag gestures beyond `pan`, undo, reload, plugins, the tinder preset (none runs per swipe here).

local script = assert(arg[1], "usage: lua5.4 bench/deck_model.lua SCRIPT [ARGS...]")

-- The clock: timers in a binary min-heap (due time, then scheduling order) of parallel arrays.
local Clock = {}
Clock.__index = Clock

local function newClock()
  return setmetatable({now = 0, pending = 0, nextID = 1, n = 0, due = {}, ids = {}, fns = {}, live = {}}, Clock)
end

local function before(c, i, j)
  local a, b = c.due[i], c.due[j]
  return a < b or (a == b and c.ids[i] < c.ids[j])
end

local function swap(c, i, j)
  local due, ids, fns = c.due, c.ids, c.fns
  due[i], due[j] = due[j], due[i]
  ids[i], ids[j] = ids[j], ids[i]
  fns[i], fns[j] = fns[j], fns[i]
end

function Clock:schedule(delay, fn)
  local id = self.nextID
  self.nextID = id + 1
  local i = self.n + 1
  self.n = i
  self.due[i], self.ids[i], self.fns[i] = self.now + delay, id, fn
  self.live[id] = true
  self.pending = self.pending + 1
  while i > 1 do
    local p = i // 2
    if not before(self, i, p) then break end
    swap(self, i, p)
    i = p
  end
  return id
end

function Clock:cancel(id)
  if not self.live[id] then return false end
  self.live[id] = nil
  self.pending = self.pending - 1
  return true
end

local function popTop(c)
  local n = c.n
  swap(c, 1, n)
  c.due[n], c.ids[n], c.fns[n] = nil, nil, nil
  n = n - 1
  c.n = n
  local i = 1
  while true do
    local l, m = 2 * i, i
    if l <= n and before(c, l, m) then m = l end
    if l + 1 <= n and before(c, l + 1, m) then m = l + 1 end
    if m == i then return end
    swap(c, i, m)
    i = m
  end
end

function Clock:settle()
  local fired = 0
  while self.pending > 0 do
    local id, due, fn = self.ids[1], self.due[1], self.fns[1]
    popTop(self)
    if self.live[id] then
      self.live[id] = nil
      self.pending = self.pending - 1
      if due > self.now then self.now = due end
      fired = fired + 1
      fn()
    end
  end
  return fired
end

-- The event log: a ring of compact records (name, up to three arguments), strings only on demand.
local LIMIT = 100000
local function record(d, name, a, b, c)
  local k = d.logNext
  d.logName[k], d.logA[k], d.logB[k], d.logC[k] = name, a, b, c
  d.logNext = k == LIMIT and 1 or k + 1
  if d.logCount < LIMIT then d.logCount = d.logCount + 1 end
end

local function render(v)
  if type(v) == "string" then return ("%q"):format(v) end
  return tostring(v)
end

-- The deck.
local Deck = {}
Deck.__index = Deck
local DIRECTIONS = {left = "left", right = "right", up = "up", down = "down"}
local FINISH = {left = "did_swipe_left", right = "did_swipe_right", up = "did_swipe_up", down = "did_swipe_down"}
local CALLBACKS = {"will_swipe", "should_swipe", "did_drag", "did_swipe", "did_swipe_left", "did_swipe_right",
  "did_swipe_up", "did_swipe_down", "did_remove", "did_cancel", "did_run_out", "did_rewind"}

-- Calls delegate callback `name` with `n` arguments after the deck (recorded first); an error is
-- held, and skips the calls after it.
local function emit(d, name, n, a, b)
  if d.pendingError ~= nil then return end
  record(d, name, a, b)
  local f = d.callbacks[name]
  if f == nil then return end
  d.callbackDepth = d.callbackDepth + 1
  local ok, err
  if n == 1 then ok, err = pcall(f, d, a) elseif n == 2 then ok, err = pcall(f, d, a, b) else ok, err = pcall(f, d) end
  d.callbackDepth = d.callbackDepth - 1
  if not ok then d.pendingError = err end
end

local function askShouldSwipe(d, index, direction)
  if d.pendingError ~= nil then return false end
  record(d, "should_swipe", index, direction)
  local f = d.callbacks.should_swipe
  if f == nil then return true end
  d.callbackDepth = d.callbackDepth + 1
  local ok, answer = pcall(f, d, index, direction)
  d.callbackDepth = d.callbackDepth - 1
  if not ok then d.pendingError = answer return false end
  return answer and true or false
end

-- The stack: a ring of `visible` models (top at `ringStart`) and a pool of departed ones.
local function expectedCards(d)
  if d.count == 0 then return 0 end
  local n = math.min(d.visible, d.count)
  return d.cyclic and n or math.max(0, math.min(n, d.count - d.top))
end

local function itemIndex(d, k)
  local i = d.top + k
  if d.cyclic and i >= d.count then return i % d.count end
  return i
end

-- source.card(deck, i, reused): a table, or an error held like a callback's.
local function fill(d)
  local target = expectedCards(d)
  while d.stackSize < target do
    local i = itemIndex(d, d.stackSize)
    local reused = d.pool[d.poolSize]
    if reused ~= nil then d.pool[d.poolSize] = nil d.poolSize = d.poolSize - 1 end
    record(d, "card", i + 1, reused ~= nil or nil)
    d.callbackDepth = d.callbackDepth + 1
    local ok, model = pcall(d.source.card, d, i + 1, reused)
    d.callbackDepth = d.callbackDepth - 1
    if ok and type(model) ~= "table" then
      ok, model = false, ("source.card must be a table (a view model), got %s"):format(type(model))
    end
    if not ok then
      if d.pendingError == nil then d.pendingError = model end
      d.needsFill = true
      return
    end
    local slot = (d.ringStart + d.stackSize) % d.visible
    d.ring[slot] = model
    d.stackSize = d.stackSize + 1
  end
  d.needsFill = false
end

local function settlePhase(d)
  local out = d.count == 0 or (not d.cyclic and d.top >= d.count)
  d.index = d.stackSize > 0 and d.top + 1 or nil
  if out then
    if d.state == "empty" then return false end
    d.state = "empty"
    return true
  end
  d.state = "idle"
  return false
end

-- The top card's poses: the rest pose and the drag rule of TanTanView (rotation and scale from x).
local function dragPose(d, tx, ty)
  local s = math.max(-d.rotationMax, math.min(d.rotationMax, tx / d.rotationStrength))
  local scale = math.max(1 - math.abs(s) / d.scaleStrength, d.scaleMin)
  return d.restX + tx, d.restY + ty, s * d.rotationAngle, scale
end

local function drainQueue(d)
  if d.queueHead > #d.queue or d.draining then return end
  d.draining = true
  while d.pendingError == nil and (d.state == "idle" or d.state == "empty") and d.queueHead <= #d.queue do
    local op = d.queue[d.queueHead]
    d.queue[d.queueHead] = nil
    d.queueHead = d.queueHead + 1
    d:startSwipe(op)
  end
  if d.queueHead > #d.queue then d.queue, d.queueHead = {}, 1 end
  d.draining = false
end

-- Runs `body`, then the queue; a held callback error is raised once the deck is consistent.
local function operation(d, body, ...)
  local outer = d.pendingError
  d.pendingError = nil
  body(d, ...)
  if d.callbackDepth == 0 then drainQueue(d) end
  local failure = d.pendingError
  d.pendingError = outer
  if failure ~= nil then error(failure, 0) end
end

local function complete(d)
  local direction = d.flyDirection
  d.epoch = d.epoch + 1
  d.flyDirection = nil
  local index = d.top + 1
  local e = d.epoch
  emit(d, FINISH[direction], 1, index)
  if e ~= d.epoch then return end
  -- The top leaves: its model to the pool (the oldest pooled one dropped), history, the next card.
  local model = d.ring[d.ringStart]
  d.ring[d.ringStart] = nil
  d.ringStart = (d.ringStart + 1) % d.visible
  d.stackSize = d.stackSize - 1
  if d.poolSize == d.visible then table.remove(d.pool, 1) d.poolSize = d.poolSize - 1 end
  d.poolSize = d.poolSize + 1
  d.pool[d.poolSize] = model
  local h = d.historySize + 1
  d.historyIndex[h], d.historyDirection[h] = index, direction
  d.historySize = h
  if h >= 2 * d.historyLimit then
    table.move(d.historyIndex, h - d.historyLimit + 1, h, 1)
    table.move(d.historyDirection, h - d.historyLimit + 1, h, 1)
    for k = d.historyLimit + 1, h do d.historyIndex[k], d.historyDirection[k] = nil, nil end
    d.historySize = d.historyLimit
  end
  d.top = d.cyclic and itemIndex(d, 1) or d.top + 1
  fill(d)
  local ranOut = settlePhase(d)
  emit(d, "did_remove", 2, index, direction)
  if e == d.epoch and ranOut then emit(d, "did_run_out", 0) end
end

function Deck:startSwipe(direction)
  if self.stackSize == 0 then return end
  local top = self.top + 1
  local e = self.epoch
  emit(self, "will_swipe", 1, top)
  if e ~= self.epoch or self.state ~= "idle" then return end
  local allowed = askShouldSwipe(self, top, direction)
  if e ~= self.epoch or self.state ~= "idle" then return end
  if not allowed then emit(self, "did_cancel", 1, top) return end
  -- The fly-off: from rest to the side, tilted as if dragged there.
  local cx = direction == "left" and -self.dismissX or direction == "right" and self.dismissX or self.restX
  local cy = direction == "up" and -self.dismissY or direction == "down" and self.dismissY or self.restY
  local _, _, rotation, scale = dragPose(self, cx - self.restX, cy - self.restY)
  self.fromX, self.fromY, self.fromRotation, self.fromScale = self.restX, self.restY, 0, 1
  self.toX, self.toY, self.toRotation, self.toScale = cx, cy, rotation, scale
  self.flyStart, self.flyDirection = self.clock.now, direction
  self.timer = self.clock:schedule(self.durations.swipe, self.completion)
  self.state = "animating"
  emit(self, "did_swipe", 2, top, direction)
end

local function requestSwipe(d, direction, name)
  if not d.allowed[direction] then
    error(("%s: direction '%s' is not in 'directions'"):format(name, direction), 3)
  end
  if d.state == "dragging" then error(name .. ": a drag is in progress", 3) end
  if d.callbackDepth > 0 or d.state == "animating" or d.draining then
    d.queue[#d.queue + 1] = direction
    return
  end
  if d.needsFill then fill(d) end
  if d.stackSize == 0 then error(name .. ": no card to swipe", 3) end
  operation(d, d.startSwipe, direction)
end

function Deck:swipe(direction)
  if getmetatable(self) ~= Deck then error("bad argument #1 to 'swipe' (tantan.SwipeDeck expected)", 2) end
  local d = DIRECTIONS[direction]
  if d == nil then
    error(("bad argument #1 to 'swipe' (direction expected, got '%s')"):format(tostring(direction)), 2)
  end
  requestSwipe(self, d, "swipe")
end

function Deck:like() requestSwipe(self, self.likeDirection, "like") end
function Deck:nope()
  local opposite = {left = "right", right = "left", up = "down", down = "up"}
  requestSwipe(self, opposite[self.likeDirection], "nope")
end

function Deck:events()
  local out, n = {}, 0
  local first = self.logCount < LIMIT and 1 or self.logNext
  for k = 0, self.logCount - 1 do
    local i = (first - 1 + k) % LIMIT + 1
    local args = {}
    for _, v in ipairs({self.logA[i], self.logB[i], self.logC[i]}) do args[#args + 1] = render(v) end
    if self.logName[i] == "card" and self.logB[i] == nil then args[2] = "nil" end
    n = n + 1
    out[n] = self.logName[i] .. "(" .. table.concat(args, ", ") .. ")"
  end
  return out
end

local function newDeck(clock, config)
  if type(config) ~= "table" then error("bad argument #1 to 'deck' (table expected)", 2) end
  local source, delegate = config.source, config.delegate or {}
  local d = setmetatable({
    clock = clock, source = source, callbacks = {}, visible = config.visible or 5,
    cyclic = config.cyclic ~= false, width = 300, height = 400, offsetX = 5, offsetY = 5,
    threshold = 120, rotationStrength = 320, rotationMax = 1, rotationAngle = math.pi / 8, scaleStrength = 4,
    scaleMin = 0.93, dismissX = 500, dismissY = 600, durations = {swipe = 0.3, reset = 0.3, rewind = 0.3},
    allowed = {left = true, right = true}, likeDirection = "right", historyLimit = 1000,
    top = 0, ring = {}, ringStart = 0, stackSize = 0, pool = {}, poolSize = 0, needsFill = false,
    historyIndex = {}, historyDirection = {}, historySize = 0, queue = {}, queueHead = 1, draining = false,
    callbackDepth = 0, epoch = 0, state = "idle",
    logName = {}, logA = {}, logB = {}, logC = {}, logNext = 1, logCount = 0,
  }, Deck)
  for _, name in ipairs(CALLBACKS) do
    local f = delegate[name]
    if f ~= nil and type(f) ~= "function" then
      error(("bad argument #1 to 'deck' (delegate.%s: function expected, got %s)"):format(name, type(f)), 2)
    end
    d.callbacks[name] = f
  end
  d.completion = function() operation(d, complete) end
  record(d, "count")
  d.count = source.count(d)
  -- layoutViews: the fan of min(visible, count) cards centred in the container; the top's centre.
  local spread = math.min(d.visible, d.count) - 1
  d.restX = (d.width - d.width - spread * math.abs(d.offsetX)) / 2 + d.width / 2
  d.restY = (d.height - d.height - spread * math.abs(d.offsetY)) / 2 + d.height / 2
  fill(d)
  settlePhase(d)
  return d
end

local clock = newClock()
tantan = {clock = clock, deck = function(config) return newDeck(clock, config) end}
arg = table.move(arg, 2, #arg, 1, {})
dofile(script)
