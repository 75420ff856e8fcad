import XCTest

/// `--jobs` (reports byte-identical to serial), `--shard` (disjoint, union = suite),
/// `merge-reports` (the merged shards render like one run), `--seed` and `--shuffle`.
final class RunnerScaleOutTests: XCTestCase {
  func suite() throws -> SuiteDir {
    var files = Fixtures.generated(files: 6, perFile: 7)
    files["spec/mixed_spec.lua"] = Fixtures.mixed
    return try SuiteDir(files)
  }

  static let reporters = [
    "--deterministic-times", "--reporter", "json=R.json", "--reporter", "junit=R.xml", "--reporter", "tap=R.tap",
    "--reporter", "default=R.txt",
  ]

  func reports(_ dir: SuiteDir, _ args: [String], tag: String) throws -> [String] {
    let r = try dir.test(args + Self.reporters.map { $0.replacingOccurrences(of: "R.", with: "\(tag).") })
    XCTAssertEqual(r.status, 1, r.stderr)
    return try ["json", "xml", "tap", "txt"].map { try XCTUnwrap(dir.read("\(tag).\($0)")) }
  }

  func testParallelReportsAreByteIdenticalToSerial() throws {
    let dir = try suite()
    let serial = try reports(dir, ["--seed", "9"], tag: "serial")
    let parallel = try reports(dir, ["--seed", "9", "--jobs", "2"], tag: "parallel")
    let four = try reports(dir, ["--seed", "9", "-j", "4"], tag: "four")
    XCTAssertEqual(serial, parallel)
    XCTAssertEqual(serial, four)
    XCTAssertEqual(try TAPDocument.parse(serial[2]).points.count, 48)
    let shuffledSerial = try reports(dir, ["--seed", "9", "--shuffle"], tag: "ss")
    let shuffledParallel = try reports(dir, ["--seed", "9", "--shuffle", "--jobs", "2"], tag: "sp")
    XCTAssertEqual(shuffledSerial, shuffledParallel)
  }

  func testShardsAreDisjointAndTogetherAreTheSuite() throws {
    let dir = try suite()
    let all = try dir.test(["--list"]).stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(all.count, 48, "the pending scenario is listed too")
    for n in [1, 2, 3, 50] {
      var union: [String] = []
      for i in 1...n {
        let r = try dir.test(["--list", "--shard", "\(i)/\(n)", "--pass-with-no-tests"])
        let shard = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertTrue(Set(shard).isDisjoint(with: union), "shard \(i)/\(n) overlaps")
        XCTAssertLessThanOrEqual(abs(shard.count - all.count / n), 1, "balanced")
        union += shard
        if n == 3 {
          XCTAssertEqual(
            try dir.test(["--list", "--shard", "\(i)/\(n)", "--pass-with-no-tests"]).stdout, r.stdout, "deterministic")
        }
      }
      XCTAssertEqual(union.sorted(), all.sorted(), "shards of \(n)")
    }
  }

  func testMergedShardsRenderLikeOneRun() throws {
    let dir = try suite()
    let whole = try reports(dir, ["--seed", "4"], tag: "whole")
    for i in 1...3 {
      let r = try dir.test(["--seed", "4", "--shard", "\(i)/3", "--reporter", "json=shard\(i).json"])
      XCTAssertNotEqual(r.status, 2, r.stderr)
    }
    let merged = try dir.run([
      "merge-reports", "shard3.json", "shard1.json", "shard2.json", "--deterministic-times",
      "--reporter", "junit=merged.xml", "--reporter", "default",
    ])
    XCTAssertEqual(merged.status, 1)
    XCTAssertEqual(dir.read("merged.xml"), whole[1], "one JUnit, in suite order")
    XCTAssertEqual(merged.stdout, whole[3], "one summary")
    let root = try JUnitDocument.parse(dir.read("merged.xml")!)
    XCTAssertEqual(root.testcases.count, 48)
  }

  func testSeedDrivesShuffleAndMathRandom() throws {
    var files = Fixtures.generated(files: 3, perFile: 10)
    files["spec/random_spec.lua"] = #"""
      it("a", function() print(math.random(1000000)) end)
      it("b", function() print(math.random(1000000)) end)
      """#
    let dir = try SuiteDir(files)
    func order(_ args: [String]) throws -> [String] {
      let r = try dir.test(args + ["--reporter", "tap"])
      XCTAssertTrue(r.stdout.contains(args.contains("--shuffle") ? ", shuffled" : "seed"), r.stdout)
      return try TAPDocument.parse(r.stdout).points.map(\.description)
    }
    let declared = try order(["--seed", "1"])
    let s1 = try order(["--seed", "1", "--shuffle"])
    XCTAssertEqual(s1, try order(["--seed", "1", "--shuffle"]))
    XCTAssertNotEqual(s1, declared)
    XCTAssertEqual(s1.sorted(), declared.sorted())
    XCTAssertNotEqual(s1, try order(["--seed", "2", "--shuffle"]))
    let header = try dir.test(["--shuffle", "--reporter", "tap"]).stdout
    XCTAssertNotNil(
      header.range(of: #"# tantan-host test: seed -?\d+, shuffled"#, options: .regularExpression),
      "a shuffle without --seed prints the seed it chose")

    func randoms(_ seed: String) throws -> [String] {
      let r = try dir.test(["spec/random_spec.lua", "--seed", seed, "--reporter", "json"])
      return (try json(r.stdout)["scenarios"] as! [[String: Any]]).map { $0["output"] as! String }
    }
    let a = try randoms("11")
    XCTAssertEqual(a[0], a[1], "every scenario starts from the same seed")
    XCTAssertEqual(a, try randoms("11"))
    XCTAssertNotEqual(a, try randoms("12"))
  }
}
