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

func section(_ id: ListID, header: String? = nil, footer: String? = nil, _ items: [ListItem<String>]) -> ListSection<String> {
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

func assertComponentError(_ error: Error, function: String, contains text: String, file: StaticString = #filePath, line: UInt = #line) {
  guard let e = error as? ComponentError else {
    XCTFail("not a ComponentError: \(error)", file: file, line: line)
    return
  }
  switch e {
  case .badArgument(_, let f, _), .wrongState(let f, _):
    XCTAssertEqual(f, function, file: file, line: line)
  case .badDataSource: break
  }
  XCTAssertTrue(e.description.contains(text), "\(e.description) does not contain \(text)", file: file, line: line)
}

import XCTest
