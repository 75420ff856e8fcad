import XCTest

@testable import HeadlessUI

final class ListLayoutTests: XCTestCase {
  func testFlowLayoutWithHeadersFootersInsetsAndSpacing() throws {
    let list = try makeList([
      section("a", header: "A", footer: "fa", items(3, prefix: "a")),
      section("b", header: "B", []),
      section("c", items(2, prefix: "c")),
    ]) {
      $0.itemHeight = .fixed(40)
      $0.headerHeight = 30
      $0.footerHeight = 10
      $0.spacing = ListSpacing(line: 5, item: 0)
      $0.insets = ListInsets(top: 8, left: 16, bottom: 4, right: 16)
    }
    // a: header 30, inset 8, rows 40+5+40+5+40 = 130, inset 4, footer 10 => 182
    XCTAssertEqual(list.sectionFrame(0), Rect(x: 0, y: 0, w: 320, h: 182))
    XCTAssertEqual(list.itemFrame(section: 0, index: 0), Rect(x: 16, y: 38, w: 288, h: 40))
    XCTAssertEqual(list.itemFrame(section: 0, index: 2), Rect(x: 16, y: 128, w: 288, h: 40))
    XCTAssertEqual(list.footerFrame(0), Rect(x: 0, y: 172, w: 320, h: 10))
    // b: empty, header only (no footer view model): 30
    XCTAssertEqual(list.sectionFrame(1), Rect(x: 0, y: 182, w: 320, h: 30))
    // c: no header: inset 8 + 40 + 5 + 40 + inset 4 = 97
    XCTAssertEqual(list.itemFrame(section: 2, index: 0).y, 182 + 30 + 8)
    XCTAssertEqual(list.contentHeight, 182 + 30 + 97)
    XCTAssertNil(list.naturalHeaderFrame(2))

    let all = try list.layout(Rect(x: 0, y: 0, w: 320, h: 10_000))
    XCTAssertEqual(
      all.map { "\($0.kind.rawValue)\($0.section)\($0.index.map(String.init) ?? "")" },
      ["header0", "item00", "item01", "item02", "footer0", "header1", "item20", "item21"])
    XCTAssertTrue(all.allSatisfy { $0.z == 0 })
  }

  func testGridSectionsRowsTakeTheTallestItem() throws {
    var s = section("g", items(5, prefix: "g"))
    s.columns = 2
    let heights: [String: Double] = ["g0": 10, "g1": 30, "g2": 20, "g3": 5, "g4": 50]
    let list = try makeList([s, section("one", items(1, prefix: "o"))]) {
      $0.width = 210
      $0.spacing = ListSpacing(line: 4, item: 10)
      $0.itemHeight = .computed { _, _, _, item in
        if case .string(let id) = item.id { return heights[id] ?? 7 }
        return 0
      }
    }
    XCTAssertEqual(list.itemFrame(section: 0, index: 0), Rect(x: 0, y: 0, w: 100, h: 10))
    XCTAssertEqual(list.itemFrame(section: 0, index: 1), Rect(x: 110, y: 0, w: 100, h: 30))
    XCTAssertEqual(list.itemFrame(section: 0, index: 2), Rect(x: 0, y: 34, w: 100, h: 20))
    XCTAssertEqual(list.itemFrame(section: 0, index: 4), Rect(x: 0, y: 58, w: 100, h: 50))
    XCTAssertEqual(list.itemFrame(section: 1, index: 0), Rect(x: 0, y: 108, w: 210, h: 7))
    XCTAssertEqual(list.contentHeight, 115)
    let visible = try list.layout(Rect(x: 105, y: 0, w: 105, h: 40))
    XCTAssertEqual(visible.map { $0.index }, [1, 3])
  }

  func testMillionItemListAnswersAtTheEndAndHasExactHeight() throws {
    let n = 1_000_000
    let list = try makeList([section("head", items(3, prefix: "h")), section("big", intItems(0..<n))]) {
      $0.itemHeight = .fixed(44)
      $0.headerHeight = 28
      $0.spacing = ListSpacing(line: 1, item: 0)
      $0.contentInset = ListInsets(top: 64)
    }
    // head: 44*3 + 2 = 134; big: 44n + (n-1)
    XCTAssertEqual(list.contentHeight, 134 + 44 * Double(n) + Double(n - 1))
    XCTAssertEqual(list.itemFrame(section: 1, index: n - 1).maxY, list.contentHeight)
    try list.scrollTo(list.maxOffset)
    let start = ContinuousClock.now
    var attrs: [ListAttributes] = []
    for _ in 0..<100 { attrs = try list.layout() }
    let perQuery = (ContinuousClock.now - start) / 100
    XCTAssertLessThan(perQuery, .milliseconds(5), "layout of one screen took \(perQuery)")
    XCTAssertEqual(attrs.last?.index, n - 1)
    XCTAssertEqual(attrs.last?.frame, Rect(x: 0, y: list.contentHeight - 44, w: 320, h: 44))
    XCTAssertEqual(attrs.count, 11)  // 480 / 45 rounded up, partial rows included
    let middle = try list.layout(Rect(x: 0, y: 134 + 45 * 500_000, w: 320, h: 45))
    XCTAssertEqual(middle.map { $0.index }, [500_000])
    XCTAssertEqual(middle.first?.frame.y, 134 + 45 * 500_000)
  }

  func testLayoutOfAnEmptyListAndEmptyRect() throws {
    let list = try makeList([])
    XCTAssertEqual(list.contentHeight, 0)
    XCTAssertEqual(try list.layout(), [])
    let other = try makeList([section("a", items(3, prefix: "a"))])
    XCTAssertEqual(try other.layout(Rect(x: 0, y: 0, w: 320, h: 0)), [])
  }
}

final class ListHitTestTests: XCTestCase {
  func testItemUnderAPoint() throws {
    var grid = section("g", items(5, prefix: "g"))
    grid.columns = 2
    let list = try makeList([section("h", header: "H", items(2, prefix: "h")), grid]) {
      $0.width = 200
      $0.headerHeight = 20
      $0.itemHeight = .fixed(10)
      $0.spacing = ListSpacing(line: 2, item: 0)
    }
    // h: header 0..20, items 20..30, 32..42; g: rows at 42, 54, 66.
    XCTAssertNil(list.itemIndexPath(at: Point(x: 5, y: 5)))
    XCTAssertEqual(list.itemIndexPath(at: Point(x: 5, y: 25)), ListIndexPath(section: 0, index: 0))
    XCTAssertNil(list.itemIndexPath(at: Point(x: 5, y: 31)))
    XCTAssertEqual(list.itemIndexPath(at: Point(x: 150, y: 55)), ListIndexPath(section: 1, index: 3))
    XCTAssertNil(list.itemIndexPath(at: Point(x: 150, y: 67)))
    XCTAssertEqual(list.itemIndexPath(at: Point(x: 50, y: 67)), ListIndexPath(section: 1, index: 4))
    XCTAssertNil(list.itemIndexPath(at: Point(x: 50, y: 1000)))
  }
}
