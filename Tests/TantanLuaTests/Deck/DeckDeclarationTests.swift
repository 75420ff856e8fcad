import LuaRuntime
import XCTest

@testable import TantanLua

/// What the deck's one declaration drives beyond the methods: the unknown-callback error, the
/// config keys (reader, known keys, reference, and the read-only field of each) and signatures.
final class DeckDeclarationTests: XCTestCase {
  /// A misspelt callback used to be ignored silently (never called); now it is an error listing
  /// the declared names. Data fields and a class's methods (through `__index`) stay allowed.
  func testUnknownCallbackIsAnErrorListingTheKnownOnes() throws {
    let t = try LuaTestHost()
    let bad = "test:1: bad argument #1 to 'deck' "
    let delegates =
      "did_cancel, did_drag, did_remove, did_rewind, did_run_out, did_swipe, did_swipe_down, did_swipe_left, did_swipe_right, did_swipe_up, should_swipe, will_swipe"
    t.fails(
      "tantan.deck{source = {{}}, delegate = {did_swip = function() end}}",
      bad + "(delegate.did_swip: unknown callback (known callbacks: \(delegates)))")
    t.fails(
      "tantan.deck{source = {count = function() return 1 end, card = function() return {} end, cout = print}}",
      bad + "(source.cout: unknown callback (known callbacks: card, count, empty, id))")
    t.fails(
      "tantan.deck{source = {{}, {}, emtpy = function() end}}",
      bad + "(source.emtpy: unknown callback (known callbacks: card, count, empty, id))")
    t.deckOK(
      """
      local calls = 0
      local d = tantan.deck{source = {{}, {}, name = "mine"}, delegate = {did_swipe = function() calls = calls + 1 end, n = 1}}
      local Class = {}
      Class.__index = Class
      function Class.did_remove() calls = calls + 10 end  -- called with the deck first
      function Class.helper() end
      local e = tantan.deck{source = {{}, {}}, delegate = setmetatable({}, Class)}
      d:swipe("right") e:swipe("left") tantan.clock:settle()
      eq(calls, 11)
      """)
  }

  /// The reference and the stubs list every config key and callback from the declarations the
  /// reader and the lookup use; every key is also a read-only field of the deck.
  func testReferenceAndFieldsCoverEveryConfigKeyAndCallback() throws {
    let reference = ApiDocs.reference()
    let stubs = ApiDocs.stubs()
    for key in DeckBinding.config.keys {
      XCTAssertTrue(reference.contains("`tantan.SwipeDeckConfig.\(key)`"), key)
      XCTAssertTrue(stubs.contains("---@field \(key)? "), key)
    }
    for name in DeckDelegateCallback.names {
      XCTAssertTrue(reference.contains("`tantan.SwipeDeckDelegate.\(name)`"), name)
    }
    for name in DeckSourceCallback.names { XCTAssertTrue(reference.contains("`tantan.SwipeDeckSource.\(name)`"), name) }
    let fields = Set(DeckBinding.deckClass.fields.map(\.doc.name))
    for key in DeckBinding.config.keys { XCTAssertTrue(fields.contains(key == "like" ? "like_direction" : key), key) }
    XCTAssertEqual(DeckBinding.config.presetKeys.count, DeckBinding.config.keys.count - 2)  // not source, delegate
    let t = try LuaTestHost()
    t.deckOK(
      """
      local d = tantan.deck{source = {{}}, preset = "tinder", like = "left", bounds = {left = -1}, card_size = {w = 10}}
      eq(d.like_direction, "left") eq(d.preset, "tinder") eq(d.visible, 3) eq(d.cyclic, false)
      eq(d.bounds.left, -1) eq(d.bounds.right, 400) eq(d.card_size.w, 10) eq(d.card_size.h, 400)
      eq(d.durations.swipe, 0.2) eq(d.velocity_threshold, nil) eq(table.concat(d.directions, ","), "left,right")
      """)
  }

  /// Signatures come from the typed parameters: optional ones get `?`, results their type.
  func testSignaturesComeFromTheParameterSpecs() {
    let sig = Dictionary(uniqueKeysWithValues: DeckBinding.deckClass.methods.map { ($0.doc.name, $0.doc.signature) })
    XCTAssertEqual(sig["swipe"], "fun(self, direction: \"left\"|\"right\"|\"up\"|\"down\")")
    XCTAssertEqual(
      sig["drag_end"], "fun(self, vx?: number, vy?: number): \"left\"|\"right\"|\"up\"|\"down\"|\"cancel\"")
    XCTAssertEqual(
      sig["pan"],
      "fun(self, dx: number, dy: number, opts?: {steps?: integer, velocity?: {x: number, y: number}}): \"left\"|\"right\"|\"up\"|\"down\"|\"cancel\""
    )
    XCTAssertEqual(sig["undo"], "fun(self): integer?")
    XCTAssertEqual(sig["events"], "fun(self): string[]")
  }
}
