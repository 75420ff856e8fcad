import XCTest

@testable import TantanLua

/// The grid's and the list's pictures.
final class RenderGridListTests: XCTestCase {
  let grid = """
    local items = {"推荐", "A&B", "<C>"}
    for i = 4, 80 do items[i] = "Item " .. i end
    grid = tantan.grid{items = items, locked = {1}}
    """

  /// The cells' titles: since issue 17.8 the bar's title and button text come first.
  private func cellTexts(_ doc: SVGDocument) -> [String] { Array(doc.texts.dropFirst(2)) }
  private func badges(_ doc: SVGDocument) -> Int { doc.elements.filter { $0.name == "circle" }.count }
  private func dashed(_ doc: SVGDocument) -> [SVGDocument.Element] {
    doc.elements.filter { $0.name == "rect" && $0.attributes["stroke-dasharray"] != nil }
  }

  func testGridCellsBadgesHiddenSlotAndSnapshot() throws {
    let t = try LuaTestHost()
    t.ok(grid)
    var doc = t.picture("grid")
    let visible = Int(t.eval("#grid.visible")) ?? 0
    XCTAssertGreaterThan(visible, 20)
    XCTAssertEqual(cellTexts(doc).count, visible, "one title per visible cell")
    XCTAssertEqual(Array(cellTexts(doc).prefix(3)), ["推荐", "A&B", "<C>"])
    XCTAssertEqual(badges(doc), 0, "no delete badges before editing")
    XCTAssertTrue(dashed(doc).isEmpty)

    t.ok("grid:toggle_editing()")
    XCTAssertEqual(badges(t.picture("grid")), visible - 1, "every visible cell but the locked one")

    t.ok("grid:long_press(2); grid:drag_to(grid:cell(6).frame.x + 30, grid:cell(6).frame.y + 12)")
    XCTAssertEqual(t.eval("grid.dragging"), "6")
    doc = t.picture("grid")
    XCTAssertEqual(badges(doc), visible - 2, "no badge on the locked cell nor the empty slot")
    XCTAssertEqual(dashed(doc).count, 1, "the dragged item's slot is empty")
    let slot = dashed(doc)[0]
    XCTAssertEqual(slot.attributes["x"], SVGNumber.format((Double(t.eval("grid:cell(6).frame.x")) ?? 0) + 5))
    XCTAssertEqual(doc.texts.filter { $0 == "A&B" }.count, 1, "the title is on the snapshot only")
    XCTAssertEqual(doc.texts.last, "A&B", "the snapshot is drawn last, on top")
    let snapshotLabel = doc.elements.last { $0.name == "rect" && $0.attributes["fill"] == "#fff7ec" }
    XCTAssertEqual(snapshotLabel?.attributes["x"], SVGNumber.format((Double(t.eval("grid.snapshot.x")) ?? 0) + 5))
    XCTAssertEqual(snapshotLabel?.attributes["y"], SVGNumber.format((Double(t.eval("grid.snapshot.y")) ?? 0) + 5))
    t.ok("grid:drop()")
    XCTAssertTrue(dashed(t.picture("grid")).isEmpty)
  }

  func testGridDrawsTheViewportAtTheScrollOffset() throws {
    let t = try LuaTestHost()
    t.ok(grid + "\ngrid:scroll_to(100)")
    let doc = t.picture("grid")
    XCTAssertEqual(doc.elements.first { $0.name == "g" }?.attributes["transform"], "translate(0 -100)")
    XCTAssertEqual(cellTexts(doc).count, Int(t.eval("#grid.visible")))
    XCTAssertFalse(doc.texts.contains("推荐"), "the first row scrolled out")
    XCTAssertTrue(doc.title?.hasSuffix("offset 100") == true, doc.title ?? "")
    XCTAssertTrue(
      doc.elements.contains { $0.name == "rect" && $0.attributes["fill-opacity"] == "0.35" }, "scroll indicator")
  }

  func testGridOverASourceIsLabelledByIndexWithoutCallingIt() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      g = tantan.grid{source = {count = function() return 6 end, item = function(_, i) return "item" .. i end}}
      g:clear_events()
      """)
    XCTAssertEqual(cellTexts(t.picture("g")), ["#1", "#2", "#3", "#4", "#5", "#6"])
    XCTAssertEqual(t.eval("#g:events()"), "0", "drawing called nothing")
  }

  /// A source without `delete` cannot delete, so editing draws no delete badges over it.
  func testGridOverASourceWithoutDeleteDrawsNoBadges() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local function src(delete) return {count = function() return 6 end, item = function(_, i) return i end, delete = delete} end
      fixed = tantan.grid{source = src(nil)}
      free = tantan.grid{source = src(function() end)}
      fixed:set_editing(true) free:set_editing(true)
      """)
    XCTAssertEqual(badges(t.picture("fixed")), 0)
    XCTAssertEqual(badges(t.picture("free")), 6)
  }

  /// Issue 17.8: the seed's bar above the cells, its button titled by the editing state.
  func testGridDrawsTheSeedsBarAboveTheCells() throws {
    let t = try LuaTestHost()
    t.ok(grid)
    var doc = t.picture("grid")
    XCTAssertEqual(doc.root?.attributes["height"], "667", "80 pt bar + 587 pt grid")
    XCTAssertEqual(Array(doc.texts.prefix(2)), ["我的关注", "排序删除"])
    let viewport = doc.elements.first { $0.name == "svg" && $0.attributes["y"] == "80" }
    XCTAssertNotNil(viewport, "the grid's viewport sits under the bar")
    let button = doc.elements.first { $0.name == "rect" && $0.attributes["stroke"] == "#ff8000" }
    XCTAssertEqual(button?.attributes["height"], "21")
    XCTAssertEqual(button?.attributes["y"], "54.5", "centred with the title at 65")
    XCTAssertTrue(
      doc.elements.contains { $0.name == "path" && $0.attributes["stroke"] == "#6e6e6e" }, "the close button")
    t.ok("grid:toggle_editing()")
    doc = t.picture("grid")
    XCTAssertEqual(Array(doc.texts.prefix(2)), ["我的关注", "完成"])
    t.ok("other = tantan.grid{items = {1}, bar = {title = 'Channels', sort = 'Edit', done = 'Done'}}")
    XCTAssertEqual(Array(t.picture("other").texts.prefix(2)), ["Channels", "Edit"])
  }

  let list = """
    local items = {}
    for i = 1, 30 do items[i] = {id = i, title = "Row " .. i, author = "by <me>", color = i % 2 == 0 and "#abc" or nil} end
    list = tantan.list{height = 400, content_inset = {top = 64}, header_height = 30, sticky_headers = true, item_height = 50,
      sections = {{id = "a", header = "Top & best", items = {{id = 100, title = "Peony"}, {id = 101, title = "Rose"}}},
        {id = "b", header = {title = "Articles"}, items = items}},
      refresh = {threshold = 50, finish_duration = 0.2, on_refresh = function(l, done) finish = done end},
      paging = {page_size = 30, on_load_more = function(l, page, done) more = done end}}
    """

  func testListStickyHeaderIsPinnedAndDrawnAboveTheItems() throws {
    let t = try LuaTestHost()
    t.ok(list + "\nlist:scroll_to(400)")
    let doc = t.picture("list")
    XCTAssertEqual(doc.texts.last, "Articles", "the pinned header is drawn after the items")
    XCTAssertFalse(doc.texts.contains("Top & best"), "the first section scrolled away")
    let header = doc.elements.last { $0.name == "rect" && $0.attributes["fill"] == "#f2f2f7" }
    XCTAssertEqual(header?.attributes["y"], "464", "pinned at offset + content_inset.top")
    XCTAssertEqual(doc.elements.first { $0.name == "g" }?.attributes["transform"], "translate(0 -400)")
    XCTAssertTrue(doc.texts.contains("by <me>"), "subtitles from author")
    XCTAssertTrue(doc.elements.contains { $0.attributes["fill"] == "#aabbcc" }, "colour swatches")
  }

  func testListRefreshIndicatorFollowsTheRefreshState() throws {
    let t = try LuaTestHost()
    t.ok(list)
    func state() -> (String?, [String]) {
      let doc = t.picture("list")
      let words = ["Pull to refresh", "Release to refresh", "Refreshing\u{2026}", "Updated"]
      return (doc.title, doc.texts.filter { words.contains($0) })
    }
    XCTAssertEqual(state().1, [], "idle: no indicator")
    t.ok("list:pull(30)")
    XCTAssertEqual(state().1, ["Pull to refresh"])
    XCTAssertTrue(state().0?.contains("refresh pulling") == true)
    t.ok("list:pull(60)")
    XCTAssertEqual(state().1, ["Release to refresh"])
    t.ok("list:release()")
    XCTAssertEqual(state().1, ["Refreshing\u{2026}"])
    let doc = t.picture("list")
    XCTAssertEqual(
      doc.elements.first { $0.name == "g" }?.attributes["transform"], "translate(0 114)", "content held 50 pt down")
    t.ok("finish(); tantan.clock:advance(0.05)")
    XCTAssertEqual(state().1, ["Updated"])
    let held = (Double(t.eval("list.indicator_height")) ?? 0) + 64
    XCTAssertTrue(held > 64 && held < 114, "collapsing: \(held)")
    XCTAssertEqual(
      t.picture("list").elements.first { $0.name == "g" }?.attributes["transform"],
      "translate(0 \(SVGNumber.format(held)))")
    t.ok("tantan.clock:advance(0.15)")
    XCTAssertEqual(state().1, [], "idle again")
  }

  func testListPagingStates() throws {
    let t = try LuaTestHost()
    t.ok(list + "\nlist:scroll_to(list.content_height - 400)")
    XCTAssertEqual(t.eval("list.loading"), "true")
    XCTAssertTrue(t.picture("list").texts.contains("Loading more\u{2026}"))
    t.ok("more(nil, 'offline')")
    XCTAssertTrue(t.picture("list").texts.contains { $0.hasPrefix("Load failed: offline") })
  }
}
