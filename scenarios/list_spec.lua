-- Sectioned lists (Floral's content lists) the way an app uses them: layout, scrolling,

local function section(id, n, from)
  local items = {}
  for i = 1, n do items[i] = { id = id .. (from or 0) + i, title = "item " .. i } end
  return { id = id, header = id:upper(), items = items }
end

local function list(extra)
  -- header_height: a header without a height is an error (issue 17.9)
  local config = { width = 320, height = 480, sections = { section("s", 30) }, item_height = 44, header_height = 20 }
  for k, v in pairs(extra or {}) do config[k] = v end
  return tantan.list(config)
end

describe("sectioned list #list", function()
  it("measures its content", function()
    local l = list()
    assert.is_true(l.content_height >= 30 * 44)
    assert.equal(0, l.offset)
  end)

  it("lays out the visible items", function()
    local l = list()
    local items = 0
    for _, e in ipairs(l:layout()) do
      if e.kind == "item" then items = items + 1 end
    end
    assert.is_true(items >= 480 // 44)
    assert.is_true(items <= 30)
  end)

  it("scrolls and refuses a bad offset", function()
    local l = list()
    l:scroll_to(100)
    assert.equal(100, l.offset)
    assert.has_error(function() l:scroll_to(0 / 0) end)
    assert.equal(100, l.offset)
  end)

  it("keeps a sticky header at the top", function()
    local l = list { sticky_headers = true, header_height = 20 }
    l:scroll_to(200)
    for _, e in ipairs(l:layout()) do
      if e.kind == "header" then assert.near(200, e.frame.y, 1e-9) end
    end
  end)

  it("arms the refresh past the threshold and refreshes on release", function()
    local refreshed = spy.new()
    local l = list { refresh = { threshold = 50, on_refresh = function(_, done) refreshed() done() end } }
    l:pull(30)
    assert.equal("pulling", l.refresh_state)
    l:pull(60)
    assert.equal("armed", l.refresh_state)
    l:release()
    assert.spy(refreshed).was.called(1)
    tantan.clock:settle()
    assert.equal("idle", l.refresh_state)
  end)

  it("does not refresh when released early", function()
    local refreshed = spy.new()
    local l = list { refresh = { threshold = 50, on_refresh = function() refreshed() end } }
    l:pull(20)
    l:release()
    assert.equal("idle", l.refresh_state)
    assert.spy(refreshed).was_not.called()
  end)

  it("loads the next page near the end", function()
    local pages = {}
    local l = list { paging = { page_size = 30, on_load_more = function(_, page) pages[#pages + 1] = page end } }
    l:scroll_to(l.content_height - 480)
    assert.same({ 1 }, pages)
    assert.equal(1, l.page)
    assert.is_true(l.loading)
  end)

  it("rolls back a failed page", function()
    local l = list { paging = { page_size = 30, on_load_more = function(_, _, done) done(nil, "offline") end } }
    l:scroll_to(l.content_height - 480)
    assert.equal("offline", l.load_error)
    assert.equal(0, l.page)
  end)

  it("diffs an insertion", function()
    local l = list { sections = { section("s", 3) } }
    local s = section("s", 3)
    table.insert(s.items, 2, { id = "new", title = "new" })
    local changes = l:apply { s }
    assert.same({ { section = 1, index = 2 } }, changes.inserted)
    assert.same({}, changes.deleted)
  end)

  it("diffs a deletion and a reload", function()
    local l = list { sections = { section("s", 3) } }
    local s = section("s", 3)
    table.remove(s.items, 1)
    s.items[1].title = "changed"
    local changes = l:apply { s }
    assert.same({ { section = 1, index = 1 } }, changes.deleted)
    assert.same({ { section = 1, index = 2 } }, changes.reloaded)
  end)
end)
