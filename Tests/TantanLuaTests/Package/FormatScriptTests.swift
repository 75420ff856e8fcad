import Foundation
import XCTest

/// scripts/format with the checked-in .swift-format (the toolchain's `swift format`): the check
/// lists findings and exits 1, `--fix` rewrites to the house style (2-space indent, 120 columns,
/// paired statements and Lua's `L` allowed), and the fixed file then passes the check. The tree
/// itself is not checked here: the formatter is applied to it, and enforced, in one step later.
final class FormatScriptTests: XCTestCase {
  func format(_ args: [String]) throws -> HostBinary.Result {
    let script = HostBinary.packageRoot.appendingPathComponent("scripts/format").path
    let p = try RunningProcess(script, args, env: ProcessInfo.processInfo.environment, cwd: nil)
    p.write(stdin: nil)
    let r = p.wait(timeout: 120)
    XCTAssertFalse(r.timedOut, "scripts/format hung")
    return r
  }

  static let unformatted = """
    func pair(_ L: Int) -> Int {
        let a = L; let b = a + 1
        return b
    }

    let joined = pair(1) + pair(2) + pair(3) + pair(4) + pair(5) + pair(6) + pair(7) + pair(8) + pair(9) + pair(10) + pair(11)

    """

  static let formatted = """
    func pair(_ L: Int) -> Int {
      let a = L; let b = a + 1
      return b
    }

    let joined =
      pair(1) + pair(2) + pair(3) + pair(4) + pair(5) + pair(6) + pair(7) + pair(8) + pair(9) + pair(10) + pair(11)

    """

  func testCheckListsFindingsAndFixRewritesToTheHouseStyle() throws {
    let dir = try SuiteDir(["Sample.swift": Self.unformatted])
    let path = dir.url.appendingPathComponent("Sample.swift").path
    XCTAssertEqual(try format(["--help"]).status, 0)

    let check = try format([path])
    XCTAssertEqual(check.status, 1, check.description)
    XCTAssertTrue(check.stderr.contains("Sample.swift:2:1: error: [Indentation]"), check.stderr)
    XCTAssertTrue(check.stderr.contains("Sample.swift:6:1: error: [LineLength]"), check.stderr)
    XCTAssertFalse(check.stderr.contains("[DoNotUseSemicolons]"), "paired statements are house style: \(check.stderr)")
    XCTAssertFalse(check.stderr.contains("[AlwaysUseLowerCamelCase]"), "Lua's L is house style: \(check.stderr)")
    XCTAssertEqual(dir.read("Sample.swift"), Self.unformatted, "the check changed the file")

    let fix = try format(["--fix", path])
    XCTAssertEqual(fix.status, 0, fix.description)
    XCTAssertEqual(dir.read("Sample.swift"), Self.formatted)
    XCTAssertEqual(try format([path]).status, 0)
  }

  func testAMissingPathIsAUsageError() throws {
    let r = try format(["/nonexistent/Sample.swift"])
    XCTAssertEqual(r.status, 2, r.description)
    XCTAssertTrue(r.stderr.contains("no such file or folder: /nonexistent/Sample.swift"), r.stderr)
  }
}
