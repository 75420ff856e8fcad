import Foundation
import XCTest

/// The planted-bug examples in `examples/explore/`: `explore` with its default budget finds each
/// bug, shrinks it to at most 5 steps, prints the same report for the same seed, and the printed
/// scenario, pasted after the spec and run alone, fails the same way. With the bug fixed, the
/// same explore passes (the built-in invariants and ready-made actions raise no false alarm).
final class ExploreExamplesTests: XCTestCase {
  struct Example {
    var file: String
    /// The planted bug's code and its fix.
    var bug: String
    var fix: String
  }

  static let examples = [
    Example(
      file: "likes_spec.lua",
      bug: "          app.last_direction = direction\n        end,\n        did_rewind = function()\n"
        + "          if app.last_direction == \"right\" then app.likes = app.likes - 1 end\n",
      fix: "          app.directions[#app.directions + 1] = direction\n        end,\n        did_rewind = function()\n"
        + "          if table.remove(app.directions) == \"right\" then app.likes = app.likes - 1 end\n"),
    Example(
      file: "channels_spec.lua",
      bug: "        can_drop = function(_, _, _)\n          local s = grid.snapshot\n"
        + "          local over = grid:index_at(s.x + s.w / 2, s.y + s.h / 2)\n"
        + "          return not (over and FIXED[grid:item(over)])\n",
      fix: "        can_drop = function(_, _, to)\n          return FIXED[grid:item(to)] == nil\n"),
    Example(
      file: "feed_spec.lua",
      bug: "          for _, item in ipairs(page) do app.items[#app.items + 1] = item end\n          done(page)\n",
      fix: "          if done(page) == \"appended\" then\n"
        + "            for _, item in ipairs(page) do app.items[#app.items + 1] = item end\n          end\n"),
  ]

  func source(_ e: Example) throws -> String {
    let url = HostBinary.packageRoot.appendingPathComponent("examples/explore/\(e.file)")
    return try String(contentsOf: url, encoding: .utf8)
  }

  /// The lines of the printed scenario (`it(` ... `end)`), unindented.
  func printedScenario(_ out: String) -> String? {
    let lines = out.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let start = lines.firstIndex(where: { $0.hasPrefix("  it(") }),
      let end = lines[start...].firstIndex(where: { $0 == "  end)" })
    else { return nil }
    return lines[start...end].map { String($0.dropFirst(2)) }.joined(separator: "\n")
  }

  func testEachPlantedBugIsFoundShrunkToFiveStepsAndReplaysAlone() throws {
    for e in Self.examples {
      let text = try source(e)
      XCTAssertTrue(text.contains(e.bug), "\(e.file): the planted bug's code moved; update the test")
      let dir = try SuiteDir([e.file: text])
      let found = try dir.test([e.file])
      XCTAssertEqual(found.status, 1, "\(e.file):\n\(found.stdout)\(found.stderr)")
      let out = found.stdout
      XCTAssertTrue(out.contains("explore found a failing sequence"), "\(e.file):\n\(out)")
      let shrunk = try XCTUnwrap(out.firstMatch(of: /shrunk from (\d+) to (\d+) steps?/), "\(e.file):\n\(out)")
      XCTAssertLessThanOrEqual(Int(shrunk.2)!, 5, "\(e.file) shrank only to \(shrunk.2) steps:\n\(out)")
      XCTAssertTrue(out.contains("replay: tantan-host test \(e.file):"), out)
      let failure = try XCTUnwrap(
        out.split(separator: "\n").first { $0.contains(" after step ") }.map { String($0.drop { $0 == " " }) })

      // Same seed, same report, byte for byte (also from a second worker thread).
      let again = try dir.test([e.file, "--jobs", "2"])
      XCTAssertEqual(printedScenario(again.stdout), printedScenario(out))
      XCTAssertEqual(
        again.stdout.components(separatedBy: "\n").filter { !$0.contains(" s)") },
        out.components(separatedBy: "\n").filter { !$0.contains(" s)") })

      // The printed scenario, pasted after the spec, fails alone with the same failure.
      let scenario = try XCTUnwrap(printedScenario(out), "\(e.file): no scenario printed:\n\(out)")
      let pasted = text + "\n" + scenario + "\n"
      let line = text.split(separator: "\n", omittingEmptySubsequences: false).count + 1
      try dir.write("pasted_spec.lua", pasted)
      let replay = try dir.test(["pasted_spec.lua:\(line)"])
      XCTAssertEqual(replay.status, 1, replay.stdout)
      XCTAssertTrue(replay.stdout.contains("1 scenario:"), replay.stdout)
      let same = failure.replacingOccurrences(of: e.file + ":", with: "pasted_spec.lua:")
      XCTAssertTrue(
        replay.stdout.contains(same), "\(e.file): the replay did not fail with\n\(failure)\n\(replay.stdout)")
    }
  }

  func testWithTheBugFixedTheSameExplorePasses() throws {
    for e in Self.examples {
      var text = try source(e).replacingOccurrences(of: e.bug, with: e.fix)
      text = text.replacingOccurrences(
        of: "local app = { likes = 0, last_direction = nil }", with: "local app = { likes = 0, directions = {} }")
      let dir = try SuiteDir([e.file: text])
      let r = try dir.test([e.file, "-o", "json=report.json"])
      XCTAssertEqual(r.status, 0, "\(e.file) with the fix:\n\(r.stdout)")
      let report = try XCTUnwrap(dir.read("report.json"))
      XCTAssertTrue(report.contains("explore: 100 runs of 50 steps passed (seed 0)"), report)
      XCTAssertTrue(report.contains("coverage ("), report)
      let callback = [
        "likes_spec.lua": "did_rewind", "channels_spec.lua": "can_drop", "feed_spec.lua": "on_load_more",
      ][e.file]!
      let reached = try XCTUnwrap(report.firstMatch(of: /callbacks reached: ([a-z_, ]*)/), report)
      XCTAssertTrue(reached.1.contains(callback), "\(e.file): \(callback) not in coverage: \(reached.1)")
    }
  }
}
