import Foundation
import XCTest

/// The repository's `scenarios/` folder, run as CI runs it (through the binary, JUnit output, CI=true
/// so a missing golden fails), and under busted itself when busted is installed.
final class ScenariosFolderTests: XCTestCase {
  var root: URL { HostBinary.packageRoot }

  func testScenariosFolderPassesWithJUnitOutput() throws {
    let out = FileManager.default.temporaryDirectory.appendingPathComponent("scenarios-\(UUID().uuidString).xml")
    defer { try? FileManager.default.removeItem(at: out) }
    let r = try HostBinary.run(
      ["test", "scenarios", "--jobs", "2", "--reporter", "junit=\(out.path)", "--reporter", "default"],
      env: ["CI": "true"], cwd: root, timeout: 120)
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    let junit = try JUnitDocument.parse(String(contentsOf: out, encoding: .utf8))
    let cases = junit.testcases
    XCTAssertGreaterThanOrEqual(cases.count, 50)
    XCTAssertTrue(cases.allSatisfy { $0.first("failure") == nil && $0.first("error") == nil })
    // Every golden in scenarios/ is used (CI=true would have failed otherwise) and nothing was written.
    XCTAssertFalse(r.stdout.contains("UNUSED"))
    let files =
      FileManager.default.enumerator(atPath: root.appendingPathComponent("scenarios").path)?.allObjects as? [String]
      ?? []
    XCTAssertEqual(files.filter { $0.hasSuffix(".new") }, [], "no golden mismatched")
  }

  /// `busted --lua=tantan-host` (Debian's lua-busted, installed by scripts/bootstrap). The
  /// snapshot scenarios use tantan-host's `assert.snapshot`, so they are excluded by tag.
  func testBustedRunsTheScenariosUnderTantanHost() throws {
    let busted = "/usr/bin/busted"
    guard FileManager.default.isExecutableFile(atPath: busted) else {
      throw XCTSkip("busted is not installed (apt-get install lua-busted)")
    }
    let p = Process()
    p.executableURL = URL(fileURLWithPath: busted)
    p.arguments = ["--lua=\(HostBinary.path)", "--exclude-tags=snapshot", "--output=TAP", "scenarios"]
    p.currentDirectoryURL = root
    let pipe = Pipe()
    p.standardOutput = pipe
    p.standardError = pipe
    try p.run()
    let data = pipe.fileHandleForReading.readDataToEndOfFile()
    p.waitUntilExit()
    let out = String(decoding: data, as: UTF8.self)
    XCTAssertEqual(p.terminationStatus, 0, out)
    XCTAssertTrue(out.contains("ok "), out)
    XCTAssertFalse(out.contains("not ok"), out)
  }
}
