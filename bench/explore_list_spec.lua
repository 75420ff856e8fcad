-- Explore throughput on a list (scripts/bench): ready-made list actions with paging and refresh
-- completions held by the scheduler, built-in invariants on.
local function page(first, n)
  local items = {}
  for i = first, first + n - 1 do items[#items + 1] = { id = i, title = "post " .. i } end
  return items
end
explore("list steps", {
  setup = function(sched)
    local next_id = 21
    return tantan.list{ height = 400, sections = { { id = "feed", items = page(1, 20) } },
      refresh = { threshold = 50, on_refresh = function(_, done)
        sched.hold(function(ok) if ok then done() else done(nil, "offline") end end)
      end },
      paging = { page_size = 10, on_load_more = function(_, _, done)
        sched.hold(function(ok)
          if not ok then return done(nil, "offline") end
          local p = page(next_id, 10)
          if done(p) == "appended" then next_id = next_id + 10 end
        end)
      end } }
  end,
  actions = tantan.explore.list_actions(),
})
