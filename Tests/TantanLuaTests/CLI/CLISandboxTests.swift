import Foundation
import XCTest

/// `--sandbox` removes what an untrusted script must not reach and keeps what it may use.
final class CLISandboxTests: CLITestCase {
  func testDangerousGlobalsAreGone() throws {
    let names = [
      "io", "os.execute", "os.remove", "os.rename", "os.exit", "os.getenv", "os.tmpname",
      "package.loadlib", "dofile", "loadfile", "debug",
    ]
    let script =
      "local t = {} for _, n in ipairs { \(names.map { "'\($0)'" }.joined(separator: ", ")) } do\n"
      + "  local v = _G for part in n:gmatch('[^.]+') do v = v and v[part] end\n"
      + "  t[#t + 1] = n .. '=' .. type(v)\nend\nprint(table.concat(t, ' '))\n"
      + "print(os.time() ~= nil, os.clock() ~= nil, type(string.format), type(math.floor), type(load), type(require), type(pcall))\n"
    try write("probe.lua", script)
    let r = try runHost(["--sandbox", "probe.lua"])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(
      r.stdout,
      names.map { "\($0)=nil" }.joined(separator: " ")
        + "\ntrue\ttrue\tfunction\tfunction\tfunction\tfunction\tfunction\n")
    // Without --sandbox all of them exist.
    let open = try runHost(["probe.lua"])
    XCTAssertFalse(open.stdout.contains("=nil"), open.stdout)
  }

  /// The libraries stay in package.loaded after their globals are gone: require('io') must not
  /// give them back.
  func testRemovedLibrariesCannotBeRequiredBack() throws {
    let r = try runHost([
      "--sandbox", "-e",
      """
      for _, name in ipairs { 'io', 'debug' } do
        print(name, package.loaded[name], (pcall(require, name)))
      end
      print(require('os').execute, require('os').getenv, require('string') == string)
      """,
    ])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(r.stdout, "io\tnil\tfalse\ndebug\tnil\tfalse\nnil\tnil\ttrue\n")
  }

  func testLoadAcceptsTextOnly() throws {
    let r = try runHost([
      "--sandbox", "-e",
      """
      print(load('return 1 + 1')())
      print(load('return print')() == print)
      print(load('return x', 'chunk', 't', { x = 'env' })())
      print(load(function() return nil end))
      print(load(string.dump(function() end)))
      print(pcall(function() local f = load(string.dump(function() end), 'bin', 'b') return f end))
      print(pcall(load, string.dump(function() end), 'bin', 'bt'))
      local ok, f = pcall(load, 'return _ENV')
      print(f() == _G)
      """,
    ])
    XCTAssertEqual(r.status, 0, "\(r)")
    let lines =
      r.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
      + Array(repeating: "", count: 8)
    XCTAssertEqual(lines[0], "2")
    XCTAssertEqual(lines[1], "true", "load without env must see the globals")
    XCTAssertEqual(lines[2], "env")
    XCTAssertTrue(lines[3].hasPrefix("function: "), lines[3])
    XCTAssertEqual(lines[4], "nil\tattempt to load a binary chunk (mode is 't')")
    // Asking for bytecode is answered as lua answers a mode it cannot load: nil and its message.
    XCTAssertEqual(lines[5], "true\tnil", "mode 'b' gives no chunk")
    XCTAssertEqual(lines[6], "true\tnil\tattempt to load a binary chunk (mode is 't')")
    XCTAssertEqual(lines[7], "true")
  }

  func testRequireOfCModulesFails() throws {
    try compileTinyModule()
    let r = try runHost(
      ["--sandbox", "-e", "print(pcall(require, 'tiny'))", "-e", "require('tiny')"],
      env: ["LUA_CPATH": "\(tmp)/?.so", "LUA_PATH": "\(tmp)/lua/?.lua"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stdout.hasPrefix("false\tmodule 'tiny' not found:"), r.stdout)
    XCTAssertFalse(r.stdout.contains("tiny.so"), "no C searcher runs: \(r.stdout)")
    XCTAssertTrue(
      r.stderr.contains(": (command line):1: module 'tiny' not found:"), "the error points at the script: \(r.stderr)")
    let open = try runHost(["-e", "print(require('tiny').add(1, 2))"], env: ["LUA_CPATH": "\(tmp)/?.so"])
    XCTAssertEqual(open.stdout, "3\n", "\(open)")
  }

  func testRequireFromTheScriptsOwnFolderWorks() throws {
    try write(
      "app/main.lua",
      """
      local helper = require('helper')
      print(helper.name, require('sub.inner'))
      print(pcall(require, '../outside'))
      print(pcall(require, '.hidden'))
      print(package.path:find('app/?.lua', 1, true) ~= nil)
      """)
    try write("app/helper.lua", "return { name = 'helper from the script folder' }")
    try write("app/sub/inner.lua", "return 'inner module'")
    try write("outside.lua", "return 'outside'")
    // Run from another folder, so './?.lua' alone would not find the helper.
    let r = try runHost(["--sandbox", "\(tmp)/app/main.lua"], cwd: "/")
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertTrue(
      r.stdout.hasPrefix("helper from the script folder\tinner module\t\(tmp)/app/sub/inner.lua\n"), r.stdout)
    XCTAssertTrue(r.stdout.contains("false\tmodule '../outside' not found:"), r.stdout)
    XCTAssertTrue(r.stdout.contains("module '../outside' is outside the sandbox"), r.stdout)
    XCTAssertTrue(r.stdout.contains("module '.hidden' is outside the sandbox"), r.stdout)
    XCTAssertTrue(r.stdout.hasSuffix("\ntrue\n"), r.stdout)
  }

  func testRequireOfAMissingModuleNamesTheScriptLine() throws {
    try write("miss.lua", "local x = 1\nrequire('no_such_module')\n")
    let (h, l) = try both(["miss.lua"])
    let s = normalise(try runHost(["--sandbox", "miss.lua"]), program: try host())
    XCTAssertEqual(h.stderr, l.stderr)
    XCTAssertEqual(s.status, 1)
    XCTAssertTrue(s.stderr.hasPrefix("lua: miss.lua:2: module 'no_such_module' not found:\n"), s.stderr)
  }

  func testSandboxedScriptCannotEscapeThroughHostObjects() throws {
    let r = try runHost([
      "--sandbox", "-e",
      """
      print(string.dump ~= nil, getmetatable('').__index == string)
      print(pcall(function() return package.searchers[3] end))
      print(pcall(function() return package.cpath end))
      print(collectgarbage('count') > 0)
      """,
    ])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(r.stdout, "true\ttrue\ntrue\tnil\ntrue\t\ntrue\n")
  }

  func compileTinyModule() throws {
    let source = try write("tiny.c", Fixture.cModule)
    let flags = try run("/bin/sh", ["-c", "pkg-config --cflags lua5.4"])
    guard flags.status == 0 else { throw XCTSkip("pkg-config lua5.4 not available: \(flags.stderr)") }
    let cc = try run(
      "/bin/sh",
      [
        "-c",
        "cc -shared -fPIC \(flags.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) -o '\(tmp)/tiny.so' '\(source)'",
      ])
    guard cc.status == 0 else { throw XCTSkip("cannot compile a C module (cc missing?): \(cc.stderr)") }
  }
}
