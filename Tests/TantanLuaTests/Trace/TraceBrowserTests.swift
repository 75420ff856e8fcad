import Foundation
import XCTest

/// A generated trace opened in headless Chromium (Debian's `chromium`, which `scripts/bootstrap`
/// installs): the page initialises without script errors, `#step=N` selects a step and the frame
/// changes with it, and a screenshot is not blank and styled by web/trace_viewer.css. Skipped only
/// when no Chromium can be found. Four browser starts in all (about 1-2 s each).
final class TraceBrowserTests: XCTestCase {
  /// Chromium, and a folder holding `trace.html`, the trace of `traceSwipeScript`.
  func swipeTrace() throws -> (chromium: String, dir: TraceScratch) {
    let exe = try HeadlessChromium.find()
    let dir = try TraceScratch()
    try dir.write("swipe.lua", traceSwipeScript)
    XCTAssertEqual(try dir.run(["--seed", "1", "--trace", "trace.html", "swipe.lua"]).status, 0)
    return (exe, dir)
  }

  func testTraceViewerRendersStepsAndFramesInHeadlessChromium() throws {
    let (exe, dir) = try swipeTrace()
    let trace = try TraceFile(path: dir.path("trace.html"))
    let url = URL(fileURLWithPath: dir.path("trace.html")).absoluteString
    let profile = dir.path("profile")

    var framesAt: [Int: String] = [:]
    for step in [2, 5] {
      let dom = try HeadlessChromium.run(exe, ["--dump-dom"], profile: profile, url: url + "#step=\(step)")
      let body = try XCTUnwrap(dom.range(of: "<body[^>]*>", options: .regularExpression).map { String(dom[$0]) })
      XCTAssertEqual(body, "<body data-ready=\"1\">", "the viewer failed or did not finish its set-up")
      XCTAssertTrue(
        dom.contains("<title>tantan trace: swipe.lua (\(trace.steps.count) steps)</title>"), "\(dom.prefix(600))")
      XCTAssertTrue(dom.contains("data-step=\"\(step)\""))
      XCTAssertFalse(dom.contains("alert(1)</script><script>"), "a view-model title broke out of its element")
      let frames = try XCTUnwrap(dom.range(of: "id=\"frames\""))
      let details = try XCTUnwrap(dom.range(of: "class=\"details\"", range: frames.upperBound..<dom.endIndex))
      let section = String(dom[frames.upperBound..<details.lowerBound])
      XCTAssertTrue(section.contains("<svg"), "no frame drawn at step \(step)")
      framesAt[step] = section
    }
    XCTAssertNotEqual(framesAt[2], framesAt[5], "stepping did not change the frame")

    let png = dir.path("shot.png")
    _ = try HeadlessChromium.run(
      exe, ["--screenshot=\(png)", "--hide-scrollbars"], profile: profile, url: url + "#step=3")
    let stats = try HeadlessChromium.pixelStats(png)
    XCTAssertEqual(stats.width, 1280)
    XCTAssertGreaterThan(stats.colors, 20, "the screenshot looks blank: \(stats)")
    XCTAssertGreaterThan(stats.nonBackground, 0.05, "the screenshot looks blank: \(stats)")
    // web/trace_viewer.css took effect: its header bar (#1d2330) and page background (#f4f5f8).
    XCTAssertGreaterThan(stats.share["1d2330"] ?? 0, 0.02, "no header bar in the screenshot: \(stats)")
    XCTAssertGreaterThan(stats.share["f4f5f8"] ?? 0, 0.02, "no page background in the screenshot: \(stats)")
  }

  /// A script error in the viewer names its file and the line that raised it (the page inlines
  /// Sources/TantanScripts/js/trace_viewer.js; its sourceURL names it): here a trace whose first
  /// step is null.
  func testAViewerErrorNamesTheScriptFileAndLine() throws {
    let (exe, dir) = try swipeTrace()
    let page = try String(contentsOfFile: dir.path("trace.html"), encoding: .utf8)
    XCTAssertEqual(page.components(separatedBy: #""steps":["#).count, 2, "the trace data has changed shape")
    try dir.write("broken.html", page.replacingOccurrences(of: #""steps":["#, with: #""steps":[null,"#))
    let url = URL(fileURLWithPath: dir.path("broken.html")).absoluteString
    let dom = try HeadlessChromium.run(exe, ["--dump-dom"], profile: dir.path("profile"), url: url)
    let body = try XCTUnwrap(dom.range(of: "<body[^>]*>", options: .regularExpression).map { String(dom[$0]) }, dom)
    let at = try XCTUnwrap(
      body.range(of: #"\(at \[tantan\]/trace_viewer\.js:[0-9]+:[0-9]+\)"#, options: .regularExpression), body)
    XCTAssertTrue(body.contains("data-error=\"Uncaught TypeError: "), body)
    let line = try XCTUnwrap(Int(body[at].dropFirst("(at [tantan]/trace_viewer.js:".count).prefix { $0.isNumber }))
    let js = try String(
      contentsOf: HostBinary.packageRoot.appendingPathComponent("Sources/TantanScripts/js/trace_viewer.js"),
      encoding: .utf8)
    let lines = js.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertTrue(
      line <= lines.count && lines[line - 1].contains("s.kind"),
      "line \(line) of trace_viewer.js: \(line <= lines.count ? lines[line - 1] : "none")")
  }

}
