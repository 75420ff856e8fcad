import Foundation
import XCTest

/// `-i` with stdin piped (not a terminal): prompts, the echoed line, results and errors as `lua5.4`
/// prints them (Debian's lua5.4 echoes each line read when stdin is not a terminal).
final class CLIREPLTests: CLITestCase {
  func testExpressionsAndEqualsShorthand() throws {
    try assertSame(
      ["-i"], stdin: "1 + 1\n=2 * 3\nx = 5\nx\nreturn 1, nil, 's'\nprint('a', nil, 3)\n'str'\n{}  == nil\n")
  }

  func testMultiLineContinuation() throws {
    try assertSame(
      ["-i"], stdin: "function f(a)\nreturn a * 2\nend\nf(21)\nfor i = 1,\n2 do print(i) end\nlocal t = {\n1,\n2 }\n")
  }

  func testErrorsHaveNoProgramName() throws {
    let stdin =
      "error('oops')\nerror({})\nx = = 2\nerror(setmetatable({}, { __tostring = function() return 'TSE' end }))\nprint('still alive')\n"
    try assertSame(["-i"], stdin: stdin)
    let r = try runHost(["-i"], stdin: stdin)
    XCTAssertTrue(r.stderr.hasPrefix("stdin:1: oops\nstack traceback:\n"), r.stderr)
    XCTAssertFalse(r.stderr.contains("tantan-host:"), r.stderr)
    XCTAssertEqual(r.status, 0)
  }

  func testPromptVariablesAndToStringOfResults() throws {
    try assertSame(
      ["-i"],
      stdin:
        "_PROMPT = 'P> '\n_PROMPT2 = '..> '\n1\nlocal x =\n1\nsetmetatable({}, { __tostring = function() return 'TS' end })\n"
    )
  }

  func testScriptThenInteractive() throws {
    try write("pre.lua", "greeting = 'hi from script' print('script ran', ...)")
    try assertSame(["-i", "pre.lua", "arg1"], stdin: "greeting\narg[1]\n")
    try assertSame(["-e", "y = 7", "-i"], stdin: "y * 6\n")
  }

  func testScriptErrorSkipsTheREPL() throws {
    try write("bad.lua", "error('before repl')")
    try assertSame(["-i", "bad.lua"], stdin: "print('never')\n")
  }

  func testOsExitInsideTheREPL() throws {
    try assertSame(["-i"], stdin: "print(1)\nos.exit(5)\nprint(2)\n")
  }

  /// lua 5.4.4 prints "(null)" (a NULL passed to printf) for an incomplete statement cut by end of
  /// input; tantan-host prints the syntax error instead. Everything else must match.
  func testIncompleteStatementAtEndOfInput() throws {
    let (h, l) = try both(["-i"], stdin: "print(1")
    XCTAssertEqual(h.stdout, l.stdout)
    XCTAssertEqual(h.status, l.status)
    XCTAssertEqual(l.stderr, "(null)\n", "if lua5.4 stops printing (null), compare stderr exactly again")
    XCTAssertEqual(h.stderr, "stdin:1: ')' expected near <eof>\n")
  }

  /// On a terminal (a pty from util-linux `script`), no arguments: banner, REPL, the terminal's
  /// own echo. Readline's escape sequences and carriage returns are dropped before comparing.
  func testTerminalREPLWithoutArguments() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else {
      throw XCTSkip("util-linux `script` is needed for a pty")
    }
    func viaPty(_ exe: String) throws -> String {
      let p = try RunningProcess(
        "/bin/sh",
        [
          "-c",
          "(sleep 1; printf 'x = 20\\n'; sleep 0.5; printf 'x + 22\\n'; sleep 0.5) | script -qec '\(exe)' /dev/null",
        ],
        env: environment(["TERM": "dumb", "TANTAN_HISTORY": ""]), cwd: tmp)
      p.write(stdin: nil)
      let r = p.wait(timeout: 20)
      assertSane(r)
      XCTAssertEqual(r.status, 0, "\(r)")
      var out = r.stdout.replacingOccurrences(of: "\u{1B}\\[[?0-9;]*[a-zA-Z]", with: "", options: .regularExpression)
      out = out.replacingOccurrences(of: "\r", with: "")
      out = out.replacingOccurrences(of: exe, with: "lua").replacingOccurrences(
        of: #"tantan-host [0-9][^ ]* -- "#, with: "", options: .regularExpression)
      // What follows end of input depends on when `script` passes it on: not compared.
      if let end = out.range(of: "42\n> ") { out = String(out[..<end.upperBound]) }
      return out
    }
    let h = try viaPty(try host())
    XCTAssertTrue(h.hasPrefix("Lua 5.4"), h)
    XCTAssertTrue(h.contains("> x = 20\n> x + 22\n42\n> "), h)
    if let l = Self.luaPath { XCTAssertEqual(h, try viaPty(l)) }
  }

  /// Values lua.c's get_prompt turns into text (strings, numbers, __tostring) and those it ignores.
  func testPromptOfOtherTypes() throws {
    try assertSame(
      ["-i"],
      stdin:
        "_PROMPT = 5\n1\n_PROMPT = true\n2\n_PROMPT = setmetatable({}, { __tostring = function() return 'MT> ' end })\n3\n_PROMPT2 = false\nfor i = 1,\n2 do end\n"
    )
  }

  /// A prompt whose __tostring fails ends the REPL as lua.c's get_prompt does: the message
  /// without the program name, status 1.
  func testPromptThatCannotBeConverted() throws {
    try assertSame(["-i"], stdin: "_PROMPT = setmetatable({}, { __tostring = function() return {} end })\n1\n")
    try assertSame(
      ["-i"],
      stdin: "_PROMPT2 = setmetatable({}, { __tostring = function() error('boom') end })\nfor i = 1,\n2 do end\n")
  }

  /// Windows line ends: readline ends a line at '\r' too, so "a\r\n" is "a" and an empty line.
  func testCarriageReturns() throws {
    try assertSame(["-i"], stdin: "print(1)\r\nx = 2\r\nx\r\nfor i = 1,\r\n2 do print(i) end\r\n")
    try assertSame(["-"], stdin: "print(1)\r\nprint(2)\r\n")
  }

  /// REPL lines are bytes: a Latin-1 byte stays one byte (compared as hex: see the -e test).
  func testNonUTF8BytesInREPLLines() throws {
    let shell = #"printf 'print(#"\351")\nx = "\351"\n#x\n' | "$1" -i | od -An -tx1"#
    let luaExe = try lua()
    let hostExe = try host()
    let h = try run("/bin/sh", ["-c", shell, "sh", hostExe])
    let l = try run("/bin/sh", ["-c", shell, "sh", luaExe])
    func body(_ s: String) -> String {  // drop the banner line
      let flat = s.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
      return flat.components(separatedBy: " 0a ").dropFirst().joined(separator: " 0a ")
    }
    XCTAssertFalse(body(l.stdout).isEmpty)
    XCTAssertEqual(body(h.stdout), body(l.stdout))
  }

  /// The REPL reads fd 0 byte by byte (as readline); io.read reads through C's buffer. What
  /// io.read buffered is gone for the REPL in lua5.4, and here too.
  func testIoReadInsideTheREPL() throws {
    try assertSame(["-i"], stdin: "x = io.read()\nhello\nx\n")
    try assertSame(["-i"], stdin: "x = io.read('n')\n")
  }

  func testPrintReplacedByAFailingFunction() throws {
    try assertSame(
      ["-i"],
      stdin:
        "print = function() error('no print') end\n1\nprint = function() error(7) end\n1\nprint = function() error({}) end\n1\nprint = nil\n1\n"
    )
  }
}
