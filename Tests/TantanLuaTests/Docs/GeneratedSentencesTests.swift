import XCTest

@testable import TantanLua

/// The reference's sentences that generators build from a name or a value read as English: each
/// swipe direction's callback, and each config key's default.
final class GeneratedSentencesTests: XCTestCase {
  func testGeneratedSentencesReadAsEnglish() {
    let docs = Dictionary(ApiDocs.all.map { ($0.name, $0.doc) }, uniquingKeysWith: { a, _ in a })
    for (direction, phrase) in [
      ("left", "to the left"), ("right", "to the right"), ("up", "upward"), ("down", "downward"),
    ] {
      XCTAssertEqual(
        docs["tantan.SwipeDeckDelegate.did_swipe_\(direction)"],
        "The fly-off \(phrase) completed (the card is still on top).")
    }
    XCTAssertTrue(docs["tantan.SwipeDeckConfig.source"]?.hasSuffix(" Required.") == true)
    XCTAssertTrue(docs["tantan.SwipeDeckConfig.width"]?.hasSuffix(" Default: 300.") == true)
    XCTAssertTrue(docs["tantan.SwipeDeck.card_size"]?.hasSuffix(" Default: the container's size.") == true)
    for (name, doc) in docs {
      for bad in ["to the up", "to the down", "Default required", "Default the ", "Default no "] {
        XCTAssertFalse(doc.contains(bad), "\(name): \(doc)")
      }
    }
  }
}
