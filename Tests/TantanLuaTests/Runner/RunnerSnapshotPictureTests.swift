import Foundation
import XCTest

/// `assert.snapshot_svg(name, obj)`: picture goldens; a mismatch leaves the reference, the actual
/// picture and a side-by-side diff page in the artifacts folder, attached to the JUnit test case.
final class RunnerSnapshotPictureTests: XCTestCase {
  static let suite = #"""
    local swipes = tonumber(os.getenv("SWIPES") or "0")
    it("deck picture", function()
      local deck = tantan.deck({ source = { { title = "a", color = "#f00" }, { title = "b" } } })
      for _ = 1, swipes do deck:swipe("left"); tantan.clock:advance(1) end
      assert.snapshot_svg("deck", deck)
    end)
    it("grid picture", function() assert.snapshot_svg("grid", tantan.grid({ items = { 1, 2, 3 } })) end)
    """#

  func testMismatchLeavesReferenceActualAndDiffPageAttached() throws {
    let dir = try SuiteDir(["spec/p_spec.lua": Self.suite])
    let first = try dir.test([])
    XCTAssertEqual(first.status, 0, "\(first)")
    XCTAssertTrue(first.stdout.contains("\ngoldens: 2 written\n"), first.stdout)
    let golden = try XCTUnwrap(dir.read("spec/__snapshots__/p_spec/deck.svg"))
    XCTAssertTrue(golden.contains("<svg"), golden)
    XCTAssertEqual(try dir.test([]).status, 0, "the same picture matches")

    let r = try dir.test(
      ["--reporter", "default", "--reporter", "junit=out.xml", "--reporter", "json=out.json"], env: ["SWIPES": "1"])
    XCTAssertEqual(r.status, 1, "\(r)")
    let folder = "tantan-artifacts/spec/p_spec/deck"
    XCTAssertTrue(
      r.stdout.contains(
        "spec/p_spec.lua:5: snapshot_svg 'deck' does not match spec/__snapshots__/p_spec/deck.svg: see \(folder)/diff.html"
      ),
      r.stdout)
    XCTAssertEqual(dir.read("\(folder)/expected.svg"), golden, "the reference as it is")
    let actual = try XCTUnwrap(dir.read("\(folder)/actual.svg"))
    XCTAssertTrue(actual.contains("<svg") && actual != golden)
    XCTAssertEqual(dir.read("spec/__snapshots__/p_spec/deck.svg"), golden, "the golden is left alone")
    let page = try XCTUnwrap(dir.read("\(folder)/diff.html"))
    for part in [
      "<img src=\"expected.svg\" alt=\"reference\">", "<img src=\"actual.svg\" alt=\"actual\">",
      "mix-blend-mode:difference", "<h2>SVG source</h2>",
    ] {
      XCTAssertTrue(page.contains(part), "\(part) in \(page)")
    }
    let testcase = try XCTUnwrap(
      JUnitDocument.parse(dir.read("out.xml")!).testcases.first { $0.attributes["name"] == "deck picture" })
    XCTAssertEqual(testcase.first("failure")?.attributes["type"], "assertion")
    XCTAssertEqual(
      testcase.first("system-out")?.text,
      ["expected.svg", "actual.svg", "diff.html"].map { "[[ATTACHMENT|\(folder)/\($0)]]\n" }.joined())
    let scenarios = try json(dir.read("out.json")!)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(
      scenarios[0]["artifacts"] as? [String], ["expected.svg", "actual.svg", "diff.html"].map { "\(folder)/\($0)" })
    XCTAssertNil(scenarios[1]["artifacts"], "the grid matched")

    let accepted = try dir.test(["--update-snapshots=all"], env: ["SWIPES": "1"])
    XCTAssertEqual(accepted.status, 0, "\(accepted)")
    XCTAssertTrue(accepted.stdout.contains("\ngoldens: 1 updated\n"), accepted.stdout)
    XCTAssertEqual(dir.read("spec/__snapshots__/p_spec/deck.svg"), actual)
    XCTAssertFalse(dir.exists("\(folder)/diff.html"), "artifacts of a settled mismatch are removed")
  }

  /// The diff page (web/snapshot_diff.html, styled by web/snapshot_diff.css) in headless
  /// Chromium: both pictures load, the names are escaped text, and the style sheet took effect
  /// (its page background, and the difference overlay black where the pictures agree).
  func testDiffPageRendersStyledInHeadlessChromium() throws {
    let exe = try HeadlessChromium.find()
    let dir = try SuiteDir([
      "spec/p_spec.lua": Self.suite.replacingOccurrences(of: "\"deck\", deck", with: "\"<deck>\", deck")
    ])
    XCTAssertEqual(try dir.test([]).status, 0)
    XCTAssertEqual(try dir.test([], env: ["SWIPES": "1"]).status, 1)
    let page = dir.url.appendingPathComponent("tantan-artifacts/spec/p_spec/_deck_/diff.html")
    let profile = dir.url.appendingPathComponent("profile").path
    let dom = try HeadlessChromium.run(exe, ["--dump-dom"], profile: profile, url: page.absoluteString)
    XCTAssertTrue(dom.contains("<h1>snapshot_svg '&lt;deck&gt;'</h1>"), dom)
    XCTAssertTrue(dom.contains("<code>spec/__snapshots__/p_spec/_deck_.svg</code>"), dom)
    XCTAssertEqual(dom.components(separatedBy: "<img ").count - 1, 4, "reference, actual and the overlaid two")
    let png = dir.url.appendingPathComponent("shot.png").path
    _ = try HeadlessChromium.run(
      exe, ["--screenshot=\(png)", "--hide-scrollbars"], profile: profile, url: page.absoluteString)
    let stats = try HeadlessChromium.pixelStats(png)
    XCTAssertGreaterThan(stats.share["fafafa"] ?? 0, 0.1, "the page background is not the style sheet's: \(stats)")
    XCTAssertGreaterThan(stats.share["000000"] ?? 0, 0.01, "no difference overlay: \(stats)")
  }

  func testMissingGoldenUnderCIAndArtifactsDirAndMisuse() throws {
    let dir = try SuiteDir([
      "spec/p_spec.lua": Self.suite,
      "spec/bad_spec.lua": #"""
      it("not a component", function() assert.snapshot_svg("x", {}) end)
      it("twice", function()
        local g = tantan.grid({ items = { 1 } })
        assert.snapshot_svg("g", g)
        assert.snapshot_svg("g", g)
      end)
      """#,
    ])
    let misuse =
      try json(try dir.test(["spec/bad_spec.lua", "--reporter", "json"]).stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(misuse.map { $0["status"] as! String }, ["error", "error"])
    XCTAssertEqual(
      (misuse[0]["failure"] as! [String: Any])["message"] as? String,
      "spec/bad_spec.lua:1: bad argument #2 to 'snapshot_svg' (tantan.SwipeDeck, tantan.ReorderGrid or tantan.List expected, got table)"
    )
    let twice = (misuse[1]["failure"] as! [String: Any])["message"] as! String
    XCTAssertTrue(twice.hasPrefix("spec/bad_spec.lua:5: snapshot_svg 'g' is used twice in this scenario"), twice)

    let r = try dir.test(
      ["spec/p_spec.lua", "--artifacts-dir", "out/pictures", "--reporter", "json"], env: ["CI": "true"])
    XCTAssertEqual(r.status, 1, "\(r)")
    let s = try json(r.stdout)["scenarios"] as! [[String: Any]]
    func message(_ i: Int) -> String { (s[i]["failure"] as! [String: Any])["message"] as! String }
    XCTAssertEqual(s[0]["status"] as? String, "failed")
    XCTAssertTrue(
      message(0).hasPrefix("snapshot_svg 'deck' has no golden picture spec/__snapshots__/p_spec/deck.svg"), message(0))
    XCTAssertEqual(
      s[0]["artifacts"] as? [String],
      ["out/pictures/spec/p_spec/deck/actual.svg", "out/pictures/spec/p_spec/deck/diff.html"])
    XCTAssertTrue(dir.read("out/pictures/spec/p_spec/deck/diff.html")!.contains("no reference picture yet"))
  }

  /// Under --sandbox a picture golden stays next to its scenario file, as value goldens do.
  func testSandboxedPictureGoldensStayInTheirFolder() throws {
    let dir = try SuiteDir([
      "spec/p_spec.lua":
        #"it("deck picture", function() assert.snapshot_svg("deck", tantan.deck({ source = { {} } })) end)"#
    ])
    let outside = dir.url.path + "-outside"
    try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: outside) }
    try FileManager.default.createSymbolicLink(
      atPath: dir.url.appendingPathComponent("spec/__snapshots__").path, withDestinationPath: outside)
    let r = try dir.test(["--sandbox", "--reporter", "json"])
    XCTAssertEqual(r.status, 1, "\(r)")
    let s = try json(r.stdout)["scenarios"] as! [[String: Any]]
    let message = (s[0]["failure"] as! [String: Any])["message"] as! String
    XCTAssertTrue(message.contains("spec/__snapshots__/p_spec/deck.svg leads outside spec"), message)
    XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: outside), [], "nothing written outside")
  }
}
