-- event-assertions: assertions over component events, and a hook that records every event.
--   tantan.assertion("has_event")(deck.events, 'did_swipe(1, "right")')
--   tantan.assertion("event_count")(nil, "did_swipe", 3)   -- nil: the events the hook saw
-- Also a "bumble" deck preset and an "event-summary" reporter for `tantan-host test`.
return {
  name = "event-assertions",
  version = "0.3.0",
  api = 1,
  description = "has_event and event_count assertions; an event hook; a deck preset; a reporter",
  setup = function(host)
    local recorder = require("event_recorder") -- event-assertions/lua/event_recorder.lua

    host.on("event", recorder.record)
    host.on("before_scenario", recorder.reset)

    host.register_assertion("has_event", function(events, needle)
      events = events or recorder.texts()
      for _, e in ipairs(events) do
        if e == needle or e:find(needle, 1, true) then return true end
      end
      return false, ("no event matches '%s' (saw %d: %s)"):format(needle, #events, recorder.summary(events))
    end)

    host.register_assertion("event_count", function(events, name, want)
      events = events or recorder.texts()
      local got = 0
      for _, e in ipairs(events) do
        if e:match("^([%w_]+)%(") == name then got = got + 1 end
      end
      if got == want then return true end
      return false, ("expected %d '%s' events, got %d"):format(want, name, got)
    end)

    host.register_preset("deck", "bumble", { preset = "tinder", visible = 2, threshold = 0.3 })

    host.register_reporter("event-summary", {
      scenario_finished = function(name, result) recorder.finished(name, result) end,
      finished = function() return recorder.report() end,
    })
  end,
}
