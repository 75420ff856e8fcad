import Foundation
import XCTest

/// Finalizers that run when the state closes allocate under the script's memory limit (issue 25
/// point 5): an allocation past `--max-memory` is refused there as anywhere else, instead of
/// growing 20 times past the limit until the watchdog ends the process.
final class CLICloseLimitTests: CLITestCase {
  func testAFinalizerAtCloseIsRefusedPastTheMemoryLimit() throws {
    try write(
      "close.lua",
      """
      print("script done")
      setmetatable({}, {__gc = function()
        local t = {}
        local ok, err = pcall(function() for i = 1, 1e8 do t[i] = i end end)
        io.stderr:write(string.format("finalizer: %s, %s, %d entries\\n", tostring(ok), tostring(err), #t))
      end})

      """)
    let started = Date()
    let r = try runHost(["--max-memory", "20000000", "close.lua"], timeout: 30)
    assertSane(r)
    XCTAssertEqual(r.stdout, "script done\n")
    // The finalizer's own pcall saw the refusal: the table stopped below 2^21 integers (32 MiB).
    let report = r.stderr.split(separator: "\n").first { $0.hasPrefix("finalizer: ") }.map(String.init) ?? ""
    XCTAssertTrue(report.hasPrefix("finalizer: false, not enough memory, "), "\(r)")
    let entries = Int(report.split(separator: " ").dropLast().last ?? "") ?? .max
    XCTAssertLessThanOrEqual(entries, 1 << 20, "\(r)")
    // The limit tripped, so the run fails, naming where, as during the script.
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(r.stderr.contains("close.lua:4: not enough memory"), "\(r)")
    XCTAssertLessThan(Date().timeIntervalSince(started), 15)
  }

  /// Below the limit a finalizer at close runs as with lua: output and status unchanged.
  func testAFinalizerAtCloseBelowTheLimitRunsAsInLua() throws {
    try write(
      "fine.lua",
      """
      setmetatable({}, {__gc = function() local t = {} for i = 1, 1000 do t[i] = i end print("closed", #t) end})
      print("script done")

      """)
    let r = try runHost(["--max-memory", "20000000", "fine.lua"])
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(r.stdout, "script done\nclosed\t1000\n")
    XCTAssertEqual(r.stderr, "")
  }
}
