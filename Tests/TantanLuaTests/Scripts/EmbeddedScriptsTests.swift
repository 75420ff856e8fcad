import Foundation
import XCTest

/// The host's own Lua, JavaScript, HTML and CSS live in files under Sources/TantanScripts
/// (embedded by `#embed` in scripts.c): each `.lua` file loads in the real `lua5.4` (Debian's,
/// which `scripts/bootstrap` installs), each file is embedded, and an error raised in one names
/// that file and a line of it (chunk `=[tantan]/NAME.lua`). The pages run in the browser tests
/// (TraceBrowserTests, RunnerSnapshotPictureTests).
final class EmbeddedScriptsTests: XCTestCase {
  static var scriptsDir: URL { HostBinary.packageRoot.appendingPathComponent("Sources/TantanScripts") }

  /// The files of `folder` under Sources/TantanScripts ending in `.ext`, sorted.
  func files(_ folder: String, _ ext: String) throws -> [URL] {
    let dir = Self.scriptsDir.appendingPathComponent(folder)
    return try FileManager.default.contentsOfDirectory(at: dir, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == ext }.sorted { $0.lastPathComponent < $1.lastPathComponent }
  }

  /// Runs `lua5.4`, which compiles each file with `loadfile(path, "t")`; nil when all load,
  /// else lua5.4's message (`path:line: ...`).
  func loadInLua54(_ paths: [String]) throws -> String? {
    let check = """
      for i = 1, #arg do
        local ok, err = loadfile(arg[i], "t")
        if not ok then io.stderr:write(err, "\\n") os.exit(1) end
      end
      """
    let p = try RunningProcess(
      "/usr/bin/env", ["lua5.4", "-"] + paths, env: ProcessInfo.processInfo.environment, cwd: nil)
    p.write(stdin: check)
    let r = p.wait(timeout: 60)
    XCTAssertFalse(r.timedOut)
    if r.status == 127 { XCTFail("lua5.4 not found: scripts/bootstrap installs it (apt lua5.4)") }
    return r.status == 0 ? nil : r.stderr + r.stdout
  }

  func testEveryLuaFileLoadsInLua54AndIsEmbedded() throws {
    let lua = try files("lua", "lua")
    let names = Set(lua.map(\.lastPathComponent))
    for expected in [
      "explore.lua", "explore_actions.lua", "explore_deck.lua", "explore_grid.lua", "explore_list.lua",
      "explore_shrink.lua", "prelude.lua", "prelude_format.lua",
      "prelude_assert.lua",
      "prelude_core.lua", "sandbox.lua", "play_scenario.lua",
    ] {
      XCTAssertTrue(names.contains(expected), "\(expected) missing from \(names.sorted())")
    }
    XCTAssertNil(try loadInLua54(lua.map(\.path)))
    // scripts.c, and a file of its own per component (explore_deck.c: a new component edits none).
    let c = try files(".", "c").map { try String(contentsOf: $0, encoding: .utf8) }.joined()
    let pages = try files("js", "js") + files("web", "html") + files("web", "css")
    for name in ["snapshot_diff.css", "snapshot_diff.html", "trace_viewer.css", "trace_viewer.html", "trace_viewer.js"]
    {
      XCTAssertTrue(pages.contains { $0.lastPathComponent == name }, "\(name) missing")
    }
    for file in lua + pages {
      let folder = file.deletingLastPathComponent().lastPathComponent
      XCTAssertTrue(
        c.contains("#embed \"\(folder)/\(file.lastPathComponent)\""),
        "no C file of TantanScripts embeds \(folder)/\(file.lastPathComponent)")
    }
  }

  /// The check above can fail: a syntax error is reported with its file and line.
  func testLua54ReportsABrokenFileWithItsLine() throws {
    let dir = try SuiteDir(["broken.lua": "local x = 1\nlocal y = = 2\n"])
    let message = try XCTUnwrap(try loadInLua54([dir.url.appendingPathComponent("broken.lua").path]))
    XCTAssertTrue(message.contains("broken.lua:2:"), message)
  }

  /// Checks that `output` holds `[tantan]/FILE:N: message` and that line N of
  /// Sources/TantanScripts/lua/FILE contains `code`: the position is the file's own.
  func assertRaised(
    in file: String, _ output: String, _ message: String, atLineWith code: String,
    line: UInt = #line
  ) throws {
    let prefix = "[tantan]/\(file):"
    let found = try XCTUnwrap(output.range(of: prefix), output, line: line)
    let n = try XCTUnwrap(Int(output[found.upperBound...].prefix { $0.isNumber }), output, line: line)
    XCTAssertTrue(output.contains("\(prefix)\(n): \(message)"), output, line: line)
    let text = try String(contentsOf: Self.scriptsDir.appendingPathComponent("lua/" + file), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    XCTAssertTrue(n <= lines.count && lines[n - 1].contains(code), "\(file):\(n) is not the raising line", line: line)
  }

  /// A runtime error inside the runner prelude names the prelude's file and the line that raised it:
  /// busted's mediator calls a subscriber's predicate as it is given (so does the prelude's).
  func testAnErrorInThePreludeNamesItsFileAndLine() throws {
    let dir = try SuiteDir([
      "publish_spec.lua": """
      local busted = require("busted")
      it("publishes to a subscriber whose predicate is not a function", function()
        busted.subscribe({ "news" }, function() end, { predicate = 5 })
        busted.publish({ "news" })
      end)

      """
    ])
    let r = try dir.test(["publish_spec.lua"])
    XCTAssertEqual(r.status, 1, r.stdout)
    try assertRaised(
      in: "prelude_core.lua", r.stdout, "attempt to call a number value (field 'predicate')",
      atLineWith: "s.options.predicate(...)")
    // The prelude's own frames stay out of the traceback; the scenario's line is in it.
    XCTAssertTrue(r.stdout.contains("publish_spec.lua:4: in function <publish_spec.lua:2>"), r.stdout)
    XCTAssertFalse(r.stdout.contains("\t[tantan]/prelude"), r.stdout)
  }

  /// The same for the sandbox's Lua: its module searcher, called with a wrong argument.
  func testAnErrorInTheSandboxNamesItsFileAndLine() throws {
    let r = try HostBinary.run(["--sandbox", "-e", "package.searchers[2](nil)"])
    XCTAssertEqual(r.status, 1, r.stderr)
    try assertRaised(
      in: "sandbox.lua", r.stderr, "attempt to index a nil value (local 'name')", atLineWith: "name:find")
  }

  /// A trace page inlines trace_viewer.js as the file is, which can sit in a `<script>` element.
  func testATracePageInlinesTheViewerFile() throws {
    let js = try String(contentsOf: Self.scriptsDir.appendingPathComponent("js/trace_viewer.js"), encoding: .utf8)
    XCTAssertNil(js.range(of: "</script", options: .caseInsensitive), "trace_viewer.js would end its <script> element")
    XCTAssertTrue(js.hasSuffix("//# sourceURL=[tantan]/trace_viewer.js\n"), "the sourceURL names the file")
    let dir = try SuiteDir(["t.lua": traceSwipeScript])
    XCTAssertEqual(try dir.run(["--seed", "1", "--trace", "t.html", "t.lua"]).status, 0)
    let page = try XCTUnwrap(dir.read("t.html"))
    XCTAssertTrue(page.contains("<script>" + js + "</script>"), "the page does not inline trace_viewer.js as it is")
  }
}
