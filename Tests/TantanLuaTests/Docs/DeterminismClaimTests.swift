import Foundation
import XCTest

/// The README's "same output, byte for byte" says when it holds, and holds as worded: with
/// `--seed`, and in scenarios (seeded by default); a plain run seeds `math.random` randomly, as
/// `lua5.4` does.
final class DeterminismClaimTests: XCTestCase {
  func testTheReadmeClaimNamesTheSeedAndHoldsAsWorded() throws {
    let readme = try String(contentsOf: HostBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    let claim = readme.components(separatedBy: "\n\n").first { $0.contains("byte for byte") } ?? ""
    XCTAssertTrue(claim.contains("`--seed N`"), "the claim holds with --seed only:\n\(claim)")
    XCTAssertTrue(claim.contains("seeded randomly"), claim)
    XCTAssertTrue(claim.contains("scenarios (`tantan-host test`) are seeded by default"), claim)

    let draw = ["-e", "print(math.random(1 << 40), math.random())"]
    let plain = try Set((1...3).map { _ in try HostBinary.run(draw).stdout })
    XCTAssertGreaterThan(plain.count, 1, "without --seed, math.random is seeded randomly (as lua5.4)")
    let seeded = try Set((1...3).map { _ in try HostBinary.run(["--seed", "7"] + draw).stdout })
    XCTAssertEqual(seeded.count, 1, "with --seed the output is the same")

    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("determinism-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    try #"it("draws", function() error("drew " .. math.random(1 << 40)) end)"#.write(
      to: dir.appendingPathComponent("draw_spec.lua"), atomically: true, encoding: .utf8)
    let runs = try (1...2).map { _ in try HostBinary.run(["test", "--deterministic-times", "draw_spec.lua"], cwd: dir) }
    XCTAssertTrue(runs[0].stdout.contains("drew "), runs[0].description)
    XCTAssertEqual(runs[0].stdout, runs[1].stdout, "scenarios are seeded by default")
  }
}
