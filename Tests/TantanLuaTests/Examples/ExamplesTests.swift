import Foundation
import XCTest

/// Every `examples/**/*.lua` runs through the real binary with `--seed 1`, exits 0, and prints
/// exactly `examples/expected/<path>.out`. Set UPDATE_EXAMPLES=1 to rewrite the expected files.
/// Plugin folders (`examples/plugins/**`) are not examples: the plugin tests load them; the scenario
/// files of `examples/explore/` fail on purpose and run in ExploreExamplesTests. An example
/// whose first line is `-- run: tantan-host OPTIONS... examples/NAME.lua` runs with those options.
final class ExamplesTests: XCTestCase {
  func testEveryExampleRunsAndPrintsItsExpectedOutput() throws {
    let root = HostBinary.packageRoot
    let examples = root.appendingPathComponent("examples")
    let files = (FileManager.default.enumerator(atPath: examples.path)?.allObjects as? [String] ?? [])
      .filter {
        $0.hasSuffix(".lua") && !$0.hasPrefix("expected/") && !$0.contains("/lua/") && !$0.hasSuffix("plugin.lua")
          && !$0.hasPrefix("plugins/")
          && !$0.hasPrefix("explore/")
      }  // scenario files with planted bugs: ExploreExamplesTests runs them
      .sorted()
    XCTAssertFalse(files.isEmpty)
    for file in files {
      let result = try HostBinary.run(
        ["--seed", "1"] + runOptions(examples.appendingPathComponent(file)) + ["examples/" + file], cwd: root)
      XCTAssertEqual(result.status, 0, "\(file) failed:\n\(result.stderr)")
      let expected = examples.appendingPathComponent("expected/\(file).out")
      if ProcessInfo.processInfo.environment["UPDATE_EXAMPLES"] == "1" {
        try FileManager.default.createDirectory(
          at: expected.deletingLastPathComponent(), withIntermediateDirectories: true)
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

  /// The options of a `-- run: tantan-host ...` first line (the script's own name left out).
  private func runOptions(_ url: URL) -> [String] {
    guard let text = try? String(contentsOf: url, encoding: .utf8),
      let first = text.split(separator: "\n", maxSplits: 1).first, first.hasPrefix("-- run: tantan-host ")
    else { return [] }
    return first.dropFirst("-- run: tantan-host ".count).split(separator: " ").map(String.init)
      .filter { !$0.hasSuffix(url.lastPathComponent) }
  }
}
