import Foundation
import XCTest

/// Issue 28 point 8: on planted bugs whose shortest failing sequences are known (2, 5 and 11
/// steps: bench/explore_planted_spec.lua), the shrinker ends within one step of the minimum and
/// within 2,000 replays, whatever the seed (the seed changes the sequence the search finds). The
/// shrinker before this one (halving chunk deletion, then draws) ended at 13 steps on the 11-step
/// bug with seeds 12, 15 and 38, two over the minimum.
final class ExploreShrinkTests: XCTestCase {
  struct Shrunk {
    var name: String
    var minimum: Int
    var found: Int
    var steps: Int
    var replays: Int
  }

  func shrunk(seed: Int) throws -> [Shrunk] {
    let r = try HostBinary.run(
      ["test", "bench/explore_planted_spec.lua", "--seed", String(seed), "-o", "json"], timeout: 120)
    XCTAssertEqual(r.status, 1, "the planted bugs are found\n\(r.stderr)")
    let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any])
    let scenarios = try XCTUnwrap(json["scenarios"] as? [[String: Any]])
    return try scenarios.map { sc in
      let name = try XCTUnwrap(sc["name"] as? String)
      let message = try XCTUnwrap((sc["failure"] as? [String: Any])?["message"] as? String, "\(name) was not found")
      let minimum = try XCTUnwrap(name.firstMatch(of: /\(minimum (\d+)\)/).map { Int($0.1)! }, name)
      let m = try XCTUnwrap(message.firstMatch(of: /shrunk from (\d+) to (\d+) steps? in (\d+) replays/), message)
      return Shrunk(name: name, minimum: minimum, found: Int(m.1)!, steps: Int(m.2)!, replays: Int(m.3)!)
    }
  }

  func testPlantedBugsShrinkToWithinOneStepOfTheirMinimum() throws {
    var report: [String] = []
    for seed in [0, 1, 2, 3, 12, 15, 38] {
      let results = try shrunk(seed: seed)
      XCTAssertEqual(results.count, 3)
      for s in results {
        report.append("seed \(seed) \(s.name): \(s.found) -> \(s.steps) steps in \(s.replays) replays")
        XCTAssertGreaterThanOrEqual(s.steps, s.minimum, "shorter than the known minimum? seed \(seed) \(s.name)")
        XCTAssertLessThanOrEqual(s.steps, s.minimum + 1, "seed \(seed) \(s.name): \(s.steps) steps")
        XCTAssertLessThanOrEqual(s.replays, 2000, "seed \(seed) \(s.name): \(s.replays) replays")
      }
    }
    print(report.joined(separator: "\n"))
  }
}
