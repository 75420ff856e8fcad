-- run: tantan-host --trace tantan-traces/trace-swipe.html examples/trace-swipe.lua
-- trace-swipe.lua: a swipe session recorded as a trace. Run it with --trace, then open the HTML
-- file in a browser: every drag, swipe, grid gesture and clock step is a step of the timeline,
-- with the line below that issued it, the events it fired and a picture of each component.
local profiles = {
  {title = "Ann, 27", color = "#ff8a80"},
  {title = "Bo, 31", color = "#80d8ff"},
  {title = "Cy, 24", color = "#b9f6ca"},
  {title = "Di, 29", color = "#ffe57f"},
}
local deck = tantan.deck{
  source = profiles,
  delegate = {
    did_swipe = function(deck, index, direction) print(("swiped %s %s"):format(profiles[index].title, direction)) end,
  },
}

-- A drag that is not far enough snaps back; a long one flies off. The flight is stepped at 20
-- frames per second, so the trace shows the card leaving frame by frame.
deck:pan(60, 5)
tantan.clock:settle()
deck:pan(170, 20, {steps = 4})
for _ = 1, 6 do tantan.clock:advance(0.05) end

-- The buttons: queued while a card is flying, then one undo.
deck:like()
deck:nope()
tantan.clock:settle()
print("undo brings back item", deck:undo())
tantan.clock:settle()

-- A channel grid beside it: long press, drag onto another cell, drop.
local grid = tantan.grid{items = {"Top", "Hot", "Local", "Video", "Tech", "Sport"}, locked = {1}}
grid:long_press(2)
local target = grid:cell(5).frame
grid:drag_to(target.x + 10, target.y + 10)
print("dropped at", grid:drop(), table.concat(grid.items, " "))
grid:toggle_editing()
print("top card", deck.index, "of", deck.count, "after", #deck.history, "swipes")
