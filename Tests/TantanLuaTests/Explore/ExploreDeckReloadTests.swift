import Foundation
import XCTest

/// Issue 28 point 6: the ready-made deck actions reload with data changes (cards inserted and
/// removed at the front or the end, with or without keep_position, inside fly-offs too), so an
/// app's bookkeeping across reloads is explored. Before the fix this explore found both bugs: an
/// undo bringing back a card never swiped, and a did_swipe never followed by did_remove.
final class ExploreDeckReloadTests: XCTestCase {
  static let spec = """
    local spec = {
      setup = function()
        local src = {}
        for i = 1, 8 do src[i] = { id = i, title = "profile " .. i } end
        local app = { announced = 0, removed = 0, out = {}, flying = nil }
        local deck = tantan.deck{ source = src, delegate = {
          did_swipe = function(d) app.announced = app.announced + 1 app.flying = d.top.model.id end,
          did_remove = function()
            app.removed = app.removed + 1
            app.out[app.flying] = (app.out[app.flying] or 0) + 1
          end,
          did_rewind = function(d)
            local id = d.top.model.id
            assert((app.out[id] or 0) > 0, "undo brought back " .. tostring(id) .. ", a card that never left")
            app.out[id] = app.out[id] - 1
          end,
        } }
        return { deck = deck, app = app }
      end,
      actions = tantan.explore.deck_actions(),
      invariant = function(o)
        if o.deck.state ~= "animating" then
          assert(o.app.announced == o.app.removed,
            o.app.announced .. " did_swipe but " .. o.app.removed .. " did_remove with no fly-off running")
        end
      end,
    }
    explore("the app's swipes survive reloads", spec)

    """

  func testExploreFindsNoSwipeLostOrInventedAcrossReloads() throws {
    let dir = try SuiteDir(["reload_spec.lua": Self.spec])
    let r = try dir.test(["reload_spec.lua", "-o", "json=report.json"])
    XCTAssertEqual(r.status, 0, r.stdout)
    let report = try XCTUnwrap(dir.read("report.json"))
    XCTAssertTrue(report.contains("explore: 100 runs of 50 steps passed (seed 0)"), report)
    let reached = try XCTUnwrap(report.firstMatch(of: /callbacks reached: ([a-z_, ]*)/), report)
    XCTAssertTrue(reached.1.contains("did_rewind"), "\(reached.1)")
  }

  /// The reload step says what changed, so a printed failure reads on its own.
  func testTheReloadStepNotesItsDataChange() throws {
    let dir = try SuiteDir([
      "note_spec.lua": """
      local spec = {
        setup = function() return tantan.deck{ source = { { id = 1 }, { id = 2 }, { id = 3 } } } end,
        actions = tantan.explore.deck_actions(),
        invariant = function(d) return d.count <= 3 end,
      }
      explore("the deck never grows", spec)

      """
    ])
    let r = try dir.test(["note_spec.lua"])
    XCTAssertEqual(r.status, 1, r.stdout)
    XCTAssertTrue(r.stdout.contains(" (inserted 1 at the end)"), r.stdout)
    XCTAssertTrue(r.stdout.contains("shrunk from"), r.stdout)
  }
}
