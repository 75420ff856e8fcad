-- pictures.lua: an SVG picture of each component, caught in the middle of an interaction:
-- a deck mid-drag (the LIKE stamp fading in), the channel grid mid-drag in edit mode, and a feed
-- with sticky headers while it refreshes. The README's pictures are made with
--   tantan-host examples/pictures.lua docs/pictures
-- Without an argument the files go to $TMPDIR (or /tmp).
local dir = arg[1] or os.getenv("TMPDIR") or "/tmp"

local function save(name, obj)
  local svg = tantan.render.svg(obj)
  obj:save_svg(dir .. "/" .. name)
  assert(svg == tantan.render.svg(obj), "the same state draws the same bytes")
  print(("%-9s %5d bytes  %s"):format(name, #svg, svg:match("<title>(.-)</title>")))
end

-- The deck: four people, the top card dragged 66 pt right (55% of the way to a like).
local people = {
  {name = "Ada, 27", subtitle = "Analyst, London", color = "#ff6b6b"},
  {name = "Grace, 31", subtitle = "Admiral, Arlington", color = "#4d96ff"},
  {name = "Alan, 29", subtitle = "Codebreaker, Bletchley", color = "#1dd1a1"},
  {name = "Linus, 24", subtitle = "Student, Helsinki", color = "#feca57"},
}
local deck = tantan.deck{width = 340, height = 420, card_size = {w = 250, h = 360}, visible = 4, source = people}
deck:drag_begin()
deck:drag_move(66, 10)
save("deck.svg", deck)

-- The grid: the seed's channels, channel 3 long-pressed (edit mode: delete badges) and dragged
-- between the cells of the second row; its slot stays empty while the snapshot follows the finger.
local grid = tantan.grid{
  items = {
    "推荐", "视频", "军事", "娱乐", "问答", "汽车", "段子", "趣图", "财经", "热点", "房产", "社会",
    "数码", "美女", "文化", "美文", "星座", "旅游", "体育", "科技",
  },
  height = 330,
  locked = {1},
}
grid:long_press(3)
local target = grid:cell(6).frame
grid:drag_to(target.x + target.w * 0.8, target.y + target.h * 0.3)
save("grid.svg", grid)

-- The list: a feed under a 64 pt bar with sticky section headers, pulled past its threshold and
-- released, so it is refreshing (the indicator holds the content down until done is called).
local articles = {}
for i, t in ipairs { "Repotting a fiddle-leaf fig", "Ten bouquets for a rainy week", "Peonies: a field guide",
  "Dried flowers that last a year", "A balcony jungle on a budget", "What your orchid is telling you" } do
  articles[i] = {id = i, title = t, author = "by Floral editors", color = ({"#f8b4c0", "#b8e0a8", "#ffd59e"})[i % 3 + 1]}
end
local list = tantan.list{
  height = 560, content_inset = {top = 64}, header_height = 32, sticky_headers = true, item_height = 56,
  sections = {
    {id = "top", header = "This week's top 3", items = {{id = "p", title = "1. Peony"}, {id = "r", title = "2. Rose"},
      {id = "l", title = "3. Lily"}}},
    {id = "feed", header = "Topics: all", items = articles},
  },
  refresh = {threshold = 50, on_refresh = function(list, done) tantan.after(1, done) end},
}
list:pull(70)
list:release()
save("list.svg", list)
