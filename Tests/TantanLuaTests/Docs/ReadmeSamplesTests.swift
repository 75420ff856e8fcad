import Foundation
import XCTest

/// The README shows what the program prints and names the files it writes: these run its samples
/// and compare.
///
/// - A fenced block starting `$ tantan-host ...` is a terminal transcript: the command runs in the
///   package root and prints the rest of the block (durations such as `(0.604 s)` and line
///   numbers in the host's own Lua aside). A
///   command naming `FILE:LINE` past the end of FILE runs on a copy of FILE with the scenario the
///   transcript before it printed pasted at its end (the README's "pasted, it fails on its own").
/// - A ```` ```lua ```` block followed by a line `prints` and a plain block runs as a script and
///   prints that block.
/// - The golden, artifact and trace paths it names are where `tantan-host test` writes.
final class ReadmeSamplesTests: XCTestCase {
  static var readme: String {
    get throws { try String(contentsOf: HostBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8) }
  }

  /// The README's fenced blocks: the info string and the text.
  static func blocks(_ text: String) -> [(info: String, text: String, after: String)] {
    var out: [(String, String, String)] = []
    var rest = Substring(text)
    while let open = rest.range(of: "\n```") {
      let infoEnd = rest[open.upperBound...].firstIndex(of: "\n") ?? rest.endIndex
      let info = String(rest[open.upperBound..<infoEnd])
      guard infoEnd < rest.endIndex, let close = rest[infoEnd...].range(of: "\n```") else { break }
      let body = String(rest[rest.index(after: infoEnd)..<close.lowerBound]) + "\n"
      rest = rest[close.upperBound...]
      let lineEnd = rest.firstIndex(of: "\n") ?? rest.endIndex
      out.append((info, body, String(rest[lineEnd...].prefix(40))))
      rest = rest[lineEnd...]
    }
    return out
  }

  /// Durations and line numbers inside the host's own Lua (`[tantan]/explore.lua:424`) aside.
  static func normalized(_ s: String) -> String {
    s.replacingOccurrences(of: #"\([0-9]+\.[0-9]+ s\)"#, with: "(T s)", options: .regularExpression)
      .replacingOccurrences(of: #"(\[tantan\]/[a-z_]+\.lua):[0-9]+"#, with: "$1:N", options: .regularExpression)
  }

  func testTranscriptsPrintWhatTheyShow() throws {
    let transcripts = Self.blocks(try Self.readme).filter { $0.info.isEmpty && $0.text.hasPrefix("$ tantan-host ") }
    XCTAssertGreaterThanOrEqual(transcripts.count, 2)
    var printed = ""
    for t in transcripts {
      let lines = t.text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false)
      let args = lines[0].dropFirst("$ tantan-host ".count).split(separator: " ").map(String.init)
      let shown = String(lines[1])
      var cwd = HostBinary.packageRoot
      let scratch: SuiteDir?
      if let target = args.first(where: { $0.contains(".lua:") }),
        let colon = target.lastIndex(of: ":"), let line = Int(target[target.index(after: colon)...])
      {
        let file = String(target[..<colon])
        let text = try String(contentsOf: cwd.appendingPathComponent(file), encoding: .utf8)
        if line > text.split(separator: "\n", omittingEmptySubsequences: false).count {
          let scenario = try XCTUnwrap(Self.pastedScenario(printed), "no scenario printed before \(args)")
          scratch = try SuiteDir([file: text + "\n" + scenario])
          cwd = scratch!.url
        } else {
          scratch = nil
        }
      } else {
        scratch = nil
      }
      let r = try HostBinary.run(args, cwd: cwd, timeout: 120)
      XCTAssertEqual(Self.normalized(r.stdout), Self.normalized(shown), "$ tantan-host \(args.joined(separator: " "))")
      printed = r.stdout
      withExtendedLifetime(scratch) {}
    }
  }

  /// The `it(...)` block an explore failure prints to paste, without its indentation.
  static func pastedScenario(_ output: String) -> String? {
    guard let start = output.range(of: "as a scenario (paste it") else { return nil }
    var lines = output[start.upperBound...].split(separator: "\n", omittingEmptySubsequences: false).dropFirst()
    var out = ""
    while let l = lines.first, l.hasPrefix("  ") {
      out += l.dropFirst(2) + "\n"
      lines = lines.dropFirst()
      if l == "  end)" { return out }
    }
    return nil
  }

  func testLuaSamplesPrintWhatTheyShow() throws {
    let blocks = Self.blocks(try Self.readme)
    var checked = 0
    for (i, b) in blocks.enumerated() where b.info == "lua" && b.after.hasPrefix("\n\nprints\n") {
      guard i + 1 < blocks.count else { break }
      let dir = try SuiteDir(["sample.lua": b.text])
      let r = try HostBinary.run(["sample.lua"], cwd: dir.url)
      XCTAssertEqual(r.status, 0, r.stderr)
      XCTAssertEqual(r.stdout, blocks[i + 1].text, b.text)
      checked += 1
    }
    XCTAssertGreaterThanOrEqual(checked, 3, "the module, deck and grid samples show their output")
  }

  /// The README's path patterns, filled in for `spec/p_spec.lua`, are the files a run writes.
  func testThePathsItNamesAreTheOnesWritten() throws {
    let readme = try Self.readme
    let patterns = [
      "`__snapshots__/<stem>/<name>.snap`", "`__snapshots__/<stem>/<name>.svg`",
      "`<spec path without .lua>/<name>/expected.svg`", "`<stem>-L<line>-<scenario>.html`",
    ]
    for p in patterns { XCTAssertTrue(readme.contains(p), "README names \(p)") }
    let dir = try SuiteDir([
      "spec/p_spec.lua": """
      local n = tonumber(os.getenv("N") or "1")
      it("keeps goldens", function()
        assert.snapshot("timeline", {n = 1})
        local deck = tantan.deck{source = {{title = "a"}, {title = "b"}}}
        for _ = 2, n do deck:swipe("left"); tantan.clock:settle() end
        assert.snapshot_svg("deck", deck)
      end)
      """
    ])
    XCTAssertEqual(try dir.test([]).status, 0)
    XCTAssertEqual(try dir.test(["--trace", "on"], env: ["N": "2"]).status, 1)
    for path in [
      "spec/__snapshots__/p_spec/timeline.snap", "spec/__snapshots__/p_spec/deck.svg",
      "tantan-artifacts/spec/p_spec/deck/expected.svg", "tantan-traces/p_spec-L2-keeps-goldens.html",
    ] {
      XCTAssertTrue(dir.exists(path), "\(path) not written")
    }
  }
}
