import XCTest

@testable import TantanLua
@testable import TantanTools

/// The runner's pure parts, in process: JSON round trips, escaping, number formatting, shards,
/// the shuffle, options and the golden diff.
final class RunnerUnitTests: XCTestCase {
  func testJSONRoundTripsTrickyStrings() throws {
    let strings = [
      "", "plain", "quote \" backslash \\ slash /", "nl\ncr\rtab\t", "\u{0}\u{1}\u{1B}\u{7F}\u{85}\u{9F}", "héllo ✓ 🎴",
      "\u{2028}",
    ]
    let value = JSONValue.object([
      ("strings", .array(strings.map { .string($0) })), ("n", .int(-42)), ("t", .decimal("0.125")),
      ("b", .bool(false)), ("z", .null), ("empty", .object([])), ("list", .array([])),
    ])
    let parsed = try JSONValue.parse(value.encoded())
    XCTAssertEqual(parsed["strings"].array.compactMap(\.string), strings)
    XCTAssertEqual(parsed["n"].int, -42)
    XCTAssertEqual(parsed["t"].double, 0.125)
    XCTAssertEqual(parsed["b"].bool, false)
    XCTAssertEqual(parsed["z"], .null)
    XCTAssertEqual(try JSONValue.parse(#"{"a": "\ud83c\udfb4 \u00e9"}"#)["a"].string, "🎴 é")
    // Reports are read by the same strict reader as tantan.json.decode (leading zeros, bare
    // exponents, lone surrogates and numbers beyond a double were accepted by the old parser).
    for bad in [
      "", "{", "[1,]", "{\"a\" 1}", "\"unterminated", "tru", "1 2", "\"\u{1}\"", "01", "1e", "-", "1e999",
      #""\ud800""#, #"{"a": 1,}"#,
    ] {
      XCTAssertThrowsError(try JSONValue.parse(bad), bad)
    }
  }

  func testEscapingForXMLAndYAML() {
    XCTAssertEqual(XMLEscaping.escaped("a<b>&\"c\"\n\u{1B}\t"), "a&lt;b&gt;&amp;\"c\"\n\\u001B\t")
    XCTAssertEqual(XMLEscaping.escaped("a\"\n\t\r", attribute: true), "a&quot;&#10;&#9;&#13;")
    XCTAssertEqual(XMLEscaping.escaped("\u{FFFE}x"), "\\uFFFEx")
    XCTAssertEqual(TAPReporter.description("a # b \\ c\nd"), "a \u{FF03} b \\\\ c d")
    XCTAssertEqual(TAPReporter.description("x #quick y\r\nz #slow"), "x y z")
    XCTAssertEqual(JSONValue.quote("\u{85}"), "\"\\u0085\"")
  }

  func testSecondsAreDecimalWithThreeDigits() {
    XCTAssertEqual(formatSeconds(0), "0.000")
    XCTAssertEqual(formatSeconds(0.0004), "0.000")
    XCTAssertEqual(formatSeconds(0.0125), "0.013")
    XCTAssertEqual(formatSeconds(1e-9), "0.000")
    XCTAssertEqual(formatSeconds(12.3456), "12.346")
    XCTAssertEqual(formatSeconds(.nan), "0.000")
  }

  func testShardsPartitionTheSuite() {
    for count in [0, 1, 7, 100] {
      let items = Array(0..<count)
      for n in 1...9 {
        let shards = (1...n).map { Selection.shard(items, index: $0, count: n) }
        XCTAssertEqual(shards.flatMap { $0 }.sorted(), items)
        XCTAssertLessThanOrEqual((shards.map(\.count).max() ?? 0) - (shards.map(\.count).min() ?? 0), 1)
      }
    }
  }

  func testShuffleIsAPermutationFixedBySeed() {
    var a = Array(0..<50)
    var b = Array(0..<50)
    var c = Array(0..<50)
    Selection.shuffle(&a, seed: 5)
    Selection.shuffle(&b, seed: 5)
    Selection.shuffle(&c, seed: 6)
    XCTAssertEqual(a, b)
    XCTAssertNotEqual(a, c)
    XCTAssertEqual(a.sorted(), Array(0..<50))
    var r = SplitMix64(seed: 0)
    XCTAssertEqual(r.next(), 0xE220_A839_7B1D_CDAF, "SplitMix64's reference first value for seed 0")
  }

  func testOptions() throws {
    let o = try RunnerOptions.parse([
      "--shard=2/3", "-j", "2", "--tags", "a,b", "--reporter", "junit=out.xml", "-o", "TAP", "spec/a_spec.lua:12", "-u",
      "--", "--odd-name",
    ])
    XCTAssertEqual(o.shard?.index, 2)
    XCTAssertEqual(o.shard?.count, 3)
    XCTAssertEqual(o.jobs, 2)
    XCTAssertEqual(o.tags, ["a", "b"])
    XCTAssertEqual(o.reporters, [.init(name: "junit", path: "out.xml"), .init(name: "tap", path: nil)])
    XCTAssertEqual(o.lines, [.init(file: "spec/a_spec.lua", line: 12)])
    XCTAssertEqual(o.paths, ["spec/a_spec.lua", "--odd-name"])
    XCTAssertEqual(o.updateSnapshots, .all)
    XCTAssertTrue(o.isFiltered)
    let d = try RunnerOptions.parse([])
    XCTAssertEqual(d.reporters, [.init(name: "default", path: nil)])
    XCTAssertEqual(d.maxInstructions, 100_000_000)
    XCTAssertFalse(d.isFiltered)
    XCTAssertNil(try RunnerOptions.parse(["--timeout", "0", "--max-memory", "0"]).timeout)
  }

  func testGoldenDiffShowsOnlyTheChange() {
    let d = SnapshotStore.diff("a\nb\nc\nd\n", "a\nB\nc\nd\n")
    XCTAssertEqual(d, "@@ line 2 @@\n-b\n+B\n")
    XCTAssertEqual(SnapshotStore.fileName("deck: top card"), "deck__top_card.snap")
    XCTAssertEqual(SnapshotStore.folder(for: "scenarios/deck_spec.lua"), "scenarios/__snapshots__/deck_spec")
    XCTAssertEqual(SnapshotStore.folder(for: "deck_spec.lua"), "__snapshots__/deck_spec")
  }

  func testPathsAreNormalised() {
    XCTAssertEqual(Discovery.normalize("./spec//a/"), "spec/a")
    XCTAssertEqual(Discovery.normalize("/tmp/./x"), "/tmp/x")
    XCTAssertEqual(Discovery.normalize("."), ".")
    XCTAssertTrue(bytewise("B", "a"))
    XCTAssertTrue(bytewise("a_spec.lua", "ab_spec.lua"))
  }

  func testWritingToADeviceKeepsTheDevice() {
    XCTAssertTrue(FileSystem.write("/dev/null", "report"))
    var st = stat()
    XCTAssertEqual(stat("/dev/null", &st), 0)
    XCTAssertEqual(st.st_mode & S_IFMT, S_IFCHR, "/dev/null is still a character device")
  }
}
