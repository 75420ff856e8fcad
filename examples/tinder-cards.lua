-- tinder-cards.lua: the SwipeCardsDataSource tutorial's stack (StackContainerView) driven from Lua.
-- 3 visible cards stacked by inset (10, 10), not cyclic, rotation tan(dx / (2 * width)); a card is
-- dismissed when its centre passes x > 400 or x < -65, flies off by (+-200, 75) and fades in 0.2 s.
-- When the cards run out, source.empty supplies the empty view.
-- Run: tantan-host examples/tinder-cards.lua
local viewModelData = {
  { text = "Ada, 27", image = "ada.jpg" },
  { text = "Grace, 31", image = "grace.jpg" },
  { text = "Alan, 29", image = "alan.jpg" },
  { text = "Linus, 24", image = "linus.jpg" },
}

local deck = tantan.deck{
  preset = "tinder",
  source = {
    count = function(deck) return #viewModelData end, -- numberOfCardsToShow()
    card = function(deck, index) -- card(at:): a new SwipeCardView for each card
      local data = viewModelData[index]
      return { text = data.text, image = data.image }
    end,
    empty = function(deck) return { text = "No more cards" } end, -- emptyView()
  },
  delegate = {
    did_swipe = function(deck, index, direction) -- swipeDidEnd(on:)
      print(("  swipeDidEnd: %s went %s"):format(viewModelData[index].text, direction))
    end,
    did_run_out = function(deck) print("  the stack is empty") end,
  },
}

local function show(title)
  print(("%s  (t=%.2f, state %s)"):format(title, tantan.clock.now, deck.state))
  for _, c in ipairs(deck.cards) do
    print(("  depth %d  %-10s frame {x=%g, y=%g, w=%g, h=%g}  center {%g, %g}  rotation %.4f  alpha %.2f")
      :format(c.depth, c.model.text, c.frame.x, c.frame.y, c.frame.w, c.frame.h, c.center.x, c.center.y,
        c.rotation, c.alpha))
  end
  if deck.empty then print("  empty view: " .. deck.empty.text) end
end

show("reloadData")

deck:drag_begin()
deck:drag_move(120, -10)
show("dragging by (120, -10)")
print("released at centre x = 270: " .. deck:drag_end()) -- not past 400: snaps back
tantan.clock:settle()

print("released: " .. deck:pan(260, 0)) -- centre 410 > 400
tantan.clock:advance(0.1)
show("half-way through the fly-off")
tantan.clock:settle()
show("after a right swipe")

print("released: " .. deck:pan(-230, 30)) -- centre -80 < -65
tantan.clock:settle()
deck:like()
deck:nope()
tantan.clock:settle()
show("after four swipes")

print("undo brings back: " .. viewModelData[deck:undo()].text)
tantan.clock:settle()
show("after undo")

print("events:")
for _, e in ipairs(deck:events()) do print("  " .. e) end
