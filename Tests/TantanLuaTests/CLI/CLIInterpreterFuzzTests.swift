import Foundation
import XCTest

@testable import TantanLua
@testable import TantanTools

/// The interpreter's own steps (`LUA_INIT`, `-e`, `-l`, the script's `arg`, `-i`, the REPL's
/// `_PROMPT` and `print`) run inside one protected frame: whatever a script did to `_G`, `arg`,
/// `print`, `_PROMPT`, `package.loaded` or `require` (values or metatables that raise or yield),
/// tantan-host never aborts and ends with the exit status lua5.4 ends with.
final class CLIInterpreterFuzzTests: CLITestCase {
  /// Statements that make a later step of the interpreter raise or yield.
  static let traps = [
    "setmetatable(_G,{__index=function(t,k) error('trap '..k) end})",
    "setmetatable(_G,{__newindex=function(t,k) error('newtrap '..k) end})",
    "setmetatable(_G,{__index=function(t,k) return coroutine.yield(k) end})",
    "setmetatable(_G,{__index=function(t,k) error(setmetatable({},{__tostring=function() error('ts') end})) end})",
    "arg=nil",
    "arg=5",
    "arg=setmetatable({},{__len=function() error('len') end})",
    "arg=setmetatable({},{__len=function() return 'x' end})",
    "arg[1]=100 arg[2]=nil",
    "print=nil",
    "print=function() error('p') end",
    "print=setmetatable({},{__call=function() error('c') end})",
    "_PROMPT=setmetatable({},{__tostring=function() error('pt') end})",
    "_PROMPT2=setmetatable({},{__tostring=function() return coroutine.yield() end})",
    "_PROMPT=function() end",
    "package.loaded=nil",
    "setmetatable(package.loaded,{__index=function() error('pl') end})",
    "require=nil",
    "require=function() error('r') end",
    "require=coroutine.yield",
    "error(setmetatable({},{__tostring=function() return 5 end}))",
    "error(nil)",
    "x=1",
  ]
  static let libraries = ["string", "g=string", "nosuchmodule", "g=table.x"]
  static let stdinChunks = ["x=1\nprint(x)\n", "return 1, 2\n", "x = (\n1)\n", "error('e')\n", "=nil\n", ""]

  /// The runner's own deterministic generator (SplitMix64): the same cases every run.
  struct Generator {
    var rng: SplitMix64
    mutating func int(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
    mutating func pick<T>(_ a: [T]) -> T { a[int(a.count)] }
  }

  struct Case: CustomStringConvertible {
    var args: [String] = []
    var env: [String: String] = [:]
    var stdin = ""
    var description: String { "LUA_INIT=\(env["LUA_INIT"] ?? "-") args=\(args) stdin=\(stdin.debugDescription)" }
  }

  static func cases(count: Int, seed: UInt64) -> [Case] {
    var g = Generator(rng: SplitMix64(seed: seed))
    return (0..<count).map { _ in
      var c = Case()
      if g.int(4) == 0 { c.env["LUA_INIT"] = g.pick(traps) }
      if g.int(5) == 0 { c.args.append("-E") }
      for _ in 0..<(1 + g.int(3)) {
        switch g.int(3) {
        case 0, 1: c.args += ["-e", g.pick(traps)]
        default: c.args += ["-l", g.pick(libraries)]
        }
      }
      if g.int(3) == 0 { c.args.append("-i") }
      switch g.int(4) {
      case 0: c.args += ["-", "a", "b"]
      case 1: c.args += ["script.lua", "a"]
      default: break
      }
      c.stdin = g.pick(stdinChunks)
      return c
    }
  }

  func testInterpreterStepsNeverAbortAndEndAsLuaDoes() throws {
    try write("script.lua", "print(...)\n")
    let luaExe = try lua()
    let hostExe = try host()
    var differing: [String] = []
    for c in Self.cases(count: 160, seed: 0x7A47A4) {
      let h = normalise(try run(hostExe, c.args, stdin: c.stdin, env: c.env), program: hostExe)
      let l = normalise(try run(luaExe, c.args, stdin: c.stdin, env: c.env), program: luaExe)
      assertSane(h)
      XCTAssertFalse(h.signaled || h.status == 134, "aborted: \(c)\n\(h)")
      if h.status != l.status { differing.append("\(c)\n  host: \(h)\n  lua: \(l)") }
    }
    XCTAssertTrue(differing.isEmpty, "exit status differs from lua5.4:\n" + differing.joined(separator: "\n"))
  }

  /// `help()` calls the global `print` through the one protected call: a `print` that raises is an
  /// error at help's caller (with help in the traceback), not a long jump through the Swift closure.
  func testHelpWithARaisingPrintRaisesAtItsCaller() throws {
    let r = try runHost(
      ["-i"],
      stdin:
        "print = function() error('noisy') end\nlocal ok, e = pcall(help) io.write(tostring(ok), ' ', e, '\\n')\nhelp()\n"
    )
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertTrue(r.stdout.contains("false stdin:1: noisy\n"), r.stdout)
    XCTAssertTrue(
      r.stderr.contains(
        "stdin:1: noisy\nstack traceback:\n\t[C]: in function 'error'\n\tstdin:1: in function 'print'\n\t[C]: in function 'help'\n"
      ), r.stderr)
  }
}
