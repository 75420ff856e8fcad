-- tantan-classic.lua: the TanTan seed's demo (TanTanView + ViewController.m) driven from Lua.
-- Four items, each card painted a random colour (math.random: run with --seed N for a fixed
-- palette), cyclic, 5 visible (so all 4 show). Swipes by dragging and by the like/nope buttons.
-- Run: tantan-host --seed 1 examples/tantan-classic.lua
local items = {}
for i = 1, 4 do items[i] = i - 1 end -- loadData: @0 ... @3

local function random_color() -- kRandomColor
  return ("#%02x%02x%02x"):format(math.random(0, 255), math.random(0, 255), math.random(0, 255))
end

local liked, noped = {}, {}

local deck = tantan.deck{
  width = 300, height = 400, -- initWithFrame:CGRectMake(0, 0, 300, 400); cards take the view's size
  source = {
    count = function(deck) return #items end, -- numberOfItemInTanTan:
    card = function(deck, index, reused) -- tantan:viewForItemAtIndex:reusingView:
      local view = reused or {}
      view.item = items[index]
      view.color = random_color() -- repainted on every reuse, as in the seed
      return view
    end,
  },
  delegate = {
    did_swipe_right = function(deck, index) liked[#liked + 1] = index end,
    did_swipe_left = function(deck, index) noped[#noped + 1] = index end,
  },
}

local function show(title)
  print(("%s  (t=%.2f, state %s, top item %s)"):format(title, tantan.clock.now, deck.state, deck.index))
  for _, c in ipairs(deck.cards) do
    print(("  depth %d  item %d  %s  frame {x=%g, y=%g, w=%g, h=%g}  center {%g, %g}  rotation %.4f  scale %.4f")
      :format(c.depth, c.index, c.model.color, c.frame.x, c.frame.y, c.frame.w, c.frame.h,
        c.center.x, c.center.y, c.rotation, c.scale))
  end
end

local function events()
  for _, e in ipairs(deck:events()) do print("    " .. e) end
  deck:clear_events()
end

show("loaded") events()

-- A finger drags the top card right, past the 120 pt margin, and lets go.
deck:drag_begin()
deck:drag_move(60, 10)
show("dragging by (60, 10)")
deck:drag_move(150, 20)
print("released: " .. deck:drag_end())
tantan.clock:advance(0.15)
show("half-way through the fly-off")
tantan.clock:settle()
show("after the pan") events()

-- The like button (right, unlike the seed's button which went left) and the nope button.
deck:like()
deck:nope() -- queued behind the like's animation
tantan.clock:settle()
show("after like and nope") events()

-- A short drag snaps back.
print("released: " .. deck:pan(80, 0, {steps = 2}))
tantan.clock:settle()
show("after a short drag") events()

-- A drag to the left in four steps: the deck wraps around to the first item.
print("released: " .. deck:pan(-200, 40, {steps = 4}))
tantan.clock:settle()
show("after a left pan") events()

print("liked items: " .. table.concat(liked, ", "))
print("noped items: " .. table.concat(noped, ", "))
