import Foundation
import XCTest

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Each message a hostile probe found unhelpful names the caller's line and the real cause
/// (issue 25 point 6), through the real binary.
final class HostileMessageTests: CLITestCase {
  func testReplayOfAnUnknownActionNamesTheKnownOnes() throws {
    try write(
      "spec/replay_spec.lua",
      """
      local spec = { setup = function() return tantan.deck{source = {{}, {}}} end, actions = tantan.explore.deck_actions() }
      it("replays", function()
        tantan.explore.replay(spec, {{"like"}, {"nonexistent"}})
      end)

      """)
    let r = try runHost(["test", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(
      r.stdout.contains(
        "spec/replay_spec.lua:3: bad argument #2 to 'replay' (step 2: no action named 'nonexistent'; known actions: "),
      "\(r)")
    XCTAssertTrue(r.stdout.contains("like, "), "\(r)")
    XCTAssertFalse(r.stdout.contains("attempt to index"), "\(r)")
  }

  func testASetupReturningNilIsNamed() throws {
    try write(
      "spec/setup_spec.lua",
      """
      local spec = { setup = function() end, actions = tantan.explore.deck_actions() }
      it("replays", function()
        tantan.explore.replay(spec, {{"like"}})
      end)

      """)
    let r = try runHost(["test", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stdout.contains("spec/setup_spec.lua:3: error in action 'like' after step 1 (like): "), "\(r)")
    XCTAssertTrue(r.stdout.contains("spec.setup returned nil: the deck actions need a deck"), "\(r)")
    XCTAssertFalse(r.stdout.contains("table index is nil"), "\(r)")
  }

  func testASnapshotThatCannotBeWrittenSaysWhy() throws {
    try write(
      "spec/snap_spec.lua", "it('long', function()\n  assert.snapshot(string.rep('n', 5000), {1})\nend)\n")
    let r = try runHost(["test", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stdout.contains("spec/snap_spec.lua:2: snapshot 'nnnn"), "\(r)")
    XCTAssertTrue(r.stdout.contains(".snap: File name too long"), "\(r)")
  }

  func testAManifestApiThatIsNoIntegerIsNamed() throws {
    try write("plugins/huge/plugin.lua", "return { name = 'huge', api = math.huge }\n")
    try write("plugins/half/plugin.lua", "return { name = 'half', api = 1.5 }\n")
    let r = try runHost(["plugins"])
    assertSane(r)
    XCTAssertTrue(
      r.stdout.contains(
        "plugins/huge/plugin.lua:1: manifest 'api' must be a non-negative integer (the minimum tantan.api_level), got inf"
      ), "\(r)")
    XCTAssertTrue(
      r.stdout.contains("manifest 'api' must be a non-negative integer (the minimum tantan.api_level), got 1.5"), "\(r)"
    )
    XCTAssertFalse(r.stdout.contains("has no 'api'"), "\(r)")
  }

  /// After one plugin used up `--timeout`, the later ones are listed as not loaded because of
  /// that plugin, not as failing with its timeout.
  func testOnlyThePluginThatTimedOutIsListedWithTheTimeout() throws {
    try write(
      "plugins/a_slow/plugin.lua", "return { name = 'slow', api = 1, setup = function() while true do end end }\n")
    try write("plugins/b_ok/plugin.lua", "return { name = 'okb', api = 1 }\n")
    try write("plugins/c_ok/plugin.lua", "return { name = 'okc', api = 1 }\n")
    let r = try runHost(["--timeout", "0.5", "plugins"])
    assertSane(r)
    XCTAssertEqual(r.stdout.components(separatedBy: "timeout (0.5 s) exceeded").count - 1, 1, "\(r)")
    let lines = r.stdout.split(separator: "\n").map(String.init)
    let slow = lines.firstIndex { $0.hasPrefix("slow ") }
    XCTAssertNotNil(slow, "\(r)")
    XCTAssertTrue(lines[(slow ?? 0) + 1].contains("plugins/a_slow/plugin.lua:1: timeout (0.5 s) exceeded"), "\(r)")
    for name in ["b_ok", "c_ok"] {
      guard let i = lines.firstIndex(where: { $0.hasPrefix(name + " ") }) else {
        XCTFail("no row for \(name): \(r)")
        continue
      }
      XCTAssertTrue(lines[i].contains(" skipped "), lines[i])
      XCTAssertEqual(lines[i + 1], "    not loaded: plugin 'slow' used up the run's --timeout", "\(r)")
    }
  }

  func testAnEventHookErrorObjectShowsItsToString() throws {
    try write(
      "plugins/ev/plugin.lua",
      """
      return { name = "ev", api = 1, setup = function(host)
        host:on("event", function(e) error(setmetatable({}, {__tostring = function() return "custom failure" end})) end)
      end }

      """)
    let r = try runHost([
      "-e", "local d = tantan.deck{source = {{}, {}}} d:swipe('left') tantan.clock:settle() print('ok')",
    ])
    assertSane(r)
    XCTAssertEqual(r.stdout, "ok\n", "\(r)")
    XCTAssertTrue(
      r.stderr.contains("plugin 'ev' failed in its 'event' hook (plugins/ev/plugin.lua:2): custom failure"), "\(r)")
  }

  func testDiscoveryRefusesAFifoByName() throws {
    try write("spec/ok_spec.lua", "it('ok', function() end)\n")
    XCTAssertEqual(mkfifo("\(tmp)/spec/fifo_spec.lua", 0o600), 0)
    for args in [["test", "--list", "spec"], ["test", "--list", "spec/fifo_spec.lua"], ["test", "spec"]] {
      let started = Date()
      let r = try runHost(args, timeout: 20)
      assertSane(r)
      XCTAssertNotEqual(r.status, 0, "\(args): \(r)")
      XCTAssertTrue(
        r.stderr.contains(
          "spec/fifo_spec.lua: not a regular file (a FIFO, device or socket cannot be a scenario file)"),
        "\(args): \(r)")
      XCTAssertLessThan(Date().timeIntervalSince(started), 10)
    }
  }

  func testReadingAFieldOfAClosedClockSaysClosed() throws {
    try write(
      "closed.lua",
      """
      local c = tantan.clock
      getmetatable(c).__close(c)
      print(pcall(function() return c.now end))
      local d = tantan.deck{source = {{}, {}}}
      getmetatable(d).__close(d)
      print(pcall(function() return d.index end))

      """)
    let r = try runHost(["closed.lua"])
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(
      r.stdout,
      "false\tclosed.lua:3: attempt to read field 'now' of a closed tantan.Clock\n"
        + "false\tclosed.lua:6: attempt to read field 'index' of a closed tantan.SwipeDeck\n")
  }
}
