import Foundation
import XCTest

/// Folder discovery through the binary: each real folder is searched once, whatever symlinks
/// lead back into it.
final class RunnerDiscoveryTests: XCTestCase {
  func testASymlinkToAParentFolderCollectsTheSuiteOnce() throws {
    let dir = try SuiteDir([
      "spec/a_spec.lua": #"it("a", function() assert.is_true(true) end)"#,
      "spec/sub/b_spec.lua": #"it("b", function() assert.is_true(true) end)"#,
    ])
    let fm = FileManager.default
    try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("spec/up").path, withDestinationPath: "..")
    try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("spec/sub/loop").path, withDestinationPath: ".")
    try fm.createSymbolicLink(
      atPath: dir.url.appendingPathComponent("spec/sub/again_spec.lua").path, withDestinationPath: "b_spec.lua")
    let r = try dir.test(["--list"], timeout: 30)
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(r.stdout, "spec/a_spec.lua:1: a\nspec/sub/b_spec.lua:1: b\n")
    let run = try dir.test(["--reporter", "json"], timeout: 30)
    XCTAssertEqual((try json(run.stdout)["scenarios"] as? [Any])?.count, 2, run.stderr)
  }
}
