import Foundation
import XCTest

@testable import TantanLua

/// Issue 17 point 4: API.md gives every list config key with its default and the paging,
/// refresh and apply protocol.
final class ListConfigDocsTests: XCTestCase {
  func testEveryListConfigKeyIsInTheReferenceWithItsDefault() throws {
    let reference = try String(
      contentsOf: HostBinary.packageRoot.appendingPathComponent("lua/API.md"), encoding: .utf8)
    let keys = ListBinding.configDocs.filter { $0.kind == .key }
    XCTAssertEqual(
      Set(ListBinding.config.keys),
      [
        "width", "height", "sections", "source", "columns", "item_height", "estimated_item_height", "header_height",
        "footer_height", "spacing", "insets", "content_inset", "sticky_headers", "refresh", "paging", "delegate",
      ])
    for k in keys {
      XCTAssertTrue(k.doc.contains("Default"), "\(k.name): no default in \(k.doc)")
      XCTAssertTrue(reference.contains("| `\(k.name)` | key |"), "\(k.name) missing from API.md")
    }
    for name in ["prefetch", "finish_duration", "threshold", "page_size"] {
      XCTAssertTrue(keys.contains { $0.name.hasSuffix("." + name) }, name)
    }
    for phrase in [
      "the first page is not requested by itself", "appends the items to the last section",
      "an item that moved and changed is in moved and also in reloaded", "Default: 375", "Default: 667", "Default: 44",
      "done(nil, err) keeps the data and sets list.refresh_error",
    ] {
      XCTAssertTrue(reference.contains(phrase), "API.md does not say: \(phrase)")
    }
  }

  /// The source callbacks the binding reads are the declared ones.
  func testSourceCallbacksAreTheDeclaredOnes() {
    let prefix = "tantan.ListSource."
    let documented = ListBinding.configDocs.compactMap { d in
      d.kind == .callback && d.name.hasPrefix(prefix) ? String(d.name.dropFirst(prefix.count)) : nil
    }
    XCTAssertEqual(ListSourceCallback.allCases.map(\.name), documented)
  }
}
