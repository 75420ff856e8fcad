import XCTest

/// The script's arguments come from the global `arg` as it stands when the script starts (after
/// `LUA_INIT`, `-e` and `-l` ran), as lua.c's `pushargs` reads them: `#arg` of them, raw.
final class CLIScriptArgumentTests: CLITestCase {
  func testArgChangedByDashEIsWhatTheScriptGets() throws {
    try assertSame(["-e", "arg[1] = 100", "-"], stdin: "print(...)\n")
    try assertSame(["-e", "arg[3] = 'c'", "-", "a", "b"], stdin: "print(...)\n")
    try assertSame(["-e", "arg[2] = nil", "-", "a", "b"], stdin: "print(select('#', ...), ...)\n")
  }

  func testArgThatIsNotATableStopsTheRun() throws {
    try assertSame(["-e", "arg = 5", "-"], stdin: "print(...)\n")
    try assertSame(["-e", "arg = nil", "-"], stdin: "print(...)\n")
  }

  func testArgLengthFromItsMetatable() throws {
    try assertSame(["-e", "setmetatable(arg, {__len = function() return 2 end})", "-"], stdin: "print(...)\n")
    try assertSame(
      ["-e", "setmetatable(arg, {__len = function() error('no length') end})", "-"], stdin: "print(...)\n")
    try assertSame(["-e", "setmetatable(arg, {__len = function() return 1.5 end})", "-"], stdin: "print(...)\n")
  }
}
