-- A dating app's "You liked N people" badge, kept by the deck's delegate.
-- Planted bug: did_rewind takes a like back by looking at the direction of the last swipe it saw,
-- which is stale after the first of two undos in a row (like, nope, undo, undo leaves 1 like).
local function profiles(n)
  local list = {}
  for i = 1, n do list[i] = { id = i, name = "profile " .. i } end
  return list
end

local likes_spec = {
  setup = function()
    local app = { likes = 0, last_direction = nil }
    local deck = tantan.deck{
      preset = "tinder",
      source = profiles(8),
      delegate = {
        did_remove = function(_, _, direction)  -- the card has left: it is in deck.history now
          if direction == "right" then app.likes = app.likes + 1 end
          app.last_direction = direction
        end,
        did_rewind = function()
          if app.last_direction == "right" then app.likes = app.likes - 1 end
        end,
      },
    }
    return { deck = deck, app = app }
  end,
  actions = (function()
    local actions = tantan.explore.deck_actions()
    actions.reload = nil  -- this app never reloads its deck (a reload starts history over)
    return actions
  end)(),
  invariant = function(o)
    local liked = 0
    for _, h in ipairs(o.deck.history) do
      if h.direction == "right" then liked = liked + 1 end
    end
    assert.are.equal(liked, o.app.likes)
  end,
}

explore("the likes badge counts the liked profiles", likes_spec)
