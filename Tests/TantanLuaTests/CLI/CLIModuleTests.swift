import Foundation
import XCTest

/// Lua C modules built for 5.4 and pure-Lua modules installed system-wide load as under `lua5.4`.
final class CLIModuleTests: CLITestCase {
  func compileTinyModule() throws {
    let source = try write("tiny.c", Fixture.cModule)
    let flags = try run("/bin/sh", ["-c", "pkg-config --cflags lua5.4"])
    guard flags.status == 0 else { throw XCTSkip("pkg-config lua5.4 not available: \(flags.stderr)") }
    let cc = try run(
      "/bin/sh",
      [
        "-c",
        "cc -shared -fPIC \(flags.stdout.trimmingCharacters(in: .whitespacesAndNewlines)) -o '\(tmp)/cmods/tiny.so' '\(source)'",
      ])
    guard cc.status == 0 else { throw XCTSkip("cannot compile a C module (cc missing?): \(cc.stderr)") }
  }

  func testTinyCModuleThroughLuaCPath() throws {
    try FileManager.default.createDirectory(atPath: "\(tmp)/cmods", withIntermediateDirectories: true)
    try compileTinyModule()
    try write("use.lua", Fixture.cModuleUse)
    let env = ["LUA_CPATH": "\(tmp)/cmods/?.so"]
    try assertSame(["use.lua"], env: env)
    let r = try runHost(["use.lua"], env: env)
    XCTAssertTrue(r.stdout.hasPrefix("42\tLua 5.4\ttrue\n"), r.stdout)
    XCTAssertEqual(r.status, 1)
    try assertSame(["-l", "tiny", "-e", "print(tiny.add(1, 2))"], env: env)
    try assertSame(["-e", "print(package.loadlib('\(tmp)/cmods/tiny.so', 'luaopen_tiny')().add(2, 2))"])
    try assertSame(["-e", "print(package.loadlib('\(tmp)/cmods/tiny.so', 'no_such_symbol'))"])
  }

  func testCJSONWhenInstalled() throws {
    let probe = try run(try lua(), ["-e", "require('cjson')"])
    guard probe.status == 0 else { throw XCTSkip("Debian's lua-cjson is not installed (apt-get install lua-cjson)") }
    try assertSame([
      "-e",
      """
      local cjson = require('cjson')
      print(cjson.encode({ list = { 1, 2, 3 } }), cjson.decode('[1, "two", {"x": null}]')[2])
      print(pcall(cjson.decode, '{bad'))
      """,
    ])
  }

  func testPureLuaModuleFromTheSystemPath() throws {
    // lua-cjson ships cjson/util.lua in /usr/share/lua/5.4; write our own module there only if
    // nothing is installed (we do not write outside the scratch folder).
    let util = "/usr/share/lua/5.4/cjson/util.lua"
    guard FileManager.default.fileExists(atPath: util) else {
      throw XCTSkip("no pure-Lua module in /usr/share/lua/5.4 (install lua-cjson)")
    }
    try assertSame([
      "-e", "local u = require('cjson.util') print(type(u), package.searchpath('cjson.util', package.path))",
    ])
  }

  func testModuleNotFoundMessage() throws {
    try assertSame(
      ["-e", "require('definitely.not.here')"], env: ["LUA_PATH": "\(tmp)/?.lua;;", "LUA_CPATH": "\(tmp)/?.so;;"])
  }
}
