import Foundation
import XCTest

@testable import TantanLua

/// The compiled plugin files shared by the states of one `tantan-host test` run.
final class PluginChunkCacheTests: XCTestCase {
  func testASecondStateLoadsThePluginFromTheCacheWithItsPositions() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/cached", name: "cached",
      setup: """
        local m = require("cached_util")
        host.register_assertion("small", m.small)
        """)
    try s.write(
      "p/cached/lua/cached_util.lua",
      """
      local M = {}
      function M.small(n)
        if type(n) ~= "number" then error("a number expected") end
        return n < 10, n .. " is not small"
      end
      return M

      """)
    let cache = PluginChunkCache()
    let candidates = PluginDiscovery.scan(dir.path, .option, explicit: true)
    let first = try LuaTestHost()
    XCTAssertTrue(PluginLoader.load(candidates, into: first.host, options: .init(cache: cache)))
    XCTAssertEqual(cache.count, 2, "plugin.lua and its module")

    // The files change on disk: a state loading from the cache still gets the compiled ones.
    try s.write("p/cached/plugin.lua", "return 42\n")
    try s.write("p/cached/lua/cached_util.lua", "syntax error here\n")
    let second = try LuaTestHost()
    var reports: [String] = []
    second.host.plugins.report = { reports.append($0) }
    XCTAssertTrue(PluginLoader.load(candidates, into: second.host, options: .init(cache: cache)))
    XCTAssertEqual(reports, [])
    XCTAssertEqual(second.host.plugins.records.map(\.status), [.loaded])
    second.ok("tantan.assertion('small')(3)")
    let module = dir.appendingPathComponent("lua/cached_util.lua").path
    second.fails("tantan.assertion('small')('x')", "\(module):3: a number expected")
    second.fails("tantan.assertion('small')(12)", "test:1: 12 is not small")

    // Without the cache the changed files are read again.
    let third = try LuaTestHost()
    third.host.plugins.report = { _ in }
    PluginLoader.load(candidates, into: third.host, options: .init())
    XCTAssertEqual(third.host.plugins.records.map(\.status), [.failed])
  }
}
