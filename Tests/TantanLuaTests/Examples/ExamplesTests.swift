import Foundation
import XCTest

/// Every `examples/**/*.lua` runs through the real binary with `--seed 1`, exits 0, and prints
/// exactly `examples/expected/<path>.out`. Set UPDATE_EXAMPLES=1 to rewrite the expected files.
final class ExamplesTests: XCTestCase {
  func testEveryExampleRunsAndPrintsItsExpectedOutput() throws {
    let root = HostBinary.packageRoot
    let examples = root.appendingPathComponent("examples")
    let files = (FileManager.default.enumerator(atPath: examples.path)?.allObjects as? [String] ?? [])
      .filter { $0.hasSuffix(".lua") && !$0.hasPrefix("expected/") && !$0.contains("/lua/") && !$0.hasSuffix("plugin.lua") }
      .sorted()
    XCTAssertFalse(files.isEmpty)
    for file in files {
      let result = try HostBinary.run(["--seed", "1", "examples/" + file], cwd: root)
      XCTAssertEqual(result.status, 0, "\(file) failed:\n\(result.stderr)")
      let expected = examples.appendingPathComponent("expected/\(file).out")
      if ProcessInfo.processInfo.environment["UPDATE_EXAMPLES"] == "1" {
        try FileManager.default.createDirectory(at: expected.deletingLastPathComponent(), withIntermediateDirectories: true)
        try result.stdout.write(to: expected, atomically: true, encoding: .utf8)
        continue
      }
      guard let want = try? String(contentsOf: expected, encoding: .utf8) else {
        XCTFail("\(file): no expected output at examples/expected/\(file).out (run with UPDATE_EXAMPLES=1)")
        continue
      }
      XCTAssertEqual(result.stdout, want, "\(file) output differs from examples/expected/\(file).out")
    }
  }
}
