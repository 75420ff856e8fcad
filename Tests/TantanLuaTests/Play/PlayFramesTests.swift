import Foundation
import TantanLua
import XCTest

@testable import TantanTools

/// What a frame sends: applied as the page applies it (play.js: `lines.splice(at, remove,
/// ...insert.split("\n"))`), every change turns the page's last picture into the new one.
final class PlayFramesTests: XCTestCase {
  /// The page's side: the lines it holds after one change.
  func apply(_ change: JSONValue, to lines: [String]) -> [String] {
    if let svg = change["svg"].string { return svg.components(separatedBy: "\n") }
    var out = lines
    let at = change["at"].int!
    let remove = change["remove"].int!
    let count = change["lines"].int!
    let inserted = count > 0 ? change["insert"].string!.components(separatedBy: "\n") : []
    XCTAssertEqual(inserted.count, count, "lines: \(change.compact())")
    out.replaceSubrange(at..<(at + remove), with: inserted)
    return out
  }

  /// Seeded edits of a picture's lines (a line changed in the middle or at an end, lines added,
  /// removed, repeated, emptied; lines alike at their ends): the page always ends with the new text.
  func testEveryChangeRebuildsTheNewPicture() {
    var seed: UInt64 = 0x2545_F491_4F6C_DD1D
    func next(_ n: Int) -> Int {
      seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((seed >> 33) % UInt64(n))
    }
    let words = ["<rect x=\"1\"/>", "<rect x=\"11\"/>", "", " <g>", "</g>", "<text>é ✓</text>", "\"", "x"]
    var frames = PlayFrames()
    var lines = (0..<30).map { words[$0 % words.count] } + [""]
    var page: [String] = []
    var partial = 0
    for round in 0..<2000 {
      var new = lines
      for _ in 0..<(1 + next(3)) {
        let i = next(new.count + 1)
        switch next(5) {
        case 0 where i < new.count: new[i] += words[next(words.count)]
        case 1 where i < new.count: new.remove(at: i)
        case 2: new.insert(words[next(words.count)], at: i)
        case 3 where i < new.count: new[i] = String(new[i].dropFirst())
        default: if !new.isEmpty { new[next(new.count)] = words[next(words.count)] }
        }
      }
      if new.isEmpty { new = [""] }
      let text = new.joined(separator: "\n")
      let changes = frames.changes([("p", text)])
      if new == lines && round > 0 {
        XCTAssertTrue(changes.isEmpty, "an unchanged picture was sent")
        continue
      }
      XCTAssertEqual(changes.count, 1)
      guard let change = changes.first?.1 else { return }
      if change["svg"].string == nil { partial += 1 }
      page = apply(change, to: page)
      XCTAssertEqual(page, new, "round \(round): \(change.compact())")
      if page != new { return }
      lines = new
    }
    XCTAssertGreaterThan(partial, 1000, "most small edits are sent as lines")
  }

  /// One line of a long picture changed: only that line is sent.
  func testOneChangedLineIsSentAlone() {
    var f = PlayFrames()
    let a = (1...200).map { " <rect y=\"\($0)\" width=\"10\"/>" }.joined(separator: "\n") + "\n"
    _ = f.changes([("grid", a)])
    let b = a.replacingOccurrences(of: "<rect y=\"150\"", with: "<rect y=\"151\"")
    let change = f.changes([("grid", b)])
    XCTAssertEqual(
      change.first?.1.compact(), #"{"at":149,"remove":1,"insert":" <rect y=\"151\" width=\"10\"/>","lines":1}"#)
  }
}
