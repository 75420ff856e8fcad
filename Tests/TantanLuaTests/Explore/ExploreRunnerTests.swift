import Foundation
import XCTest

/// `explore(name, spec)` as the runner sees it: reports, options, errors, built-in invariants.
final class ExploreRunnerTests: XCTestCase {
  /// A deck whose source hands out one shared model: only the built-in invariant can see it.
  static let sharedModel = """
    local spec = {
      setup = function()
        local shared = { title = "same" }
        return tantan.deck{ source = { count = function() return 5 end, card = function() return shared end } }
      end,
      actions = tantan.explore.deck_actions(),
    }
    explore("a deck over one shared model", spec)

    """

  func testBuiltInInvariantFindsAModelShownTwiceAndReportsItInTAPAndJUnit() throws {
    let dir = try SuiteDir(["deck_spec.lua": Self.sharedModel])
    let r = try dir.test(["deck_spec.lua", "-o", "default", "-o", "tap=out.tap", "-o", "junit=out.xml"])
    XCTAssertEqual(r.status, 1, r.stdout)
    XCTAssertTrue(
      r.stdout.contains("built-in invariant after setup: deck shows one model twice (cards 1 and 2)"), r.stdout)
    XCTAssertTrue(r.stdout.contains("shrunk from 0 to 0 steps"), r.stdout)
    let tap = try TAPDocument.parse(try XCTUnwrap(dir.read("out.tap")))
    XCTAssertEqual(tap.points.count, 1)
    XCTAssertEqual(tap.points.first?.ok, false)
    XCTAssertEqual(tap.points.first?.description.contains("a deck over one shared model"), true)
    let junit = try XCTUnwrap(dir.read("out.xml"))
    XCTAssertTrue(junit.contains("<failure"), junit)
    XCTAssertTrue(junit.contains("deck shows one model twice"), junit)
  }

  func testADataSourceErrorIsAFailureWithItsTraceback() throws {
    let dir = try SuiteDir([
      "source_spec.lua": """
      local spec = {
        setup = function()
          return tantan.deck{ source = {
            count = function() return 100 end,
            card = function(_, index)
              if index == 7 then error("no profile 7") end
              return { id = index }
            end,
          } }
        end,
        actions = { like = function(deck) deck:like() tantan.clock:settle() end },
      }
      explore("the source answers", spec)

      """
    ])
    let r = try dir.test(["source_spec.lua"])
    XCTAssertEqual(r.status, 1, r.stdout)
    XCTAssertTrue(
      r.stdout.contains("error in action 'like' after step 2 (like): source_spec.lua:6: no profile 7"), r.stdout)
    XCTAssertTrue(
      r.stdout.contains("stack traceback:\n  \t[C]: in method 'settle'\n  \tsource_spec.lua:11: in "), r.stdout)
    XCTAssertTrue(r.stdout.contains("shrunk from 2 to 2 steps"), r.stdout)
  }

  /// The ready-made grid actions never try a delete the grid refuses (a source without `delete`).
  func testGridActionsTryNoDeleteOverASourceWithoutDelete() throws {
    let dir = try SuiteDir([
      "fixed_spec.lua": """
      local spec = {
        setup = function()
          local data = { "a", "b", "c", "d", "e", "f" }
          return tantan.grid{ source = { count = function() return #data end, item = function(_, i) return data[i] end,
            move = function(_, from, to) table.insert(data, to, table.remove(data, from)) end } }
        end,
        actions = tantan.explore.grid_actions(),
      }
      explore("a grid whose source cannot delete", spec)

      """
    ])
    let r = try dir.test(["fixed_spec.lua", "--seed", "1"])
    XCTAssertEqual(r.status, 0, r.stdout)
    XCTAssertTrue(r.stdout.contains("1 passed"), r.stdout)
  }

  func testRunsComeFromTheSpecTheOptionOrTheEnvironment() throws {
    let spec = """
      local spec = { runs = 7, steps = 3, setup = function() return {} end, actions = { noop = function() end } }
      explore("counts its runs", spec)

      """
    let dir = try SuiteDir(["runs_spec.lua": spec])
    for (args, env, runs) in [
      ([String](), [String: String](), 7), (["--explore-runs", "2"], [:], 2), ([], ["TANTAN_EXPLORE_RUNS": "4"], 4),
    ] {
      let r = try dir.test(["runs_spec.lua", "-o", "json=r.json"] + args, env: env)
      XCTAssertEqual(r.status, 0, r.stdout)
      XCTAssertTrue(
        try XCTUnwrap(dir.read("r.json")).contains("explore: \(runs) runs of 3 steps passed"), "\(args) \(env)")
    }
    let bad = try dir.test(["runs_spec.lua"], env: ["TANTAN_EXPLORE_RUNS": "lots"])
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.stdout.contains("TANTAN_EXPLORE_RUNS: positive integer expected, got lots"), bad.stdout)
    let usage = try dir.test(["runs_spec.lua", "--explore-runs", "0"])
    XCTAssertEqual(usage.status, 2, usage.stderr)
  }

  func testAModelIsCheckedAfterEveryStepAndDrawsAreCheckedLikeLuaArguments() throws {
    let dir = try SuiteDir([
      "model_spec.lua": """
      local counter = {
        setup = function() return { n = 0 } end,
        actions = {
          add = function(o, gen) local k = gen.int(1, 1000) o.n = o.n + (k == 777 and k + 1 or k) return k end,
        },
        model = {
          init = function() return 0 end,
          next = function(total, name, k) return total + k end,
          check = function(total, o) assert.are.equal(total, o.n) end,
        },
        runs = 50,
      }
      explore("the counter adds what it is given", counter)
      explore("bad draws", { setup = function() return {} end, actions = { a = function(_, gen) gen.int(1.5, 2) end } })

      """
    ])
    let r = try dir.test(["model_spec.lua"])
    XCTAssertEqual(r.status, 1, r.stdout)
    XCTAssertTrue(
      r.stdout.contains("model after step 1 (add): model_spec.lua:9: Expected objects to be equal."), r.stdout)
    XCTAssertTrue(r.stdout.contains("1. {\"add\", 777}"), "the draw cannot shrink: only 777 fails\n\(r.stdout)")
    XCTAssertTrue(r.stdout.contains("tantan.explore.replay(counter, {"), r.stdout)
    XCTAssertTrue(
      r.stdout.contains(
        "error in action 'a' after step 1 (a): model_spec.lua:14: bad argument #1 to 'int' (integer expected, got float)"
      ), r.stdout)
  }

  func testTheListApplyActionAppliesARandomDiffAndSaysWhich() throws {
    let dir = try SuiteDir([
      "apply_spec.lua": """
      local spec = {
        setup = function()
          return tantan.list{ sections = { { id = "a", items = { { id = 1 }, { id = 2 }, { id = 3 } } }, { id = "b", items = { { id = 4 } } } } }
        end,
        actions = { apply = tantan.explore.list_actions().apply },
        invariant = function(l) assert(l.count >= 4 and l.section_count == 2 and l:section_id(2) == "b", "the list lost an item") end,
      }
      explore("applied diffs keep every item", spec)

      """
    ])
    let r = try dir.test(["apply_spec.lua"])
    XCTAssertEqual(r.status, 1, r.stdout)
    XCTAssertTrue(
      r.stdout.contains("invariant after step 1 (apply): apply_spec.lua:6: the list lost an item"), r.stdout)
    XCTAssertTrue(
      r.stdout.contains("1. {\"apply\", 1, 1, 1, 1}  -- list:apply(the sections with: delete 1.1)"), r.stdout)
  }

  func testTheCodeLoadsOnFirstUseAndWorksInTheSandbox() throws {
    let dir = try SuiteDir(["sandbox_spec.lua": Self.sharedModel])
    let lazy = try dir.run([
      "-e",
      "print(rawget(tantan.explore, 'deck_actions')); print(type(tantan.explore.grid_actions)); print(rawget(tantan.explore, 'deck_actions') ~= nil)",
    ])
    XCTAssertEqual(lazy.stdout, "nil\nfunction\ntrue\n", lazy.stderr)
    let r = try dir.test(["sandbox_spec.lua", "--sandbox"])
    XCTAssertEqual(r.status, 1, r.stdout)
    XCTAssertTrue(r.stdout.contains("deck shows one model twice"), r.stdout)
  }
}
