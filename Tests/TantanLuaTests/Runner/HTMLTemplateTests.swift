import XCTest

@testable import TantanTools

/// `HTMLTemplate`: Mustache's basic tags over the pages in Sources/TantanScripts/html.
final class HTMLTemplateTests: XCTestCase {
  func testTagsSectionsAndStandaloneLines() {
    let t = HTMLTemplate(
      """
      <h1>{{title}}</h1>
      {{#shown}}
        <p>{{{raw}}}</p>
      {{/shown}}
      {{^shown}}
      <p>none</p>
      {{/shown}}
      <i>{{#shown}}yes{{/shown}}{{^shown}}no{{/shown}}</i> {{missing}}.

      """)
    XCTAssertEqual(t.names, ["title", "shown", "raw", "missing"])
    XCTAssertEqual(
      t.render(["title": .text("<a & {{b}}>"), "shown": .flag(true), "raw": .raw("<b>{{title}}</b>")]),
      "<h1>&lt;a &amp; {{b}}&gt;</h1>\n  <p><b>{{title}}</b></p>\n<i>yes</i> .\n")
    XCTAssertEqual(t.render(["title": .text("x")]), "<h1>x</h1>\n<p>none</p>\n<i>no</i> .\n")
  }

  /// Each page gives every name its template uses.
  func testThePagesFillEveryTag() {
    XCTAssertEqual(TraceViewer.template.names, ["style", "data", "script"])
    XCTAssertEqual(SnapshotStore.diffTemplate.names, ["title", "style", "golden", "reference", "diff"])
    let trace = TraceViewer.page(json: "{}")
    XCTAssertFalse(trace.contains("{{"), trace)
    XCTAssertTrue(trace.prefix(512).contains(TraceViewer.generator), "stale-trace removal reads 512 bytes")
    XCTAssertTrue(trace.contains("<style>\n" + TraceViewer.style + "</style>"))
    XCTAssertTrue(trace.contains("<script>" + TraceViewer.script + "</script>"))
    for (reference, diff) in [(true, "a\n<b>"), (false, nil)] as [(Bool, String?)] {
      let page = SnapshotStore.diffPage(name: "n", golden: "g.svg", hasReference: reference, diff: diff)
      XCTAssertFalse(page.contains("{{"), page)
      XCTAssertEqual(page.contains("no reference picture yet"), !reference)
      XCTAssertEqual(page.contains("<pre>a\n&lt;b&gt;</pre>"), diff != nil)
    }
  }
}
