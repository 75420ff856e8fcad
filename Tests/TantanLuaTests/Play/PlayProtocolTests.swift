import XCTest

@testable import TantanTools

/// The playground's gate and message validation, without a server: what is admitted, what is
/// refused and why; and the pieces the recording is made of.
final class PlayProtocolTests: XCTestCase {
  let gate = PlayGate(token: "0123456789abcdef0123456789abcdef", address: "127.0.0.1", port: 8123)

  func admit(
    _ query: String?, host: String? = "127.0.0.1:8123", origin: String? = nil, path: String = "/", ws: Bool = false
  )
    -> PlayGate.Verdict
  {
    gate.admit(method: "GET", path: path, query: query, host: host, origin: origin, websocket: ws)
  }

  func testTheGateWantsTheTokenAndThisServersHost() {
    XCTAssertEqual(admit("token=0123456789abcdef0123456789abcdef"), .page)
    XCTAssertEqual(admit("a=1&token=0123456789abcdef0123456789abcdef", host: "localhost:8123"), .page)
    XCTAssertEqual(
      admit("token=0123456789abcdef0123456789abcdef", path: "/ws", ws: true), .socket)
    for (query, host, origin) in [
      (nil, "127.0.0.1:8123", nil), ("token=0123456789abcdef0123456789abcdee", "127.0.0.1:8123", nil),
      ("token=0123456789abcdef0123456789abcdef", "evil.example:8123", nil),
      ("token=0123456789abcdef0123456789abcdef", nil, nil),
      ("token=0123456789abcdef0123456789abcdef", "127.0.0.1:8124", nil),
      ("token=0123456789abcdef0123456789abcdef", "127.0.0.1:8123", "http://evil.example"),
    ] as [(String?, String?, String?)] {
      guard case .refused(403, _) = admit(query, host: host, origin: origin) else {
        return XCTFail("admitted \(query ?? "-") \(host ?? "-") \(origin ?? "-")")
      }
    }
    guard case .refused(404, _) = admit("token=0123456789abcdef0123456789abcdef", path: "/etc/passwd") else {
      return XCTFail("a path other than / and /ws")
    }
    XCTAssertNotEqual(PlayGate.newToken(), PlayGate.newToken())
    XCTAssertEqual(PlayGate.newToken().count, 32)
  }

  func testMessagesAreValidatedBeforeUse() throws {
    XCTAssertEqual(
      try PlayRequest.decode(Array(#"{"type":"wheel","component":"grid","dy":12.5}"#.utf8)),
      .wheel(component: "grid", dy: 12.5))
    XCTAssertEqual(
      try PlayRequest.decode(Array(#"{"type":"config","component":"deck","key":"threshold","value":80}"#.utf8)),
      .config(component: "deck", key: "threshold", value: .integer(80)))
    XCTAssertEqual(
      try PlayRequest.decode(Array(#"{"type":"config","component":"deck","key":"threshold","value":null}"#.utf8)),
      .config(component: "deck", key: "threshold", value: nil))
    let refused: [String] = [
      "", "null", "[1]", #"{"type":"pointer"}"#, #"{"type":"pointer","component":"deck","phase":"down","x":"1","y":2}"#,
      #"{"type":"speed","speed":0}"#, #"{"type":"pause","paused":1}"#, #"{"type":"nope"}"#,
      #"{"type":"button","component":"\u0001","name":"like"}"#,
      #"{"type":"config","component":"deck","key":"k","value":{"a":1}}"#,
    ]
    for text in refused {
      XCTAssertThrowsError(try PlayRequest.decode(Array(text.utf8)), text)
    }
    XCTAssertThrowsError(try PlayRequest.decode([0xFF, 0xFE]), "not UTF-8")
  }

  func testOverridesAndTheScenarioText() {
    var o = PlayOverrides()
    o.set("deck", "threshold", .integer(80))
    o.set("deck", "durations.swipe", .number(0.5))
    o.set("deck", "threshold", .integer(90))
    XCTAssertEqual(o.value("deck", "threshold"), .integer(90))
    o.keep { _ in ["threshold"] }
    XCTAssertNil(o.value("deck", "durations.swipe"))
    let r = PlayRecorder(labels: ["deck"])
    for _ in 0..<3 { r.record(.advance(1.0 / 60)) }
    r.record(.call(label: "deck", method: "drag_move", args: [.number(12.5), .integer(3)], failed: false))
    r.record(.call(label: "deck", method: "swipe", args: [.string("up")], failed: true))
    r.event("deck", #"will_swipe(1)"#)
    let text = PlayScenario.text(
      .init(
        script: "examples/x.lua", args: [], seed: 4, overrides: o, command: "tantan-host play --seed 4 examples/x.lua",
        time: 0.05),
      r)
    XCTAssertTrue(text.contains("frames(3, 0.016666666666666666)\n    deck:drag_move(12.5, 3)\n"), text)
    XCTAssertTrue(text.contains(#"assert.has_error(function() deck:swipe("up") end)"#), text)
    XCTAssertTrue(text.contains("    assert.are.equal(0.05, tantan.clock.now)\n"), text)
    XCTAssertTrue(
      text.contains(#"run_script("examples/x.lua", 4, {"# + "\n" + #"      ["deck"] = { { "threshold", 90 } },"#), text)
    XCTAssertTrue(text.contains("assert.are.same({\n      \"will_swipe(1)\",\n    }, deck:events())"), text)
    XCTAssertEqual(PlayScenario.fileName("examples/tantan-classic.lua"), "tantan-classic_play_spec.lua")
  }

  /// A picture is sent whole once, then as the lines that changed, and not at all when unchanged.
  func testFramesSendWhatChanged() {
    var f = PlayFrames()
    let a = (1...40).map { "<rect y=\"\($0)\"/>" }.joined(separator: "\n")
    XCTAssertEqual(f.changes([("deck", a)]).count, 1)
    XCTAssertTrue(f.changes([("deck", a)]).isEmpty)
    let b = a.replacingOccurrences(of: "<rect y=\"20\"/>", with: "<rect y=\"20.5\"/>")
    let change = f.changes([("deck", b)])
    XCTAssertEqual(change.first?.1.compact(), #"{"at":19,"remove":1,"insert":"<rect y=\"20.5\"/>","lines":1}"#)
    XCTAssertEqual(f.changes([]).first?.1, .null)
  }
}
