import Foundation
import LuaRuntime
import XCTest

@testable import TantanLua

/// tantan.explore's functions are Lua code: their reference rows come from the LuaLS annotations
/// above their definitions, and their chunks are named after their files like every embedded script.
final class ExploreDocsTests: XCTestCase {
  func testEngineChunksAreNamedAfterTheirFiles() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local src = debug.getinfo(tantan.explore.replay, "S").source
      assert(src == "=[tantan]/explore.lua", src)
      src = debug.getinfo(tantan.explore.deck_actions, "S").source
      assert(src == "=[tantan]/explore_deck.lua", src)
      """)
  }

  /// Every function of the loaded table has exactly one row, read from its annotations, with every
  /// parameter typed; and no row names a function that is not there.
  func testEveryExploreFunctionHasItsRowFromItsAnnotations() throws {
    let (docs, problems) = ExploreBinding.annotations(
      ExploreBinding.scripts + ComponentRegistry.builtin.entries.map(\.explore))
    XCTAssertEqual(problems, [])
    let names = docs.map { String($0.name.dropFirst("tantan.explore.".count)) }
    XCTAssertEqual(names.sorted(), ["deck_actions", "grid_actions", "list_actions", "replay"])
    XCTAssertEqual(
      docs.first { $0.name == "tantan.explore.replay" }?.signature, "fun(spec: table, steps: any[][]): true")
    let t = try LuaTestHost()
    t.ok(
      """
      local declared = {}
      for _, n in ipairs({\(names.map { "\"\($0)\"" }.joined(separator: ", "))}) do declared[n] = true end
      local _ = tantan.explore.replay  -- loads the engine
      for k, v in pairs(tantan.explore) do
        if type(v) == "function" then assert(declared[k], "tantan.explore." .. k .. " has no annotations") end
      end
      for k in pairs(declared) do assert(type(tantan.explore[k]) == "function", k) end
      """)
  }

  func testAnUnannotatedParameterIsReported() {
    let source = """
      ---Does a thing.
      ---@param a integer
      ---@return string
      function t.f(a, b) end
      -- not annotated: no row
      function t.g() end
      """
    let (docs, problems) = LuaAnnotations.functions(in: source, table: "t", as: "m.t")
    XCTAssertEqual(docs, [LuaDoc(.function, "m.t.f", "fun(a: integer, b: any): string", "Does a thing.")])
    XCTAssertEqual(problems, ["m.t.f: parameter 'b' has no ---@param"])
  }

  /// A ready-made action's frames (explore_actions.lua) are the engine's: an error raised under
  /// one shows no `[tantan]/explore*.lua` line (explore.lua's traceback filter follows the names).
  func testAReadyMadeActionsFramesAreLeftOutOfTheTraceback() throws {
    let spec = """
      explore("a delegate raises", {
        setup = function()
          return tantan.deck{ source = {{}, {}, {}, {}, {}}, delegate = { did_swipe = function() error("delegate failed") end } }
        end,
        actions = tantan.explore.deck_actions(),
        runs = 1, steps = 20,
      })

      """
    let dir = try SuiteDir(["deck_spec.lua": spec])
    let r = try dir.test(["deck_spec.lua"])
    XCTAssertEqual(r.status, 1, r.stdout)
    XCTAssertTrue(r.stdout.contains("deck_spec.lua:3: delegate failed"), r.stdout)
    XCTAssertTrue(r.stdout.contains("in method 'pan'"), r.stdout)
    XCTAssertFalse(r.stdout.contains("[tantan]/explore"), r.stdout)
  }
}
