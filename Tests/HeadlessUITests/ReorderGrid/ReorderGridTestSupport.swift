import XCTest

@testable import HeadlessUI

/// The seed's channel list (YLDragSortTool.m): duplicates on purpose.
let seedChannels = [
  "推荐", "视频", "军事", "娱乐", "问答", "娱乐", "汽车", "段子", "趣图", "财经", "热点", "房产", "社会", "数码",
  "美女", "数码", "文化", "美文", "星座", "旅游", "视频", "军事", "娱乐", "问答", "娱乐", "汽车", "段子", "趣图",
  "财经", "热点", "房产", "社会", "数码", "美女", "数码", "文化", "美文", "星座", "旅游",
]

struct GridBoom: Error, Equatable {
  let name: String
}

/// Records every delegate call as `name(arg, ...)` (0-based), like the Lua binding's events.
final class GridRecorder<Item>: ReorderGridDelegate {
  var events: [String] = []
  var canMoveAnswer: (Int) -> Bool = { _ in true }
  var canDropAnswer: (Int, Int) -> Bool = { _, _ in true }
  /// Callback names that throw `GridBoom(name)` after recording.
  var throwOn: Set<String> = []
  /// Runs inside every callback (after recording), e.g. to try re-entrant calls.
  var hook: ((ReorderGrid<Item>, String) throws -> Void)?

  private func record(_ grid: ReorderGrid<Item>, _ name: String, _ args: String) throws {
    events.append("\(name)(\(args))")
    try hook?(grid, name)
    if throwOn.contains(name) { throw GridBoom(name: name) }
  }

  func willBeginEditing(_ grid: ReorderGrid<Item>) throws { try record(grid, "will_begin_editing", "") }
  func didEndEditing(_ grid: ReorderGrid<Item>) throws { try record(grid, "did_end_editing", "") }
  func willBeginDrag(_ grid: ReorderGrid<Item>, index: Int) throws { try record(grid, "will_begin_drag", "\(index)") }
  func canMove(_ grid: ReorderGrid<Item>, index: Int) throws -> Bool {
    try record(grid, "can_move", "\(index)")
    return canMoveAnswer(index)
  }
  func canDrop(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws -> Bool {
    try record(grid, "can_drop", "\(from), \(to)")
    return canDropAnswer(from, to)
  }
  func didMove(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws { try record(grid, "did_move", "\(from), \(to)") }
  func didDrop(_ grid: ReorderGrid<Item>, from: Int, to: Int) throws { try record(grid, "did_drop", "\(from), \(to)") }
  func didCancel(_ grid: ReorderGrid<Item>, index: Int) throws { try record(grid, "did_cancel", "\(index)") }
  func didDelete(_ grid: ReorderGrid<Item>, index: Int, item: Item) throws {
    try record(grid, "did_delete", "\(index), \"\(item)\"")
  }

  /// Events without the `can_*` questions.
  var notifications: [String] { events.filter { !$0.hasPrefix("can_") } }
}

/// `["i0", "i1", ...]`.
func numbered(_ n: Int) -> [String] { (0..<n).map { "i\($0)" } }

func makeGrid(
  _ items: [String] = seedChannels, config: ReorderGridConfig = ReorderGridConfig(),
  clock: VirtualClock = VirtualClock()
) throws -> (ReorderGrid<String>, GridRecorder<String>) {
  let grid = try ReorderGrid(config: config, items: items, clock: clock)
  let rec = GridRecorder<String>()
  grid.delegate = rec
  return (grid, rec)
}

/// Asserts `body` throws exactly `expected` (a typed model error: Swift facts, no Lua wording).
func assertThrows<T>(
  _ expected: ReorderGridError, _ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line
) {
  do {
    _ = try body()
    XCTFail("expected \(expected), nothing thrown", file: file, line: line)
  } catch let e as ReorderGridError {
    // Compared as text: the cases carry Doubles, and NaN is not equal to itself.
    XCTAssertEqual(String(describing: e), String(describing: expected), file: file, line: line)
  } catch {
    XCTFail("expected \(expected), got \(error)", file: file, line: line)
  }
}

func assertBoom<T>(
  _ name: String, _ body: @autoclosure () throws -> T, file: StaticString = #filePath, line: UInt = #line
) {
  do {
    _ = try body()
    XCTFail("expected GridBoom(\(name)), nothing thrown", file: file, line: line)
  } catch let e as GridBoom {
    XCTAssertEqual(e.name, name, file: file, line: line)
  } catch {
    XCTFail("expected GridBoom(\(name)), got \(error)", file: file, line: line)
  }
}

extension ReorderGrid {
  /// Centre of slot `i`.
  func c(_ i: Int) -> Point { layout.center(at: i) }
}
