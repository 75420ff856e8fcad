import Foundation
import XCTest

/// Issue 21.5: under `--sandbox`, symlinks do not lead `require` or goldens out of their folders,
/// `package.searchpath` cannot probe for files, and a run writes a bounded total of goldens.
final class CLISandboxSymlinkTests: CLITestCase {
  private func symlink(_ name: String, to target: String) throws {
    try FileManager.default.createSymbolicLink(atPath: tmp + "/" + name, withDestinationPath: target)
  }

  func testSearchpathIsGone() throws {
    let r = try runHost([
      "--sandbox", "-e", "print(package.searchpath) print(pcall(package.searchpath, 'shadow', '/etc/?'))",
    ])
    assertSane(r)
    XCTAssertEqual(r.stdout, "nil\nfalse\tattempt to call a nil value\n")
  }

  /// A link to /etc/passwd used to load it as Lua: the syntax error printed its first token.
  func testRequireRefusesFilesThatSymlinksLeadOutOfTheFolder() throws {
    let outside = tmp + "-outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try "return 'secret'\n".write(toFile: outside + "/m.lua", atomically: true, encoding: .utf8)
    try symlink("pw.lua", to: "/etc/passwd")
    try symlink("lib", to: outside)
    try symlink("alias.lua", to: tmp + "/real.lua")  // a link that stays inside is fine
    try write("real.lua", "return 'real'\n")
    try write(
      "main.lua",
      """
      print(require("alias"))
      print(pcall(require, "pw"))
      print(pcall(require, "lib.m"))
      """)
    let r = try runHost(["--sandbox", "main.lua"])
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(
      r.stdout,
      """
      real\t./alias.lua
      false\tmodule 'pw': file './pw.lua' leads outside the sandbox's folders (a symbolic link?)
      false\tmodule 'lib.m': file './lib/m.lua' leads outside the sandbox's folders (a symbolic link?)

      """)
    XCTAssertFalse(r.stdout.contains("root") || r.stdout.contains("secret"), r.stdout)
    // Without the sandbox, require follows links as lua5.4 does.
    XCTAssertEqual(try runHost(["-e", "print(require('lib.m'))"]).stdout, "secret\t./lib/m.lua\n")
  }

  /// A `__snapshots__` link let `assert.snapshot` write anywhere and `-u` delete anywhere.
  func testGoldensStayNextToTheirScenarioFile() throws {
    let outside = tmp + "-goldens"
    try FileManager.default.createDirectory(atPath: outside + "/gone_spec", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try "precious\n".write(toFile: outside + "/gone_spec/keep.snap", atomically: true, encoding: .utf8)
    try FileManager.default.createDirectory(atPath: tmp + "/spec", withIntermediateDirectories: true)
    try symlink("spec/__snapshots__", to: outside)
    try write("spec/a_spec.lua", #"it("writes", function() assert.snapshot("one", {1, 2}) end)"#)
    let r = try runHost(["test", "--sandbox", "-u", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(
      r.stdout.contains(
        "spec/a_spec.lua:1: snapshot 'one': spec/__snapshots__/a_spec/one.snap leads outside spec (a symbolic link?); "
          + "the sandbox writes goldens only next to their scenario file"), r.stdout)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: outside), ["gone_spec"], "nothing written outside")
    XCTAssertEqual(
      try String(contentsOfFile: outside + "/gone_spec/keep.snap", encoding: .utf8), "precious\n",
      "nothing deleted outside")
  }

  /// One scenario wrote 477 MB of goldens in 4 s; a sandboxed run now stops at 32 MiB.
  func testASandboxedRunWritesABoundedTotal() throws {
    try write(
      "spec/big_spec.lua",
      """
      it("writes goldens until the budget is spent", function()
        local s = string.rep("x", 2^20)
        for i = 1, 40 do assert.snapshot("g" .. i, s) end
      end)
      """)
    let r = try runHost(["test", "--sandbox", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(
      r.stdout.contains(
        "spec/big_spec.lua:3: snapshot 'g32': the sandbox's write budget is spent (33554432 bytes of goldens per run)"),
      r.stdout)
    let folder = tmp + "/spec/__snapshots__/big_spec"
    let total = try FileManager.default.contentsOfDirectory(atPath: folder).reduce(0) { sum, name in
      sum + ((try? FileManager.default.attributesOfItem(atPath: folder + "/" + name)[.size] as? Int) ?? 0)
    }
    XCTAssertLessThanOrEqual(total, 32 << 20)
    // Without the sandbox there is no budget.
    XCTAssertEqual(try runHost(["test", "spec"]).status, 0)
  }

  /// The budget is the run's, not a process's: scenarios run in forks of several workers.
  func testTheWriteBudgetIsSharedByEveryWorkerAndScenario() throws {
    for f in ["a", "b"] {
      for k in 1...2 {
        try write(
          "spec/\(f)\(k)_spec.lua",
          """
          it("writes 10 MiB", function()
            local s = string.rep("x", 2^20)
            for i = 1, 10 do assert.snapshot("g" .. i, s) end
          end)
          """)
      }
    }
    let r = try runHost(["test", "--sandbox", "--jobs", "2", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertTrue(
      r.stdout.contains("the sandbox's write budget is spent (33554432 bytes of goldens per run)"), r.stdout)
    var total = 0
    for folder in try FileManager.default.contentsOfDirectory(atPath: tmp + "/spec/__snapshots__") {
      let dir = tmp + "/spec/__snapshots__/" + folder
      for name in try FileManager.default.contentsOfDirectory(atPath: dir) {
        total += (try FileManager.default.attributesOfItem(atPath: dir + "/" + name)[.size] as? Int) ?? 0
      }
    }
    XCTAssertGreaterThan(total, 30 << 20)
    XCTAssertLessThanOrEqual(total, 32 << 20)
  }
}
