import Foundation
import XCTest

/// `tantan-host play` in a real browser: Playwright for Python (from PyPI, in the
/// .build/report-consumers environment `scripts/bootstrap --test` makes) driving Debian's
/// `chromium` headless. Each test is one case of play_browser.py, which starts the playground,
/// drags, clicks and types like a person, checks the page and stops the server with SIGINT.
/// Skipped only when no Chromium can be found; with Chromium there, a missing Playwright fails.
final class PlayBrowserTests: XCTestCase {
  func run(_ name: String, line: UInt = #line) throws {
    let chromium = try HeadlessChromium.find()
    let python = Consumers.python
    guard FileManager.default.isExecutableFile(atPath: python) else {
      return XCTFail("\(python) is missing: run scripts/bootstrap --test (scripts/test does)", line: line)
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("tantan-play-\(name)-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: work) }
    let script = HostBinary.packageRoot.appendingPathComponent("Tests/TantanLuaTests/Play/play_browser.py").path
    let p = try RunningProcess(
      python, [script, name, HostBinary.path, chromium, work.path], env: ProcessInfo.processInfo.environment,
      cwd: HostBinary.packageRoot.path)
    p.write(stdin: nil)
    let r = p.wait(timeout: 240)
    XCTAssertFalse(r.timedOut, "play_browser.py \(name) hung", line: line)
    XCTAssertEqual(r.status, 0, "play_browser.py \(name):\n\(r.stderr.suffix(6000))", line: line)
    XCTAssertTrue(r.stdout.hasSuffix("passed\n"), r.stdout.suffix(2000).description, line: line)
  }

  /// A card dragged past the threshold: did_swipe in the event panel; an event shows its picture.
  func testDraggingACardPastTheThresholdShowsDidSwipe() throws { try run("swipe") }
  /// A control moved: the model uses it; a value the model refuses shows its error, keeps the last good one.
  func testAControlChangesTheModelAndARefusedValueKeepsTheLastGoodOne() throws { try run("control") }
  /// A recorded swipe and undo, downloaded, passes under tantan-host test (and fails when changed).
  func testARecordingIsAScenarioThatPasses() throws { try run("record") }
  /// The script changes on disk: the page follows, shows a Lua error with its line, keeps the panel.
  func testThePageFollowsTheScriptOnDisk() throws { try run("reload") }
  /// A long press and a drag reorder the grid; the Edit button toggles editing.
  func testTheGridReordersByLongPressAndDrag() throws { try run("grid") }
  /// Dragging scrolls a list and pulling at the top refreshes it.
  func testTheListScrollsAndRefreshes() throws { try run("list") }
  /// A runaway callback stopped by --timeout: its error shown, the server goes on.
  func testARunawayCallbackIsStoppedAndTheServerGoesOn() throws { try run("limits") }
  /// Ctrl-C while a callback spins with no limit set: the server stops cleanly.
  func testCtrlCDuringARunawayCallbackStopsCleanly() throws { try run("interrupt") }
  /// No token, another Host, malformed and oversized messages: refused, never fatal.
  func testHostileRequestsAndMessagesAreRefused() throws { try run("hostile") }
}
