-- event-assertions: assertions over component events, and a hook that records every event.
-- In scenarios (`tantan-host test --plugin examples/plugins ...`) they are assert.NAME:
--   assert.has_event(deck, 'did_swipe(1, "right")')  -- a component: its events()
--   assert.event_count(nil, "did_swipe", 3)          -- nil: every event the hook saw in this scenario
--   assert.no.has_event(deck, "did_rewind")          -- negated, like the built-ins
-- In scripts: tantan.assertion("has_event")(...). Also a "checklist" reporter for
-- `tantan-host test --reporter checklist` (a Markdown checklist of the scenarios).
-- See spec/events_spec.lua for the assertions at work.
return {
  name = "event-assertions",
  version = "0.4.0",
  api = 2, -- assert.NAME in scenarios, scenario hooks and reporters need api_level 2
  description = "has_event and event_count assertions over what its event hook records; a checklist reporter",
  setup = function(host)
    local recorder = require("event_recorder") -- event-assertions/lua/event_recorder.lua

    host.on("event", recorder.record)
    host.on("before_scenario", recorder.reset) -- each scenario starts with no events seen

    -- true (with the message a negated assert.no.has_event shows), or false and a message.
    host.register_assertion("has_event", function(source, needle)
      local events = recorder.texts(source)
      for _, e in ipairs(events) do
        if e == needle or e:find(needle, 1, true) then return true, ("event '%s' was seen: %s"):format(needle, e) end
      end
      return false, ("no event matches '%s' (saw %d: %s)"):format(needle, #events, recorder.summary(events))
    end)

    -- false, a message, then the expected and actual values (shown as "expected:" / "actual:").
    host.register_assertion("event_count", function(source, name, want)
      local got = 0
      for _, e in ipairs(recorder.texts(source)) do
        if e:match("^([%w_]+)%(") == name then got = got + 1 end
      end
      if got == want then return true, ("%d '%s' events, as not wanted"):format(got, name) end
      return false, ("expected %d '%s' events, got %d"):format(want, name, got), want, got
    end)

    -- A reporter returns the report's text piece by piece; the runner writes it to stdout or a file.
    host.register_reporter("checklist", {
      on_start = function(info) return ("# %d scenarios (seed %d)\n\n"):format(info.total, info.seed) end,
      on_result = function(r)
        local done = r.status == "passed" or r.status == "flaky"
        local line = ("- [%s] %s (%s:%d)"):format(done and "x" or " ", r.full_name, r.file, r.line)
        if not done then line = line .. " **" .. r.status .. "**" .. (r.message and (": " .. r.message) or "") end
        return line .. "\n"
      end,
      on_finish = function(s) return ("\n%d of %d passed\n"):format(s.passed + s.flaky, s.total) end,
    })
  end,
}
