import Foundation
import LuaRuntime
import XCTest

@testable import TantanLua
@testable import TantanTools

/// The playground's session without a server or a browser: the page's requests performed as the
/// loop performs them, on a real script in a real Lua state. Pause, step and slow motion; a
/// control that reconfigures the model; the limits renewed for each call; the sandbox; a module
/// changed on disk.
final class PlaySessionTests: XCTestCase {
  var dir = ""

  override func setUpWithError() throws {
    dir = "/tmp/tps-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  /// A session on `code` (written to `script.lua` in a fresh folder) after its first run.
  func session(_ code: String, flags: [String] = [], file: StaticString = #filePath, line: UInt = #line) throws
    -> PlaySession
  {
    let path = dir + "/script.lua"
    try code.write(toFile: path, atomically: true, encoding: .utf8)
    let options = try InterpreterOptions.parse(
      ["tantan-host"] + flags + [path], valued: HostInterpreter.valuedOptions, flags: HostInterpreter.flagOptions)
    let settings = try HostInterpreter.settings(options)
    let script = PlaySession.Script(options: options, settings: settings, path: path, args: [], seed: 1, command: "")
    let s = PlaySession(server: nil, script: script)
    let failure = s.rebuild(with: s.overrides)
    XCTAssertNil(failure, failure?.message ?? "", file: file, line: line)
    return s
  }

  func read(_ s: PlaySession, _ field: String, of label: String = "deck") throws -> LuaValue {
    let build = try XCTUnwrap(s.build)
    let c = try XCTUnwrap(build.components.first { $0.label == label })
    return try build.invoke(c.ref, field, [], call: false)
  }

  func now(_ s: PlaySession) -> Double { s.build?.host?.clock.now ?? -1 }

  /// The events the pages would be sent, as `obj:events()` names them.
  func events(_ s: PlaySession) -> [String] { s.pendingEvents.compactMap { $0["text"].string } }

  let deck = """
    deck = tantan.deck{source = {{title = "A"}, {title = "B"}, {title = "C"}, {title = "D"}}}
    """

  func testPauseStepAndSlowMotion() throws {
    let s = try session(deck)
    var pacing = s.pacing
    XCTAssertEqual(pacing.due(now: 10, running: true), 0)  // the first look sets the beat
    XCTAssertEqual(pacing.due(now: 10.04, running: true), 2)  // 1/60 s per frame
    try s.perform(.pause(true))
    XCTAssertEqual(s.pacing.due(now: 10, running: true), 0)
    XCTAssertEqual(s.pacing.due(now: 20, running: true), 0, "frames ran while paused")
    let t0 = now(s)
    try s.perform(.step)
    XCTAssertEqual(now(s) - t0, 1.0 / 60, accuracy: 1e-12)
    try s.perform(.speed(0.25))
    try s.perform(.step)
    XCTAssertEqual(now(s) - t0, 1.25 / 60, accuracy: 1e-12, "a step in slow motion is speed / 60")
    try s.perform(.pause(false))
    XCTAssertEqual(s.pacing.due(now: 30, running: true), 0)
    XCTAssertEqual(s.pacing.due(now: 30.1, running: true), PlayPacing.maxCatchUp)
  }

  /// Down on the top card, `dx` to the right in `steps` moves, up: the deck's own drag.
  func drag(_ s: PlaySession, dx: Double) throws {
    let f = try read(s, "top").member("frame")
    let x = (f.member("x").asDouble ?? 0) + 50
    let y = (f.member("y").asDouble ?? 0) + 50
    try s.perform(.pointer(component: "deck", PlayPointer(phase: .down, x: x, y: y)))
    for i in 1...5 {
      try s.perform(.pointer(component: "deck", PlayPointer(phase: .move, x: x + dx * Double(i) / 5, y: y)))
    }
    try s.perform(.pointer(component: "deck", PlayPointer(phase: .up, x: x + dx, y: y)))
    for _ in 0..<90 { s.frame() }
  }

  func testAControlReconfiguresTheModelAndARefusedValueKeepsTheLastGoodOne() throws {
    let s = try session(deck)
    XCTAssertEqual(try read(s, "threshold").asDouble, 120)
    try s.perform(.config(component: "deck", key: "threshold", value: .integer(300)))
    XCTAssertEqual(try read(s, "threshold").asDouble, 300, "the model did not get the control's value")
    s.pendingEvents = []
    try drag(s, dx: 200)  // past 120, short of 300
    XCTAssertTrue(events(s).contains { $0.hasPrefix("did_cancel(") }, "\(events(s))")
    XCTAssertFalse(events(s).contains { $0.hasPrefix("did_swipe") }, "\(events(s))")
    try s.perform(.config(component: "deck", key: "threshold", value: .integer(150)))
    s.pendingEvents = []
    try drag(s, dx: 200)
    XCTAssertTrue(events(s).contains { $0.hasPrefix("did_swipe_right(") }, "\(events(s))")
    s.outbox = []
    try s.perform(.config(component: "deck", key: "visible", value: .integer(0)))
    let reply = try XCTUnwrap(s.outbox.first { $0["type"].string == "config" })
    XCTAssertTrue(reply["error"].string?.contains("bad argument #1 to 'deck'") ?? false, reply.compact())
    XCTAssertEqual(try read(s, "threshold").asDouble, 150, "the last good values were lost")
    XCTAssertEqual(s.overrides.value("deck", "visible"), nil)
  }

  /// `--max-instructions` holds for each call into the script, not for the session: ten calls of
  /// a million instructions each pass a limit of five million; a runaway one is stopped, its error
  /// shown, the script runs again and the next call works.
  func testTheInstructionLimitHoldsForEachCall() throws {
    let s = try session(
      """
      deck = tantan.deck{source = {count = function() return 100 end, card = function(_, i) return {title = i} end},
        delegate = {
          did_swipe_right = function() local x = 0 for i = 1, 400000 do x = x + i end end,
          did_swipe_left = function() while true do end end}}
      """, flags: ["--max-instructions", "5000000"])
    for _ in 0..<10 {
      try s.perform(.button(component: "deck", name: "like"))
      for _ in 0..<30 { s.frame() }
    }
    XCTAssertNil(s.failure, s.failure?.message ?? "")
    XCTAssertEqual(events(s).filter { $0.hasPrefix("did_swipe_right(") }.count, 10)
    try s.perform(.button(component: "deck", name: "nope"))
    for _ in 0..<30 where s.failure == nil { s.frame() }  // the callback runs when the fly-off ends
    let stopped = try XCTUnwrap(s.failure, "the runaway callback was not stopped")
    XCTAssertTrue(stopped.message.contains("instruction"), stopped.message)
    XCTAssertNotNil(s.build)
    s.pendingEvents = []
    try s.perform(.button(component: "deck", name: "like"))
    for _ in 0..<30 { s.frame() }
    XCTAssertTrue(events(s).contains { $0.hasPrefix("did_swipe_right(") }, "\(events(s))")
  }

  func testTheMemoryLimitStopsACallAndTheSessionGoesOn() throws {
    let s = try session(
      """
      deck = tantan.deck{source = {{title = "A"}, {title = "B"}, {title = "C"}},
        delegate = {did_swipe_left = function() local t = {} for i = 1, 1e8 do t[i] = {} end end}}
      """, flags: ["--max-memory", "33554432"])
    try s.perform(.button(component: "deck", name: "nope"))
    for _ in 0..<30 where s.failure == nil { s.frame() }
    let stopped = try XCTUnwrap(s.failure, "the allocation was not stopped")
    XCTAssertTrue(stopped.message.contains("memory"), stopped.message)
    s.pendingEvents = []
    try s.perform(.button(component: "deck", name: "like"))
    for _ in 0..<30 { s.frame() }
    XCTAssertTrue(events(s).contains { $0.hasPrefix("did_swipe_right(") }, "\(events(s))")
  }

  func testTheSandboxApplies() throws {
    let check =
      "\nassert((io == nil and os.execute == nil and debug == nil) == ..., 'sandboxed: ' .. tostring(io == nil))\n"
    XCTAssertNotNil(try session(deck + check.replacingOccurrences(of: "...", with: "true"), flags: ["--sandbox"]).build)
    XCTAssertNotNil(try session(deck + check.replacingOccurrences(of: "...", with: "false")).build)
  }

  /// A module the script required from its folder changes on disk: the script runs again and the
  /// panel's values stay.
  func testAChangedModuleReloadsTheScriptAndKeepsThePanelsValues() throws {
    try "return {visible = 3}\n".write(toFile: dir + "/settings.lua", atomically: true, encoding: .utf8)
    let s = try session(
      """
      package.path = "\(dir)/?.lua;" .. package.path
      local settings = require("settings")
      deck = tantan.deck{visible = settings.visible, source = {count = function() return 9 end,
        card = function(_, i) return {title = i} end}}
      """, flags: [])
    try s.perform(.config(component: "deck", key: "threshold", value: .integer(77)))
    XCTAssertEqual(try read(s, "visible").asDouble, 3)
    XCTAssertFalse(s.watch.changed(now: 1000))
    try "return {visible = 4} -- changed\n".write(toFile: dir + "/settings.lua", atomically: true, encoding: .utf8)
    XCTAssertTrue(s.watch.changed(now: 2000), "the module's change was not seen")
    s.reload()
    XCTAssertEqual(try read(s, "visible").asDouble, 4)
    XCTAssertEqual(try read(s, "threshold").asDouble, 77, "the panel's value was lost")
  }
}
