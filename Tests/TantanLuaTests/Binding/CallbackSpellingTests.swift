import Foundation
import XCTest

@testable import TantanLua

/// Issue 28 point 2: a delegate callback is spelled once, in its declaration. No other source file
/// has its name as a string of its own (`"did_swipe"`, or a call `"did_swipe(`): the event path,
/// the log, the reference and the config docs take it from the declaration. (Prose in docs may
/// name it.)
final class CallbackSpellingTests: XCTestCase {
  func testEachDelegateCallbackNameIsSpelledOnlyInItsDeclaration() throws {
    let declared: [(String, [String])] = [
      ("Deck/DeckCallbacks.swift", DeckDelegateCallback.names),
      ("Grid/GridCallbacks.swift", GridDelegateCallback.names),
      ("List/ListCallbacks.swift", ListDelegateCallback.names),
    ]
    let sources = HostBinary.packageRoot.appendingPathComponent("Sources")
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
      .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
    XCTAssertGreaterThan(files.count, 100)
    for url in files {
      let code = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        .filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
      let path = url.path
      // The declarations themselves (two components may share a name: `did_cancel`).
      if declared.contains(where: { path.hasSuffix("TantanLua/" + $0.0) }) { continue }
      for (home, names) in declared {
        for name in names {
          let word = try NSRegularExpression(pattern: "\"\(name)[\"(]")
          let found = word.firstMatch(in: code, range: NSRange(code.startIndex..., in: code))
          XCTAssertNil(found, "\(name) is spelled in \(path), not only in \(home)")
        }
      }
    }
  }
}
