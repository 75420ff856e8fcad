-- Swipes per second through the Lua binding: a function source (count 10^9, reusing models) and a
-- delegate implementing every callback. Run: .build/release/tantan-host bench/deck_swipes.lua [N]
local N = math.tointeger(tonumber(arg and arg[1]) or 1000000)
local calls = 0
local function note() calls = calls + 1 end
local deck = tantan.deck{
  source = {
    count = function() return 10^9 end,
    card = function(_, index, reused)
      local m = reused or {}
      m.index = index
      return m
    end,
    empty = function() return nil end,
  },
  delegate = {
    will_swipe = note, should_swipe = function() calls = calls + 1; return true end, did_drag = note,
    did_swipe = note, did_swipe_left = note, did_swipe_right = note, did_swipe_up = note, did_swipe_down = note,
    did_remove = note, did_cancel = note, did_run_out = note, did_rewind = note,
  },
}
local clock = tantan.clock

local function run(label, n, body)
  local start = deck.index
  local t0 = os.clock()
  body(n)
  local dt = os.clock() - t0
  assert(deck.index == (start - 1 + n) % 10^9 + 1, deck.index)
  print(("%-34s %d swipes in %.3f s: %.0f swipes/s"):format(label, n, dt, n / dt))
end

-- Method syntax: each call also looks `swipe`/`settle` up through the class's __index.
run("deck:swipe(); clock:settle()", N, function(n)
  for _ = 1, n do
    deck:swipe("right")
    clock:settle()
  end
end)

-- Methods cached in locals, as hot Lua loops usually do.
local swipe, settle = deck.swipe, clock.settle
run("cached swipe(deck); settle(clock)", N, function(n)
  for _ = 1, n do
    swipe(deck, "right")
    settle(clock)
  end
end)
-- (Not `#deck:events()`: formatting 100,000 events would blur instruction counts per swipe.)
print(("%d delegate calls"):format(calls))
