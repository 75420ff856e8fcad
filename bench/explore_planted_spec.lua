-- Planted bugs whose shortest failing sequences are known, for the shrinker (scripts/bench reports
-- what each shrank to and in how many replays; ExploreShrinkTests requires at most one step over
-- the minimum within 2,000 replays, for several seeds). The ready-made deck actions, without
-- reload (none of these apps hears of a reload).
local function profiles(n)
  local list = {}
  for i = 1, n do list[i] = { id = i, name = "profile " .. i } end
  return list
end

local function deck_actions()
  local actions = tantan.explore.deck_actions()
  actions.reload = nil
  return actions
end

local function liked(deck)
  local n = 0
  for _, h in ipairs(deck.history) do
    if h.direction == "right" then n = n + 1 end
  end
  return n
end

-- Minimum 2: a swipe left, then any step that ends its fly-off (one step cannot do both).
local seen_spec = {
  setup = function()
    local app = { seen = 0 }
    local deck = tantan.deck{ source = profiles(20), delegate = {
      did_remove = function(_, _, direction)
        if direction == "right" then app.seen = app.seen + 1 end  -- planted: left swipes are not counted
      end,
      did_rewind = function() app.seen = app.seen - 1 end,
    } }
    return { deck = deck, app = app }
  end,
  actions = deck_actions(),
  invariant = function(o) assert.are.equal(#o.deck.history, o.app.seen) end,
}
explore("the seen counter counts every swipe (minimum 2)", seen_spec)

-- Minimum 5: nope, like, undo, undo, then a step that lets the queued undos run (the likes badge
-- of examples/explore/likes_spec.lua: did_rewind looks at the last direction it saw).
local likes_spec = {
  setup = function()
    local app = { likes = 0 }
    local deck = tantan.deck{ preset = "tinder", source = profiles(8), delegate = {
      did_remove = function(_, _, direction)
        if direction == "right" then app.likes = app.likes + 1 end
        app.last = direction
      end,
      did_rewind = function()
        if app.last == "right" then app.likes = app.likes - 1 end  -- planted: stale after two undos
      end,
    } }
    return { deck = deck, app = app }
  end,
  actions = deck_actions(),
  invariant = function(o) assert.are.equal(liked(o.deck), o.app.likes) end,
}
explore("the likes badge survives two undos (minimum 5)", likes_spec)

-- Minimum 11: ten swipes (each step swipes at most one card), then a step that ends the tenth.
local badge_spec = {
  setup = function()
    local app = { badge = "0" }
    local deck
    local function update() app.badge = tostring(#deck.history):sub(-1) end  -- planted: one digit
    deck = tantan.deck{ source = profiles(30), delegate = { did_remove = update, did_rewind = update } }
    return { deck = deck, app = app }
  end,
  actions = deck_actions(),
  invariant = function(o) assert.are.equal(tostring(#o.deck.history), o.app.badge) end,
}
explore("the swiped badge shows two digits (minimum 11)", badge_spec)
