import XCTest

@testable import TantanLua

/// Issue 21.6: a `require` at the top level of `plugin.lua` did not find the plugin's own `lua/`
/// modules (it worked inside `setup`): the plugin failed to load with "module not found".
final class PluginTopLevelRequireTests: XCTestCase {
  func testTheTopLevelOfPluginLuaFindsItsOwnModules() throws {
    let s = try PluginSandbox()
    try s.write("p/tops/lua/tops_util.lua", "return { version = '2.5', greet = function() return 'hi' end }\n")
    try s.write(
      "p/tops/plugin.lua",
      """
      local util = require("tops_util")
      return { name = "tops", version = util.version, api = 1, setup = function(host)
        _G.tops_greeting = require("tops_util").greet()
      end }
      """)
    let p = try PluginTestHost([s.root.appendingPathComponent("p/tops").path])
    XCTAssertEqual(p.reports, [])
    XCTAssertEqual(p.record("tops")?.status, .loaded)
    XCTAssertEqual(p.record("tops")?.version, "2.5")
    XCTAssertEqual(p.t.eval("tops_greeting"), "hi")
    // Only while its own plugin.lua runs: the folder is then searchable under the plugin's name.
    XCTAssertEqual(p.t.eval("require('tops_util').version"), "2.5")
  }
}
