-- A feed with pull to refresh and paging; the app keeps its own copy of what the list shows.
-- Responses come back through the explore's scheduler (sched.hold), so explore delivers them in
-- any order, as a flaky network would, and makes some of them fail.
-- Planted bug: on_load_more appends a page to the app's copy whatever done() answers, so a page
-- that arrives after a refresh started (done returns "dropped") is added to the app's copy only.
local PAGE = 5

local function fetch(first)
  local items = {}
  for i = first, first + PAGE - 1 do items[#items + 1] = { id = i, title = "post " .. i } end
  return items
end

local feed_spec = {
  setup = function(sched)
    local app = { items = fetch(1), next_id = PAGE + 1 }
    local list
    list = tantan.list{
      height = 400,
      sections = { { id = "feed", items = fetch(1) } },
      refresh = { threshold = 50, on_refresh = function(_, done)
        sched.hold(function(ok)
          if not ok then return done(nil, "offline") end
          app.items, app.next_id = fetch(app.next_id), app.next_id + PAGE
          done({ { id = "feed", items = fetch(app.next_id - PAGE) } })  -- the new first page replaces the feed
        end)
      end },
      paging = { page_size = PAGE, on_load_more = function(_, _, done)
        sched.hold(function(ok)
          if not ok then return done(nil, "offline") end
          local page = fetch(app.next_id)
          app.next_id = app.next_id + PAGE
          for _, item in ipairs(page) do app.items[#app.items + 1] = item end
          done(page)
        end)
      end },
    }
    return { list = list, app = app }
  end,
  actions = (function()
    local actions = tantan.explore.list_actions()
    actions.apply = nil  -- the app applies its own copy (a diff from outside would not be in it)
    return actions
  end)(),
  invariant = function(o)
    assert.are.equal(#o.app.items, o.list.count)
  end,
}

explore("the app's copy matches the feed", feed_spec)
