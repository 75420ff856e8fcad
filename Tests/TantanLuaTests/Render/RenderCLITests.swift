import Foundation
import XCTest

/// Pictures through the real binary: the same script and seed give the same file, the sandbox
/// refuses to write, and the README's pictures are what `examples/pictures.lua` makes now.
final class RenderCLITests: XCTestCase {
  private var dir: URL!

  override func setUpWithError() throws {
    dir = FileManager.default.temporaryDirectory.appendingPathComponent("render-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

  func testTheSameScriptAndSeedWriteTheSameFile() throws {
    let script = dir.appendingPathComponent("random.lua")
    try """
    local models = {}
    for i = 1, 5 do
      models[i] = {title = "card " .. math.random(100), color = ("#%06x"):format(math.random(0, 0xffffff))}
    end
    local deck = tantan.deck{source = models}
    deck:drag_begin(); deck:drag_move(math.random() * 200 - 100, math.random() * 40)
    local grid = tantan.grid{items = {"a", "b", "c", "d", "e"}}
    grid:long_press(math.random(5)); grid:drag_by(math.random() * 50, math.random() * 50)
    deck:save_svg(arg[1] .. ".deck.svg"); grid:save_svg(arg[1] .. ".grid.svg")
    """.write(to: script, atomically: true, encoding: .utf8)
    var files: [[Data]] = []
    for run in ["a", "b"] {
      let r = try HostBinary.run(["--seed", "7", script.path, dir.appendingPathComponent(run).path])
      XCTAssertEqual(r.status, 0, r.stderr)
      files.append(try ["deck", "grid"].map { try Data(contentsOf: dir.appendingPathComponent("\(run).\($0).svg")) })
    }
    XCTAssertEqual(files[0], files[1])
    let other = try HostBinary.run(["--seed", "8", script.path, dir.appendingPathComponent("c").path])
    XCTAssertEqual(other.status, 0, other.stderr)
    XCTAssertNotEqual(try Data(contentsOf: dir.appendingPathComponent("c.deck.svg")), files[0][0])
  }

  func testTheSandboxDrawsButDoesNotWrite() throws {
    let path = dir.appendingPathComponent("x.svg").path
    let r = try HostBinary.run([
      "--sandbox", "-e",
      "local d = tantan.deck{source = {{}}}; print(#tantan.render.svg(d) > 0); d:save_svg('\(path)')",
    ])
    XCTAssertEqual(r.status, 1)
    XCTAssertEqual(r.stdout, "true\n")
    XCTAssertTrue(
      r.stderr.contains(": (command line):1: save_svg: writing files is not allowed in the sandbox (--sandbox)\n"),
      r.stderr)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }

  func testScenariosUnderTheSandboxCannotWriteEither() throws {
    let spec = dir.appendingPathComponent("pictures_spec.lua")
    try """
    it("saves", function() tantan.deck{source = {{}}}:save_svg("out.svg") end)
    it("draws", function() assert.is_string(tantan.render.svg(tantan.grid{items = {"a"}})) end)
    """.write(to: spec, atomically: true, encoding: .utf8)
    let r = try HostBinary.run(["test", "--sandbox", spec.path], cwd: dir)
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("save_svg: writing files is not allowed in the sandbox (--sandbox)"), r.stdout)
    XCTAssertTrue(r.stdout.contains("1 passed"), r.stdout)
    XCTAssertFalse(FileManager.default.fileExists(atPath: dir.appendingPathComponent("out.svg").path))
  }

  /// `docs/pictures/*.svg` (shown in the README) equal a fresh `examples/pictures.lua docs/pictures`.
  func testCommittedPicturesMatchAFreshGeneration() throws {
    let r = try HostBinary.run(["examples/pictures.lua", dir.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    let committed = HostBinary.packageRoot.appendingPathComponent("docs/pictures")
    for name in ["deck.svg", "grid.svg", "list.svg"] {
      let fresh = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
      let old = try? String(contentsOf: committed.appendingPathComponent(name), encoding: .utf8)
      XCTAssertEqual(
        old, fresh, "docs/pictures/\(name) is stale: run `tantan-host examples/pictures.lua docs/pictures`")
      XCTAssertNil(SVGDocument(fresh).error, name)
    }
  }
}
