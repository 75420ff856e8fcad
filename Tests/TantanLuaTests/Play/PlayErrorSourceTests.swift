import Foundation
import LuaRuntime
import XCTest

@testable import TantanLua
@testable import TantanTools

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The lines the playground's page shows around an error come from the text the script loaded,
/// never from opening the file its `file:line` names (issue 25 point 2, as for traces): a chunk
/// named `@/etc/passwd` shows its own text, a FIFO costs nothing, a line past the text shows none.
final class PlayErrorSourceTests: XCTestCase {
  var dir = ""

  override func setUpWithError() throws {
    // Short: Lua shortens a chunk name past 60 bytes in messages (`...end/of/path.lua:2:`).
    dir = "/tmp/tp-" + UUID().uuidString.prefix(8)
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

  /// Runs `code` as the playground runs a script (with `flags`); the page's description of its error.
  func describeFailure(_ code: String, flags: [String] = []) throws -> JSONValue {
    let path = dir + "/script.lua"
    try code.write(toFile: path, atomically: true, encoding: .utf8)
    let options = try InterpreterOptions.parse(
      ["tantan-host"] + flags + [path], valued: HostInterpreter.valuedOptions, flags: HostInterpreter.flagOptions)
    let settings = try HostInterpreter.settings(options)
    let build = try PlayBuild(options: options, settings: settings, overrides: PlayOverrides())
    defer { build.close() }
    let failure = try XCTUnwrap(build.run())
    let script = PlaySession.Script(options: options, settings: settings, path: path, args: [], seed: 0, command: "")
    return PlaySession(server: nil, script: script).describe(failure)
  }

  func lines(_ d: JSONValue) -> [String] { d["source"].array.map { $0["text"].string ?? "?" } }

  func testAForgedChunkNameShowsTheLoadedText() throws {
    let passwd = try String(contentsOfFile: "/etc/passwd", encoding: .utf8)
    for flags in [["--sandbox"], []] {
      let d = try describeFailure("load(string.rep('\\n', 3) .. 'error(\"boom\")', '@/etc/passwd')()\n", flags: flags)
      XCTAssertEqual(d["file"].string, "/etc/passwd", "\(flags)")
      XCTAssertEqual(d["line"].int, 4)
      XCTAssertEqual(lines(d), ["", "", "", "error(\"boom\")"], "\(flags)")
      XCTAssertFalse(d.encoded().contains(String(passwd.prefix(while: { $0 != "\n" }))), "\(flags)")
    }
  }

  func testAFifoOrALinePastTheTextShowsNoLines() throws {
    XCTAssertEqual(mkfifo(dir + "/fifo", 0o600), 0)
    let fifo = try describeFailure("error('\(dir)/fifo:2: forged', 0)\n")
    XCTAssertEqual(fifo["message"].string, "\(dir)/fifo:2: forged")
    XCTAssertEqual(fifo["source"], .null)
    let past = try describeFailure("error('\(dir)/script.lua:40: far', 0)\n")
    XCTAssertEqual(past["source"], .null)
    // The script's own error shows its lines.
    let own = try describeFailure("local x = 1\nerror('own')\n")
    XCTAssertEqual(lines(own), ["local x = 1", "error('own')", ""])
  }
}
