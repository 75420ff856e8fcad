import XCTest

@testable import TantanLua

/// The deck's picture: cards as the model has them, titles and colours, the stamp while dragging.
final class RenderDeckTests: XCTestCase {
  let deck = """
    deck = tantan.deck{width = 300, height = 400, source = {
      {title = "Ada <&\\"'>", color = "#ff8800"}, {name = "Grace\\1\\27[0m\\n2"}, {text = 42}, {}, {label = "plain", subtitle = "sub"}}}
    """

  func testTheSameStateDrawsTheSameBytes() throws {
    let t = try LuaTestHost()
    t.ok(deck + "\ndeck:drag_begin(); deck:drag_move(40, -7.25)")
    let first = t.svg("deck")
    XCTAssertEqual(first, t.svg("deck"))
    t.ok("deck:drag_move(40, -7.25)")  // same translation again: same picture
    XCTAssertEqual(first, t.svg("deck"))
    t.ok("deck:drag_move(41, -7.25)")
    XCTAssertNotEqual(first, t.svg("deck"))
  }

  func testTitlesAreEscapedAndControlCharactersNeverReachTheDocument() throws {
    let t = try LuaTestHost()
    t.ok(deck)
    let text = t.svg("deck")
    XCTAssertTrue(text.contains(">Ada &lt;&amp;\"'&gt;</text>"), text)  // quotes need no escape in text
    XCTAssertFalse(text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "only newlines between elements")
    let doc = t.picture("deck")
    XCTAssertTrue(doc.texts.contains("Ada <&\"'>"), "\(doc.texts)")
    XCTAssertTrue(doc.texts.contains("Grace[0m 2"), "\(doc.texts)")  // ESC and \1 dropped, newline a space
    XCTAssertTrue(doc.texts.contains("42"), "\(doc.texts)")
    XCTAssertTrue(doc.texts.contains("Card 4"), "a card without a title is numbered: \(doc.texts)")
    XCTAssertTrue(doc.texts.contains("plain"), "the label key: \(doc.texts)")
  }

  func testCardsCarryFrameRotationScaleAlphaAndColour() throws {
    let t = try LuaTestHost()
    t.ok(deck + "\ndeck:drag_begin(); deck:drag_move(160, 0)")
    let doc = t.picture("deck")
    let groups = doc.elements.filter { e in
      guard e.name == "g", let transform = e.attributes["transform"] else { return false }
      return !transform.hasSuffix("rotate(15)") && !transform.hasSuffix("rotate(-15)")  // not the stamp
    }
    XCTAssertEqual(groups.count, 5, "one group per visible card")
    // The top card is drawn last: centre moved by the drag, rotated and scaled as deck.top says.
    t.ok(
      """
      local c = deck.top
      assert(math.abs(c.rotation - math.pi / 8 * 0.5) < 1e-9 and c.scale == 0.93, c.rotation .. ' ' .. c.scale)
      """)
    let x = SVGNumber.format(Double(t.eval("deck.top.center.x")) ?? .nan)
    let y = SVGNumber.format(Double(t.eval("deck.top.center.y")) ?? .nan)
    XCTAssertEqual(groups.last?.attributes["transform"], "translate(\(x) \(y)) rotate(11.25) scale(0.93)")  // scale_min
    XCTAssertTrue(doc.elements.contains { $0.attributes["fill"] == "#ff8800" }, "the model's colour")
    // A tinder fly-off fades: the flying card has an opacity below 1.
    t.ok(
      """
      tinder = tantan.deck{preset = "tinder", source = {{title = "a"}, {title = "b"}}}
      tinder:swipe("right"); tantan.clock:advance(0.1)
      """)
    // (Not the stamp's tilted group: since issue 17.6 the stamp shows while the card flies.)
    let flying = t.picture("tinder").elements.filter {
      $0.name == "g" && $0.attributes["opacity"] != nil && !($0.attributes["transform"] ?? "").hasSuffix("rotate(-15)")
    }
    XCTAssertEqual(flying.map { $0.attributes["opacity"] }, ["0.5"])
  }

  func testTheStampShowsOnlyWhileDraggingWithItsProgressAsOpacity() throws {
    let t = try LuaTestHost()
    t.ok(deck)
    func stamps() -> [(String, String?)] {
      let doc = t.picture("deck")
      return doc.elements.filter { $0.name == "text" && ["LIKE", "NOPE", "UP", "DOWN"].contains($0.text) }.map {
        ($0.text, $0.attributes["fill"])
      }
    }
    /// The opacity of the stamp's group (the only group tilted by 15 degrees).
    func stampOpacity() -> String? {
      let doc = t.picture("deck")
      let tilted = doc.elements.last { e in
        guard e.name == "g", let transform = e.attributes["transform"] else { return false }
        return transform.hasSuffix("rotate(-15)") || transform.hasSuffix("rotate(15)")
      }
      return tilted?.attributes["opacity"]
    }
    XCTAssertTrue(stamps().isEmpty, "idle")
    t.ok("deck:drag_begin()")
    XCTAssertTrue(stamps().isEmpty, "no movement yet: progress 0")
    t.ok("deck:drag_move(60, 0)")
    XCTAssertEqual(stamps().map(\.0), ["LIKE"])
    XCTAssertEqual(stampOpacity(), "0.5", "60 of the 120 pt threshold")
    t.ok("deck:drag_move(-300, 0)")
    XCTAssertEqual(stamps().map(\.0), ["NOPE"])
    XCTAssertEqual(stampOpacity(), "1")
    t.ok("deck:drag_end()")
    XCTAssertEqual(t.eval("deck.state"), "animating")
    // Issue 17.6 changed this (it asserted no stamp while the card flies off): the stamp follows
    // deck.overlay through the whole swipe.
    XCTAssertEqual(stamps().map(\.0), ["NOPE"], "while the card flies off")
    XCTAssertEqual(stampOpacity(), "1")
    t.ok("tantan.clock:settle()")
    XCTAssertTrue(stamps().isEmpty, "idle again")
    // A programmatic like() shows the stamp growing as the card flies.
    t.ok("deck:like(); tantan.clock:advance(0.01)")
    XCTAssertEqual(stamps().map(\.0), ["LIKE"])
    XCTAssertNotEqual(stampOpacity(), "1")
  }

  func testAnEmptyDeckShowsItsEmptyModel() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      d = tantan.deck{preset = "tinder", source = {count = function() return 1 end, card = function() return {} end,
        empty = function() return {text = "No more <people>"} end}}
      d:swipe("left"); tantan.clock:settle()
      """)
    XCTAssertEqual(t.picture("d").texts, ["No more <people>"])
    t.ok("e = tantan.deck{source = {}}")
    XCTAssertEqual(t.picture("e").texts, ["No more cards"])
  }
}
