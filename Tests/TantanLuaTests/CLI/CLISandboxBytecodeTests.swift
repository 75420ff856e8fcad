import Foundation
import XCTest

/// Under `--sandbox` every chunk is text (issue 25 point 1): the script file, stdin, `LUA_INIT`,
/// spec files and plugins refuse precompiled bytecode with lua's own message, because unchecked
/// bytecode reads and writes out of bounds (a crafted LOADK index segfaulted the host). Outside
/// the sandbox bytecode runs as in `lua5.4`.
final class CLISandboxBytecodeTests: CLITestCase {
  static let binaryMessage = "attempt to load a binary chunk (mode is 't')"

  /// A stripped dump of `local s = "hello" print(s)` whose LOADK (the second instruction, after
  /// VARARGPREP) reads constant 0x1FFFF of a function that has one: out of bounds.
  func craftedLoadK(to name: String) throws {
    try write(
      "craft.lua",
      """
      local s = string.dump(load('local s = "hello" print(s)'), true)
      -- header 31 bytes, upvalue count, empty source, two line numbers, 3 bytes, code size (1 byte)
      local at = 40
      local w = string.unpack("<I4", s, at + 4)
      assert(w & 0x7F == 3, "LOADK expected")
      w = (w & 0x7FFF) | (0x1FFFF << 15)
      s = s:sub(1, at + 3) .. string.pack("<I4", w) .. s:sub(at + 8)
      local f = assert(io.open(arg[1], "wb")) f:write(s) f:close()
      """)
    let r = try runHost(["craft.lua", name])
    XCTAssertEqual(r.status, 0, "\(r)")
  }

  func assertRefused(_ r: RunResult, file: StaticString = #filePath, line: UInt = #line) {
    assertSane(r, file: file, line: line)
    XCTAssertEqual(r.status, 1, "\(r)", file: file, line: line)
    XCTAssertTrue(r.stderr.contains(Self.binaryMessage), "\(r)", file: file, line: line)
    XCTAssertFalse(r.stdout.contains("from bytecode"), "the bytecode ran: \(r)", file: file, line: line)
  }

  func testScriptFileAndStdinAreTextOnly() throws {
    try dump("print('from bytecode')", to: "x.luac")
    let host = try host()
    assertRefused(try runHost(["--sandbox", "x.luac"]))
    assertRefused(try run("/bin/sh", ["-c", "exec \"$0\" --sandbox - < x.luac", host]))
    // Without a script argument lua.c ignores the status of a piped chunk; it is refused all the same.
    let piped = try run("/bin/sh", ["-c", "exec \"$0\" --sandbox < x.luac", host])
    assertSane(piped)
    XCTAssertEqual(piped.stderr, "\(host): \(Self.binaryMessage)\n", "\(piped)")
    XCTAssertEqual(piped.stdout, "")
    // LUA_INIT naming a file is loaded in text mode too.
    let initFile = try runHost(["--sandbox", "-e", "print('script')"], env: ["LUA_INIT": "@x.luac"])
    assertRefused(initFile)
    XCTAssertFalse(initFile.stdout.contains("script"), "\(initFile)")
  }

  func testACraftedConstantIndexIsRefusedNotRun() throws {
    try craftedLoadK(to: "evil.luac")
    let host = try host()
    assertRefused(try runHost(["--sandbox", "evil.luac"]))
    assertRefused(try run("/bin/sh", ["-c", "exec \"$0\" --sandbox - < evil.luac", host]))
  }

  /// Outside the sandbox bytecode is lua's business: the same output as `lua5.4`, from a file and from stdin.
  func testBytecodeRunsOutsideTheSandboxAsInLua() throws {
    try dump("print('from bytecode', ...)", to: "x.luac")
    try assertSame(["x.luac", "a", "b"])
    let host = try host()
    let r = try run("/bin/sh", ["-c", "exec \"$0\" - a < x.luac", host])
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(r.stdout, "from bytecode\ta\n")
  }

  func testSpecFilesUnderTestSandboxAreTextOnly() throws {
    try write("spec/.keep", "")
    try dump("it('ran', function() print('from bytecode') end)", to: "spec/bin_spec.lua")
    let r = try runHost(["test", "--sandbox", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stdout.contains(Self.binaryMessage), "\(r)")
    XCTAssertFalse(r.stdout.contains("from bytecode"), "\(r)")
    // Without --sandbox the same file runs its scenario.
    let open = try runHost(["test", "spec"])
    XCTAssertEqual(open.status, 0, "\(open)")
    XCTAssertTrue(open.stdout.contains("1 passed"), "\(open)")
  }

  func testPluginsUnderTheSandboxAreTextOnly() throws {
    try write("plugins/bin/placeholder", "")
    try dump("print('from bytecode') return {name = 'bin', api = 1}", to: "plugins/bin/plugin.lua")
    let r = try runHost(["--sandbox", "-e", "print('script')"])
    assertSane(r)
    XCTAssertTrue(r.stderr.contains("plugin 'bin' failed: \(Self.binaryMessage)"), "\(r)")
    XCTAssertEqual(r.stdout, "script\n", "\(r)")
  }
}
