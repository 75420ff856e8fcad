import XCTest

@testable import HeadlessUI

typealias TestList = ListModel<String>

func item(_ id: ListID, _ payload: String = "") -> ListItem<String> { ListItem(id: id, payload: payload) }

/// Items with ids `prefix0`, `prefix1`, ... (strings) or integers from `from`.
func items(_ count: Int, prefix: String) -> [ListItem<String>] {
  (0..<count).map { item(.string("\(prefix)\($0)"), "v") }
}

func intItems(_ range: Range<Int>) -> [ListItem<String>] {
  range.map { item(.int(Int64($0)), "v") }
}

func section(_ id: ListID, header: String? = nil, footer: String? = nil, _ items: [ListItem<String>]) -> ListSection<
  String
> {
  ListSection(id: id, header: header, footer: footer, items: items)
}

func makeList(
  _ sections: [ListSection<String>], clock: VirtualClock = VirtualClock(),
  _ configure: (inout ListConfig<String>) -> Void = { _ in }
) throws -> TestList {
  var config = ListConfig<String>()
  config.width = 320
  config.height = 480
  configure(&config)
  return try TestList(config: config, data: .sections(sections), clock: clock)
}

/// `error` is the `ListError` `expected`. Compared by description, so a NaN in it equals a NaN.
func assertListError(_ error: Error, _ expected: ListError, file: StaticString = #filePath, line: UInt = #line) {
  guard let e = error as? ListError else {
    XCTFail("not a ListError: \(error)", file: file, line: line)
    return
  }
  XCTAssertEqual(String(describing: e), String(describing: expected), file: file, line: line)
}
