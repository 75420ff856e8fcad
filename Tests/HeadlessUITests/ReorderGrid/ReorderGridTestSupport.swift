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
final class GridRecorder<Item>: ReorderGridDelegate<Item> {
  var events: [String] = []
  var canMoveAnswer: (Int) -> Bool = { _ in true }
  var canDropAnswer: (Int, Int) -> Bool = { _, _ in true }
  /// Callback names that throw `GridBoom(name)` after recording.
  var throwOn: Set<String> = []
  /// Runs inside every callback (after recording), e.g. to try re-entrant calls.
  var hook: ((ReorderGrid<Item>, String) throws -> Void)?

  /// The grid, for the hook (weak: the grid holds its delegate).
  weak var grid: ReorderGrid<Item>?

  /// Every event, one method: recorded as `name(args)` (0-based), then the hook and the planted error.
  func handle(_ event: ReorderGridEvent<Item>) throws -> Bool {
    let (name, args, answer): (String, String, Bool)
    switch event {
    case .willBeginEditing: (name, args, answer) = ("will_begin_editing", "", true)
    case .didEndEditing: (name, args, answer) = ("did_end_editing", "", true)
    case .willBeginDrag(let i): (name, args, answer) = ("will_begin_drag", "\(i)", true)
    case .canMove(let i): (name, args, answer) = ("can_move", "\(i)", canMoveAnswer(i))
    case .canDrop(let f, let t): (name, args, answer) = ("can_drop", "\(f), \(t)", canDropAnswer(f, t))
    case .didMove(let f, let t): (name, args, answer) = ("did_move", "\(f), \(t)", true)
    case .didDrop(let f, let t): (name, args, answer) = ("did_drop", "\(f), \(t)", true)
    case .didCancel(let i): (name, args, answer) = ("did_cancel", "\(i)", true)
    case .didDelete(let i, let item): (name, args, answer) = ("did_delete", "\(i), \"\(item)\"", true)
    }
    events.append("\(name)(\(args))")
    if let grid { try hook?(grid, name) }
    if throwOn.contains(name) { throw GridBoom(name: name) }
    return answer
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
  rec.grid = grid
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
