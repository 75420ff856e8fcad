import Foundation
import XCTest

/// The host replaces `load`, `loadfile`, `dofile` and `require`'s Lua-file searcher in every state
/// (Sources/CLuaShim/loaders.c keeps the text they load, for traces). They must still behave as
/// Lua 5.4.4's: each case below prints the same line under `tantan-host` as under `lua5.4`, plain,
/// traced (the text is kept) and under limits. `scripts/compat` runs Lua's own test suites the
/// same way (README, "Checking compatibility with lua5.4").
final class CLILoaderCompatibilityTests: CLITestCase {
  func assertSameEverywhere(_ name: String, _ script: String, file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    try write(name, script)
    try assertSame([name], file: file, line: line)
    // The same lines when the host keeps every chunk's text for a trace, and under limits.
    let plain = try runHost([name])
    let traced = try runHost(["--trace", "\(tmp)/trace.html", name])
    XCTAssertEqual(traced.stdout, plain.stdout, "--trace changed what the loaders do", file: file, line: line)
    let limited = try runHost(["--max-memory", "200000000", "--max-instructions", "100000000", name])
    XCTAssertEqual(limited.stdout, plain.stdout, "limits changed what the loaders do", file: file, line: line)
  }

  func testLoadMatchesLua() throws {
    try assertSameEverywhere("load.lua", LoaderFixture.load)
  }

  func testLoadfileAndDofileMatchLua() throws {
    try assertSameEverywhere("loadfile.lua", LoaderFixture.loadfileAndDofile)
  }

  func testRequireMatchesLua() throws {
    try assertSameEverywhere("require.lua", LoaderFixture.require)
  }

  /// `loadfile()` and `dofile()` read stdin (chunk name `=stdin`): text, a BOM and `#` line,
  /// bytecode, a syntax error, nothing at all, and a second read after the end.
  func testLoadfileAndDofileOfStdin() throws {
    try dump("return 'from stdin', ...", to: "bin.luac")
    for (code, input) in [
      ("print(dofile())", "return 5"),
      ("print(loadfile()())", "\u{FEFF}#!/usr/bin/lua\nreturn debug.getinfo(1, 'l').currentline"),
      ("print(loadfile(nil, 'b'))", "return 5"),
      ("print(loadfile())", "x = = 1"),
      ("print(pcall(dofile))", "x = = 1"),
      ("print(type(loadfile())) print(type(loadfile())) print(loadfile()())", "return 1"),
      ("print(loadfile(nil, 't', { y = 2 })())", "return y"),
      ("print(pcall(dofile, nil))", ""),
    ] {
      try assertSame(["-e", code], stdin: input)
    }
    let host = try host()
    let lua = try lua()
    for code in ["print(dofile(nil, 'ignored'))", "print(loadfile()('x'))", "print(loadfile(nil, 't'))"] {
      let shell = #""$0" -e "$1" < bin.luac"#
      let h = try run("/bin/sh", ["-c", shell, host, code])
      let l = try run("/bin/sh", ["-c", shell, lua, code])
      XCTAssertEqual(h.stdout, l.stdout, code)
      XCTAssertEqual(h.status, l.status, code)
    }
  }

  /// `-l`, LUA_PATH and LUA_PATH_5_4 go through the replaced searcher too.
  func testCommandLineModulesAndPaths() throws {
    try write("mods/good.lua", "print('loading', ...) return { n = 1 }")
    try write("mods/syntax.lua", "x = = 1")
    try write("mods/raise.lua", "error('module raised')")
    try write("mods/bom.lua", "\u{FEFF}#!shebang\nreturn debug.getinfo(1, 'l').currentline")
    let env = ["LUA_PATH": "\(tmp)/mods/?.lua"]
    try dump("print('bytecode module', ...) return 7", to: "mods/binmod.lua")
    for args in [
      ["-l", "good", "-e", "print(good.n)"], ["-l", "g=good", "-e", "print(g.n, good)"], ["-l", "syntax"],
      ["-l", "raise"], ["-l", "missing"], ["-l", "binmod", "-e", "print(binmod)"], ["-l", "bom", "-e", "print(bom)"],
      ["-e", "print(require('good') == require('good'))"],
    ] {
      try assertSame(args, env: env)
    }
    try assertSame(
      ["-e", "print(package.path, select(2, require('good')))"],
      env: ["LUA_PATH": "/nowhere/?.lua", "LUA_PATH_5_4": "\(tmp)/mods/?.lua;;"])
  }

  /// Under `--sandbox`, `load` loads text only but otherwise is lua's: `bt` (the default written
  /// out) loads a text chunk, a bad argument is reported as lua reports it (`bad argument #1 to
  /// 'load'` at the caller's line, not inside the sandbox's set-up), and bytecode fails with
  /// `nil` and lua's own message instead of raising.
  func testSandboxedLoadIsLuasLoadForText() throws {
    try write(
      "sandboxed_load.lua",
      LoaderFixture.helpers
        + """
        P("mode bt", function() return load("return 1", "x", "bt")() end)
        P("mode tb", function() return load("return 2", "x", "tb")() end)
        P("mode t", function() return load("return 3", "x", "t")() end)
        P("mode nil", function() return load("return 4", "x", nil)() end)
        P("reader, mode bt", function() return load(pieces("return ", "5"), "r", "bt")() end)
        P("env nil given", function() return load("return x", "c", "t", nil)() end)
        P("env table", function() return load("return x", "c", "bt", { x = "env" })() end)
        P("not a function", function() return load({}) end)
        P("no argument", function() return load() end)
        P("mode table", function() return load("return 1", "x", {}) end)
        P("name table", function() return load("x=", {}) end)
        P("syntax error", function() return load("x = = 1", "=named") end)
        P("text, mode b", function() return load("return 1", "x", "b") end)
        local l = load
        P("a local name", function() return l(nil) end)
        """)
    let luaRun = try run(try lua(), ["sandboxed_load.lua"])
    let sandboxed = try runHost(["--sandbox", "sandboxed_load.lua"])
    assertSane(sandboxed)
    XCTAssertEqual(sandboxed.status, 0, "\(sandboxed)")
    let expected = luaRun.stdout.replacingOccurrences(
      of: "text, mode b: 3 | true | nil | attempt to load a text chunk (mode is 'b')",
      with: "text, mode b: 3 | true | nil | attempt to load a text chunk (mode is '')")
    XCTAssertEqual(sandboxed.stdout, expected, "lua5.4 (with mode 'b' shown without its 'b'):\n\(expected)")

    // Bytecode: lua's own message whatever the mode asked for, as a result, never an error.
    let r = try runHost([
      "--sandbox", "-e",
      """
      local dump = string.dump(function() return 'ran' end)
      for _, mode in ipairs { 'bt', 'tb', 't', 'b' } do print(mode, load(dump, 'bin', mode)) end
      print(load(dump))
      local i = 0
      print(load(function() i = i + 1 return dump:sub(i, i) end, 'bin', 'bt'))
      """,
    ])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(
      r.stdout,
      """
      bt\tnil\tattempt to load a binary chunk (mode is 't')
      tb\tnil\tattempt to load a binary chunk (mode is 't')
      t\tnil\tattempt to load a binary chunk (mode is 't')
      b\tnil\tattempt to load a binary chunk (mode is '')
      nil\tattempt to load a binary chunk (mode is 't')
      nil\tattempt to load a binary chunk (mode is 't')

      """)
  }

  /// The sandbox's module searcher lists the files it tried as lua's does: one `no file` line
  /// each, with no empty line between the searchers' parts (5.4's `require` adds the `\n\t`).
  func testSandboxedRequireMessageIsLuas() throws {
    try write("lib/found.lua", "return 'found', ...")
    let env = ["LUA_PATH": "\(tmp)/lib/?.lua"]
    let script = """
      print(select('#', require('found')), select(2, require('found')) == nil)
      print(pcall(require, 'missing'))
      print(pcall(require, 'a.b'))
      """
    try write("req.lua", script)
    // lua5.4 with the sandbox's path (the script's folder first) and without the C searchers.
    let luaEnv = environment(["LUA_PATH": "./?.lua;./?/init.lua;\(tmp)/lib/?.lua"])
    let prelude = "table.remove(package.searchers, 4) table.remove(package.searchers, 3)"
    let l = try RunningProcess(try lua(), ["-e", prelude, "req.lua"], env: luaEnv, cwd: tmp)
    l.write(stdin: nil)
    let luaRun = l.wait(timeout: Self.hardTimeout)
    let sandboxed = try runHost(["--sandbox", "req.lua"], env: env)
    assertSane(sandboxed)
    XCTAssertEqual(sandboxed.stdout, luaRun.stdout)
    XCTAssertEqual(sandboxed.status, luaRun.status)
    // A name the sandbox refuses says why on one line of the list, as a searcher's message.
    let refused = try runHost(["--sandbox", "-e", "print(pcall(require, '../up'))"], env: env)
    XCTAssertEqual(
      refused.stdout,
      """
      false\tmodule '../up' not found:
      \tno field package.preload['../up']
      \tmodule '../up' is outside the sandbox (names are dotted, relative to the module path)

      """)
  }

  /// bench/loaders_cost.c (what the replaced loaders cost against liblua's, notes/issue-25-compat.md)
  /// still builds against loaders.c and runs every case in every variant.
  func testTheLoadersCostBenchBuildsAndRuns() throws {
    let root = HostBinary.packageRoot.path
    let flags = try run("/bin/sh", ["-c", "pkg-config --cflags --libs lua5.4"])
    guard flags.status == 0 else { throw XCTSkip("pkg-config lua5.4 not available: \(flags.stderr)") }
    guard try run("/bin/sh", ["-c", "command -v cc"]).status == 0 else { throw XCTSkip("no C compiler") }
    let cc = try run(
      "/bin/sh",
      [
        "-c",
        "cc -O2 -Wall -Werror -ISources/CLuaShim/include -ISources/CLuaShim bench/loaders_cost.c"
          + " Sources/CLuaShim/loaders.c Sources/CLuaShim/chunktext.c"
          + " \(flags.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) -o '\(tmp)/loaders_cost'",
      ], cwd: root)
    XCTAssertEqual(cc.status, 0, "\(cc)")
    for variant in ["stock", "host", "trace"] {
      for name in ["load", "loadnamed", "loadfile", "require", "requirefile"] {
        let r = try run("\(tmp)/loaders_cost", [variant, name, "20"])
        XCTAssertEqual(r.status, 0, "\(variant) \(name): \(r)")
        XCTAssertTrue(r.stdout.hasPrefix("\(variant) \(name) 20: "), r.stdout)
      }
    }
  }
}
