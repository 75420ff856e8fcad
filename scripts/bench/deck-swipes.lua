-- Swipes per second through the Lua binding: a function source (count 10^9, reusing models) and a
-- delegate implementing every callback. Run: .build/release/tantan-host scripts/bench/deck-swipes.lua [N]
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
local t0 = os.clock()
for _ = 1, N do
  deck:swipe("right")
  clock:settle()
end
local dt = os.clock() - t0
assert(deck.index == N % 10^9 + 1, deck.index)
print(string.format("%d swipes in %.3f s: %.0f swipes/s (%d delegate calls, %d events kept)",
  N, dt, N / dt, calls, #deck:events()))
