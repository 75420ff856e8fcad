-- floral/home_feed.lua: the Floral home feed (the seed's topic list) on a tantan.List.
-- A sticky "this week's top 10" section, a category filter, pull to refresh, and paging of 5
-- articles at a time from a JSON fixture standing in for the server.
-- Run: scripts/run examples/floral/home_feed.lua

-- The fixture sits next to the script, wherever it is run from.
local here = (arg and arg[0] or ""):match("^(.*)[/\\]") or "."
local file = assert(io.open(here .. "/data/feed.json", "rb"))
local server = tantan.json.decode(file:read("a"))
file:close()

local PAGE = 5
local category = "all"

-- The "server": articles of the chosen category, 5 per page (page 0 is what a refresh shows).
local function fetch(page)
  local matching = {}
  for _, a in ipairs(server.articles) do
    if category == "all" or a.category == category then matching[#matching + 1] = a end
  end
  local items = {}
  for i = page * PAGE + 1, math.min((page + 1) * PAGE, #matching) do
    local a = matching[i]
    items[#items + 1] = {id = a.id, title = a.title, author = a.author, reads = a.reads}
  end
  return items
end

local function sections()
  local top = {}
  for _, t in ipairs(server.top10) do top[#top + 1] = {id = t.id, title = t.rank .. ". " .. t.name, likes = t.likes} end
  return {
    {id = "top10", header = "This week's top 10", items = top},
    {id = "feed", header = "Topics: " .. category, items = fetch(0)},
  }
end

local feed  -- the list, created below
local function show(title)
  print(string.format("-- %s (offset %g, %d articles, page %d%s)", title, feed.offset, feed:item_count(2),
    feed.page, feed.has_more and "" or ", no more"))
  for _, a in ipairs(feed:layout()) do
    local y = a.frame.y - feed.offset  -- on screen: 0 is the top of the phone, the bar ends at 64
    if y + a.frame.h > 64 then         -- rows entirely under the navigation bar are not seen
      if a.kind == "header" then
        print(string.format("  %4g  [%s]%s", y, feed:header(a.section),
          y == 64 and feed.offset > -64 and " (pinned under the bar)" or ""))
      else
        local item = feed:item(a.section, a.index)
        print(string.format("  %4g    %s%s", y, item.title, item.author and (" by " .. item.author) or ""))
      end
    end
  end
end

local function category_bar()
  local names = {}
  for _, c in ipairs(server.categories) do names[#names + 1] = c.id == category and "[" .. c.name .. "]" or c.name end
  print("   categories: " .. table.concat(names, " "))
end

feed = tantan.list{
  width = 375, height = 667, content_inset = {top = 64},  -- under the 64 pt navigation bar
  header_height = 40, sticky_headers = true,
  item_height = function(list, section, index, item) return section == 1 and 44 or 120 end,
  sections = sections(),
  refresh = {threshold = 50, on_refresh = function(list, done)
    print("   refreshing: asking the server for " .. category .. " ...")
    tantan.after(1, function()
      local changes = list:apply(sections())
      print(string.format("   server answered: %d inserted, %d deleted, %d reloaded", #changes.inserted, #changes.deleted, #changes.reloaded))
      done()
    end)
  end},
  paging = {page_size = PAGE, on_load_more = function(list, page, done)
    print("   the last article shows: loading page " .. page .. " ...")
    tantan.after(0.5, function() done(fetch(page)) end)
  end},
}

show("home")

-- The top 10 scrolls by with its header pinned under the bar, until the topics push it out.
feed:scroll_to(200)
show("scrolled into the top 10")
feed:scroll_to(feed.content_height - 667)
tantan.clock:advance(0.5)
show("scrolled to the end, page 1 arrived")
while feed.has_more do
  feed:scroll_to(feed.content_height - 667)
  tantan.clock:advance(0.5)
end
print(string.format("-- all %d articles loaded in %d pages; scrolling on loads nothing more", feed:item_count(2), feed.page))

-- Pull to refresh, the seed's RefreshControl: the arrow flips at 50 pt.
feed:scroll_to(-64)
local labels = {pulling = "pull down to refresh", armed = "release to refresh", refreshing = "refreshing...",
  finishing = "collapsing", idle = "(hidden)"}
for _, d in ipairs{20, 55, 40, 70} do print(string.format("   pull %2d pt: %s", d, labels[feed:pull(d)])) end
print("   release: " .. labels[feed:release()])
tantan.clock:advance(1)
print("   after the answer: " .. labels[feed.refresh_state])
tantan.clock:settle()
show("refreshed: back to the first page")

-- The category filter asks the server again, as a refresh without a pull.
category_bar()
category = "home"
category_bar()
feed:refresh()
tantan.clock:settle()
show("category Home")
feed:scroll_to(feed.content_height - 667)
tantan.clock:settle()
show("the end of Home")
print("events: " .. table.concat(feed:events(), " "):gsub("item_height%(%d+, %d+%) ", ""))
