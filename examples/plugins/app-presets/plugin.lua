-- app-presets: a team's component presets, so every script and scenario builds its decks and
-- grids the same way:
--   tantan.deck{preset = "bumble", source = cards}      -- the preset's keys, then yours on top
--   tantan.grid{preset = "channels", items = channels}
-- A preset is plain data (no functions: source and delegate stay the caller's). It may name its
-- own base with `preset =`: a built-in preset ("tantan", "tinder") or another plugin preset.
-- See spec/presets_spec.lua.
return {
  name = "app-presets",
  version = "1.0.0",
  api = 2, -- tantan.deck and tantan.grid read plugin presets from api_level 2
  description = "bumble and bumble-compact deck presets; a three-column channels grid preset",
  setup = function(host)
    host.register_preset("deck", "bumble", {
      preset = "tinder", -- the built-in base: tinder stacking and rules
      visible = 2,
      inset = { x = 6, y = 6 },
      durations = { swipe = 0.15, reset = 0.15, rewind = 0.15 },
    })
    host.register_preset("deck", "bumble-compact", {
      preset = "bumble", -- a plugin preset as the base
      width = 240,
      height = 320,
    })
    host.register_preset("grid", "channels", {
      columns = 3,
      item = { w = 105, h = 44 },
      spacing = { line = 8, item = 8 },
      long_press = 0.3,
    })
  end,
}
