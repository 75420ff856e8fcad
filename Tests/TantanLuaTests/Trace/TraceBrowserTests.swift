import Foundation
import XCTest

/// A generated trace opened in headless Chromium (Debian's `chromium`, which `scripts/bootstrap`
/// installs): the page initialises without script errors, `#step=N` selects a step and the frame
/// changes with it, and a screenshot is not blank. Skipped only when no Chromium can be found.
/// Four browser starts in all (about 1-2 s each).
final class TraceBrowserTests: XCTestCase {
  static var chromium: String? {
    let env = ProcessInfo.processInfo.environment
    if let p = env["CHROMIUM"], !p.isEmpty { return p }
    for dir in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      for name in ["chromium", "chromium-browser"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)")
      {
        return "\(dir)/\(name)"
      }
    }
    return nil
  }

  /// Runs Chromium headless on `url` with a private profile; returns stdout.
  func chromium(_ exe: String, _ args: [String], profile: String, url: String) throws -> String {
    let p = try RunningProcess(
      exe,
      [
        "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(profile)",
        "--window-size=1280,900", "--virtual-time-budget=3000",
      ] + args + [url],
      env: ProcessInfo.processInfo.environment, cwd: nil)
    p.write(stdin: nil)
    let r = p.wait(timeout: 90)
    XCTAssertFalse(r.timedOut, "chromium hung: \(args)")
    XCTAssertEqual(r.status, 0, r.description)
    return r.stdout
  }

  /// Chromium, and a folder holding `trace.html`, the trace of `traceSwipeScript`.
  func swipeTrace() throws -> (chromium: String, dir: TraceScratch) {
    guard let exe = Self.chromium else {
      throw XCTSkip(
        "chromium not found: scripts/bootstrap installs Debian's chromium (or set CHROMIUM=/path/to/chromium)")
    }
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
      let dom = try chromium(exe, ["--dump-dom"], profile: profile, url: url + "#step=\(step)")
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
    _ = try chromium(exe, ["--screenshot=\(png)", "--hide-scrollbars"], profile: profile, url: url + "#step=3")
    let stats = try pixelStats(png)
    XCTAssertEqual(stats.width, 1280)
    XCTAssertGreaterThan(stats.colors, 20, "the screenshot looks blank: \(stats)")
    XCTAssertGreaterThan(stats.nonBackground, 0.05, "the screenshot looks blank: \(stats)")
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
    let dom = try chromium(exe, ["--dump-dom"], profile: dir.path("profile"), url: url)
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

  /// Size, distinct colours and the share of pixels unlike the most common one, decoded by a
  /// small PNG reader in Python's standard library (zlib; no extra packages).
  func pixelStats(_ path: String) throws -> (width: Int, colors: Int, nonBackground: Double) {
    let script = #"""
      import sys, zlib, struct, collections
      data = open(sys.argv[1], "rb").read()
      assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
      pos, idat, w, h, ctype = 8, b"", 0, 0, 0
      while pos < len(data):
          n, kind = struct.unpack(">I4s", data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
          if kind == b"IHDR":
              w, h, depth, ctype = struct.unpack(">IIBB", body[:10]); assert depth == 8 and ctype in (2, 6)
          elif kind == b"IDAT": idat += body
      bpp = 4 if ctype == 6 else 3; stride = w * bpp; raw = zlib.decompress(idat)
      prev, rows = bytearray(stride), []
      for y in range(h):
          f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
          for i in range(stride):
              a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
              if f == 1: line[i] = (line[i] + a) & 255
              elif f == 2: line[i] = (line[i] + b) & 255
              elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
              elif f == 4:
                  p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                  line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
          rows.append(bytes(line)); prev = line
      counts = collections.Counter(r[i:i + 3] for r in rows[::4] for i in range(0, stride, bpp * 4))
      total = sum(counts.values())
      print(w, len(counts), 1 - counts.most_common(1)[0][1] / total)
      """#
    let p = try RunningProcess(
      "/usr/bin/env", ["python3", "-c", script, path], env: ProcessInfo.processInfo.environment, cwd: nil)
    p.write(stdin: nil)
    let r = p.wait(timeout: 60)
    let parts = r.stdout.split(separator: " ").map { String($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    guard r.status == 0, parts.count == 3, let w = Int(parts[0]), let c = Int(parts[1]), let f = Double(parts[2]) else {
      throw XCTSkip("cannot decode the screenshot with python3: \(r.description)")
    }
    return (w, c, f)
  }
}
