import Foundation
import XCTest

/// `tantan-host` against `lua5.4`: same stdout, same stderr (program name normalised), same status.
final class CLICompatibilityTests: CLITestCase {
  func testOrdinaryScriptOutput() throws {
    try write("ordinary.lua", Fixture.ordinary)
    try assertSame(["ordinary.lua", "a", "b c"])
  }

  func testArgTableAndVarargs() throws {
    try write("args.lua", Fixture.args)
    try assertSame(["args.lua", "one", "two", ""])
    try assertSame(["-e", "x=1", "args.lua", "-e", "--"])
    try assertSame(["-W", "--", "args.lua", "-v"])
    try assertSame(["-e", "print(#arg, arg[-1], arg[0], arg[1])"])
  }

  func testArgTableWithHostOptionsAtNegativeIndices() throws {
    try write("args.lua", Fixture.args)
    let r = try runHost(["--seed", "5", "-e", "x=1", "args.lua", "z"])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertTrue(r.stdout.hasPrefix("-4\t--seed\n-3\t5\n-2\t-e\n-1\tx=1\n0\targs.lua\n1\tz\n...\t1\tz\n"), "\(r)")
  }

  func testSeveralDashEInOrderWithDashL() throws {
    try write("mods/m1.lua", "print('m1 loaded') return { n = 1 }")
    let env = ["LUA_PATH": "\(tmp)/mods/?.lua"]
    try assertSame(
      ["-e", "print('first', m1)", "-l", "m1", "-e", "print('second', m1.n)", "-eprint('third')"], env: env)
    try assertSame(["-e", "print(1)", "-e", "error('stop here')", "-e", "print('not reached')"])
  }

  func testDashLModuleAndGlobalName() throws {
    try write("mods/mymod.lua", Fixture.module)
    let env = ["LUA_PATH": "\(tmp)/mods/?.lua;;"]
    try assertSame(["-l", "mymod", "-e", "print(mymod.twice(21), mymod.loaded_with)"], env: env)
    try assertSame(["-l", "g=mymod", "-e", "print(g.twice(2), mymod)"], env: env)
    try assertSame(["-lmymod", "-e", "print(mymod.twice(1))"], env: env)
    try assertSame(["-l", "nosuchmodule"], env: env)
  }

  /// lua5.4 (5.4.4) stores `-l a-b` in the global `a-b`, whole.
  func testDashLWithHyphenKeepsTheWholeName() throws {
    try write("mods/my-mod.lua", "return { y = 1 }")
    let env = ["LUA_PATH": "\(tmp)/mods/?.lua"]
    try assertSame(["-l", "my-mod", "-e", "print(_G['my-mod'] and _G['my-mod'].y, mod, my)"], env: env)
  }

  func testVersion() throws {
    let (h, l) = try both(["-v"])
    XCTAssertEqual(h.stdout, l.stdout, "after dropping the 'tantan-host X -- ' prefix the banner is lua's")
    XCTAssertEqual(h.status, 0)
    let raw = try runHost(["-v"])
    XCTAssertTrue(raw.stdout.hasPrefix("tantan-host "), raw.stdout)
    XCTAssertTrue(raw.stdout.contains("Lua 5.4"), raw.stdout)
    try assertSame(["-v", "-e", "print('after version')"])
  }

  func testDashEIgnoresLuaInitAndLuaPath() throws {
    try write("init.lua", "print('init from file')")
    let env = [
      "LUA_INIT": "print('init ran')", "LUA_PATH": "/nowhere/?.lua", "LUA_CPATH": "/nowhere/?.so",
      "LUA_INIT_5_4": "@\(tmp)/init.lua", "LUA_PATH_5_4": "/nowhere54/?.lua",
    ]
    try assertSame(["-E", "-e", "print(package.path) print(package.cpath)"], env: env)
    try assertSame(["-e", "print(package.path) print(package.cpath)"], env: env)
  }

  func testWarningsWithDashW() throws {
    try assertSame(["-W", "-e", "warn('hello', ' warning') warn('@off') warn('hidden')"])
    try assertSame(["-e", "warn('hidden') warn('@on') warn('shown')"])
    try assertSame(["-W", "-e", "setmetatable({}, { __gc = function() error('in gc') end }) collectgarbage()"])
  }

  func testDoubleDashStopsOptions() throws {
    try write("args.lua", Fixture.args)
    try write("-e", "print('a file named -e', ...)")
    try assertSame(["--", "args.lua", "-e", "x"])
    try assertSame(["--", "-e", "1"])
  }

  func testDashRunsStdin() throws {
    try assertSame(["-", "a", "b"], stdin: "print('from stdin', ...) print(arg[0], arg[-1])")
    try assertSame(["-e", "x = 5", "-"], stdin: "print(x)")
    try assertSame(["-"], stdin: "local y = = 1")
    try assertSame(["-"], stdin: "error('stdin error')")
  }

  func testScriptFromStdinWithoutArgumentsWhenNotATerminal() throws {
    try assertSame([], stdin: "print('piped', select('#', ...), arg[0] ~= nil)\nprint(2)")
    try assertSame([], stdin: "")
    // lua.c ignores the status of this implicit stdin script: an error is reported, status 0.
    try assertSame([], stdin: "print(1) error('piped error')")
    try assertSame([], stdin: "x = = 1")
    try assertSame(["-W"], stdin: "error('with -W it is not implicit either')")
  }

  func testLuaInitVariants() throws {
    try write("init.lua", "print('init file', ...) x = 3")
    try assertSame(["-e", "print('x', x)"], env: ["LUA_INIT": "print('LUA_INIT') x = 1"])
    try assertSame(
      ["-e", "print('x', x)"],
      env: ["LUA_INIT": "print('LUA_INIT') x = 1", "LUA_INIT_5_4": "print('LUA_INIT_5_4') x = 2"])
    try assertSame(["-e", "print('x', x)"], env: ["LUA_INIT": "@\(tmp)/init.lua"])
    try assertSame(["-e", "print('x', x)"], env: ["LUA_INIT_5_4": "@init.lua"])
    try assertSame(["-e", "print('x', x)"], env: ["LUA_INIT": "error('bad init')"])
    try assertSame(["-e", "print('x', x)"], env: ["LUA_INIT": "x = = 1"])
    try assertSame(["-e", "print('x', x)"], env: ["LUA_INIT": "@/no/such/init.lua"])
  }

  func testLuaPathWithDefaultMarker() throws {
    try write("mods/pm.lua", "return 'pm from LUA_PATH'")
    try write("mods54/pm.lua", "return 'pm from LUA_PATH_5_4'")
    try assertSame(["-e", "print(package.path) print(require('pm'))"], env: ["LUA_PATH": "\(tmp)/mods/?.lua;;"])
    try assertSame(
      ["-e", "print(package.path) print(require('pm'))"],
      env: ["LUA_PATH": "\(tmp)/mods/?.lua;;", "LUA_PATH_5_4": ";;\(tmp)/mods54/?.lua"])
    try assertSame(["-e", "print(require('pm'))"], env: ["LUA_PATH": "/nowhere/?.lua"])
  }

  func testLuaCPath() throws {
    try assertSame(["-e", "print(package.cpath)"], env: ["LUA_CPATH": "/x/?.so;;"])
    try assertSame(["-e", "print(package.cpath)"], env: ["LUA_CPATH": "/x/?.so", "LUA_CPATH_5_4": "/y/?.so;;"])
    try assertSame(["-e", "require('nosuchcmod')"], env: ["LUA_CPATH": "\(tmp)/?.so", "LUA_PATH": "\(tmp)/?.lua"])
  }

  func testShebangLineIsSkipped() throws {
    try write("shebang.lua", Fixture.shebang)
    try assertSame(["shebang.lua", "x"])
  }

  func testSyntaxErrorInFile() throws {
    try write("syntax.lua", Fixture.syntaxError)
    try assertSame(["syntax.lua"])
    let r = try runHost(["syntax.lua"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(r.stderr.contains("syntax.lua:2: unexpected symbol near '='"), r.stderr)
    XCTAssertEqual(r.stdout, "", "nothing runs when the file does not compile")
  }

  func testRuntimeErrorTraceback() throws {
    try write("runtime.lua", Fixture.runtimeError)
    try assertSame(["runtime.lua"])
    let r = try runHost(["runtime.lua"])
    XCTAssertEqual(r.status, 1)
    XCTAssertTrue(
      r.stderr.contains(": runtime.lua:2: attempt to index a nil value (local 'x')\nstack traceback:\n"), r.stderr)
  }

  func testStackOverflowTracebackSkipsTheSameNumberOfLevels() throws {
    try assertSame(["-e", "local function f() return 1 + f() end f()"])
  }

  func testErrorObjects() throws {
    try write("table.lua", Fixture.tableError)
    try write("tostring.lua", Fixture.tostringError)
    try write("named.lua", Fixture.namedError)
    try assertSame(["table.lua"])
    try assertSame(["tostring.lua"])
    try assertSame(["named.lua"])
    try assertSame(["-e", "error()"])
    try assertSame(["-e", "error(42)"])
    try assertSame(["-e", "error(setmetatable({}, { __tostring = function() return 42 end }))"])
    try assertSame(["-e", "error(setmetatable({}, { __tostring = function() error('inner') end }))"])
    try assertSame(["-e", "coroutine.wrap(function() error('in coroutine') end)()"])
  }

  func testErrorsWhileLoadingModulesAndCommonRuntimeErrors() throws {
    try write("m/bad.lua", "error('module fails')")
    try write("m/syn.lua", "x = = 1")
    try write("m/chain.lua", "return require('bad')")
    let env = ["LUA_PATH": "\(tmp)/m/?.lua"]
    for args in [["-l", "bad"], ["-l", "syn"], ["-l", "chain"], ["-e", "require('chain')"]] {
      try assertSame(args, env: env)
    }
    try assertSame(["-e", "print(1)"], env: ["LUA_INIT": "@\(tmp)/m/bad.lua"])
    for code in [
      "local t = {} t[nil] = 1", "string.format('%d', 1.5)", "local a = {} a.b.c = 1", "print(('x'):bad())",
      "for i = 1, 'x' do end", "return 1 < 'x'", "goto nowhere", "local x <const> = 1; x = 2",
      "local t = setmetatable({}, { __index = function(t, k) error('no ' .. k, 2) end }) return t.key",
      "string.rep('x', 1 << 40)", "return #nil", "select(-5, 1)", "setmetatable(1, {})",
    ] {
      try assertSame(["-e", code])
    }
  }

  func testOsExit() throws {
    try assertSame(["-e", "io.write('buffered') os.exit(3)"])
    try assertSame(["-e", "os.exit(true)"])
    try assertSame(["-e", "os.exit(false)"])
    try assertSame(["-e", "os.exit()"])
    try assertSame(["-e", "os.exit(0, true)"])
    try assertSame([
      "-e", "local t <close> = setmetatable({}, { __close = function() print('closed') end }) os.exit(4, true)",
    ])
  }

  /// The usage text is lua's, with the host's own long options appended after it.
  func testUnknownOptionAndMissingArgumentPrintUsage() throws {
    for args in [["-x"], ["-e"], ["-l"], ["--foo"], ["-ix"], ["-vx"], ["-Ex"], ["-e", "print(1)", "-l"]] {
      let (h, l) = try both(args)
      XCTAssertEqual(h.status, 1, "\(args): \(h)")
      XCTAssertEqual(l.status, 1)
      XCTAssertEqual(h.stdout, l.stdout)
      XCTAssertTrue(
        h.stderr.hasPrefix(l.stderr), "\(args): lua's usage must be a prefix\nhost: \(h.stderr)\nlua: \(l.stderr)")
      XCTAssertTrue(h.stderr.contains("--max-instructions"), h.stderr)
    }
  }

  func testMissingScriptFile() throws {
    try assertSame(["no-such-script.lua"])
    try assertSame(["."])
  }

  /// Arguments, -e code, script names, LUA_INIT and error messages are bytes, not UTF-8: a
  /// Latin-1 byte (\351, 'é') must reach Lua unchanged and come back out unchanged. Process takes
  /// Strings only, so the bytes are made by printf inside sh and stdout is compared as hex.
  func testNonUTF8BytesPassThrough() throws {
    try write("lens.lua", "print(#arg[0], #arg[1], #(...), #(os.getenv('X') or ''))\nerror('bad ' .. ...)\n")
    let shell = #"""
      e=$(printf '\351')
      cp lens.lua "caf$e.lua"
      "$1" "caf$e.lua" "$e" 2>&1 | od -An -tx1
      "$1" -e "print(#'$e') error('x$e')" 2>&1 | od -An -tx1
      LUA_INIT="print(#'$e$e')" "$1" -e "" 2>&1 | od -An -tx1
      printf 'return 1' > "m$e.lua"
      LUA_PATH='./?.lua' "$1" -l "g=m$e" -e "print(g)" 2>&1 | od -An -tx1
      """#
    let luaExe = try lua()
    let hostExe = try host()
    let h = try run("/bin/sh", ["-c", shell, "sh", hostExe])
    let l = try run("/bin/sh", ["-c", shell, "sh", luaExe])
    // The program name differs: compare from the first byte after it ("lua5.4" vs the host path).
    func strip(_ s: String, _ name: String) -> String {
      let hex = name.utf8.map { String(format: "%02x", $0) }.joined(separator: " ")
      return s.replacingOccurrences(of: "\n", with: " ").split(separator: " ").joined(separator: " ")
        .replacingOccurrences(of: hex, with: "PROG")
    }
    XCTAssertEqual(h.status, 0, "\(h)")
    XCTAssertEqual(strip(h.stdout, hostExe), strip(l.stdout, luaExe))
  }

  /// stdout and stderr on one pipe (`2>&1`): lua's messages do not flush stdout first, so output
  /// still buffered by io.write comes after the error, and print (which flushes) before it.
  func testOrderOfOutputAndErrorsOnOnePipe() throws {
    let luaExe = try lua()
    let hostExe = try host()
    for code in [
      "io.write('buffered ') error('e')", "print('flushed') io.write('buffered') error({})",
      "io.write('x') os.exit(false)",
    ] {
      let shell = #""$1" -e "$2" 2>&1"#
      let h = normalise(try run("/bin/sh", ["-c", shell, "sh", hostExe, code]), program: hostExe)
      let l = normalise(try run("/bin/sh", ["-c", shell, "sh", luaExe, code]), program: luaExe)
      XCTAssertEqual(h.stdout, l.stdout, code)
      XCTAssertEqual(h.status, l.status, code)
    }
    let repl = #"printf '1\nerror("x")\ndo io.write("partial") end\n2\nerror("y")\n' | "$1" -i 2>&1"#
    let h = normalise(try run("/bin/sh", ["-c", repl, "sh", hostExe]), program: hostExe)
    let l = normalise(try run("/bin/sh", ["-c", repl, "sh", luaExe]), program: luaExe)
    XCTAssertEqual(h.stdout, l.stdout)
  }

  func testGarbageCollectorStartsInGenerationalModeLikeLua() throws {
    try assertSame(["-e", "print(collectgarbage('incremental'))"])
  }

  func testLoadsBinaryChunksAndSkipsBOM() throws {
    try write("bom.lua", "\u{FEFF}print('bom skipped')")
    try assertSame(["bom.lua"])
    try assertSame([
      "-e",
      "local f = io.open('chunk.luac', 'wb') f:write(string.dump(function(...) print('binary', ...) end)) f:close()",
    ])
    try assertSame(["chunk.luac", "1", "2"])
  }
}
