import Foundation
import XCTest

/// An error raised in a helper that a hook (or the scenario) called is reported with its own
/// position once, not behind the hook's: `spec/h_spec.lua:5: spec/lib/h.lua:1: boom` was shown.
final class RunnerHookErrorTests: XCTestCase {
  static let files = [
    "spec/lib/h.lua": #"return { boom = function() error("helper broke") end }"#,
    "spec/h_spec.lua": #"""
    package.path = "spec/lib/?.lua;" .. package.path
    local h = require("h")
    describe("before", function()
      before_each(function() h.boom() end)
      it("a", function() end)
    end)
    describe("after", function()
      after_each(function() h.boom() end)
      it("b", function() end)
    end)
    describe("setup", function()
      setup(function() h.boom() end)
      it("c", function() end)
    end)
    describe("teardown", function()
      teardown(function() h.boom() end)
      it("d", function() end)
    end)
    it("finally", function() finally(function() h.boom() end) end)
    it("body", function() h.boom() end)
    describe("unplaced", function()
      before_each(function() error("no position", 0) end)
      it("e", function() end)
    end)
    """#,
  ]

  func testOneLocationPrefix() throws {
    let dir = try SuiteDir(Self.files)
    let r = try dir.test(["--reporter", "default", "--reporter", "junit=out.xml"])
    XCTAssertEqual(r.status, 1, "\(r)")
    XCTAssertEqual(r.stdout.components(separatedBy: "\n  spec/lib/h.lua:1: helper broke\n").count - 1, 6, r.stdout)
    XCTAssertFalse(r.stdout.contains(": spec/lib/h.lua:1:"), r.stdout)
    XCTAssertTrue(
      r.stdout.contains("\n  spec/h_spec.lua:22: no position\n"), "a message without one gets the hook's: \(r.stdout)")
    let errors = try JUnitDocument.parse(dir.read("out.xml")!).testcases.compactMap { $0.first("error") }
    XCTAssertEqual(errors.count, 7)
    for e in errors.prefix(6) { XCTAssertTrue(e.text.hasPrefix("spec/lib/h.lua:1: helper broke\n"), e.text) }
  }
}
