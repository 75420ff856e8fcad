import CLua
import HeadlessUI
import LuaRuntime

/// The Lua delegate behind the model's delegate protocol. Weak: the model (owned by the
/// `LuaGrid`) holds the adapter strongly; a grid collected or closed (`__close`) while its model
/// is still running a call simply stops calling out.
final class GridDelegateAdapter: ReorderGridDelegate {
  typealias Item = LuaRef
  weak var owner: LuaGrid?

  init(owner: LuaGrid) { self.owner = owner }

  private func notify(_ callback: GridDelegateCallback, _ args: [LuaGrid.Arg]) throws {
    guard let owner else { return }
    _ = try owner.invoke(owner.delegate, callback, args, results: 0)
  }

  /// `can_move`/`can_drop`: absent means yes; anything but a boolean is an error (a forgotten
  /// `return` would otherwise veto every move silently).
  private func ask(_ callback: GridDelegateCallback, _ args: [LuaGrid.Arg]) throws -> Bool {
    guard let owner else { return true }
    guard try owner.invoke(owner.delegate, callback, args, results: 1) else { return true }
    let lua = owner.lua
    defer { lua.pop() }
    guard lua.type(-1) == LUA_TBOOLEAN else {
      throw GridCallbackResultError(
        description: "delegate.\(callback.name) returned \(LuaGrid.describe(lua, -1)) (boolean expected)")
    }
    return lua.bool(-1)
  }

  func willBeginEditing(_ grid: ReorderGrid<LuaRef>) throws { try notify(.willBeginEditing, []) }
  func didEndEditing(_ grid: ReorderGrid<LuaRef>) throws { try notify(.didEndEditing, []) }
  func willBeginDrag(_ grid: ReorderGrid<LuaRef>, index: Int) throws { try notify(.willBeginDrag, [.index(index)]) }
  func canMove(_ grid: ReorderGrid<LuaRef>, index: Int) throws -> Bool { try ask(.canMove, [.index(index)]) }
  func canDrop(_ grid: ReorderGrid<LuaRef>, from: Int, to: Int) throws -> Bool {
    try ask(.canDrop, [.index(from), .index(to)])
  }
  func didMove(_ grid: ReorderGrid<LuaRef>, from: Int, to: Int) throws {
    try notify(.didMove, [.index(from), .index(to)])
  }
  func didDrop(_ grid: ReorderGrid<LuaRef>, from: Int, to: Int) throws {
    try notify(.didDrop, [.index(from), .index(to)])
  }
  func didCancel(_ grid: ReorderGrid<LuaRef>, index: Int) throws { try notify(.didCancel, [.index(index)]) }
  func didDelete(_ grid: ReorderGrid<LuaRef>, index: Int, item: LuaRef) throws {
    try notify(.didDelete, [.index(index), .item(item)])
  }
}

/// The Lua data source `{count=, item=, move=, delete=}` as the model's closures, results checked.
extension LuaGrid {
  func makeSource() -> ReorderGridDataSource<LuaRef> {
    ReorderGridDataSource(
      count: { [weak self] in try Self.alive(self).sourceCount() },
      item: { [weak self] i in try Self.alive(self).sourceItem(i) },
      move: source?.has(GridSourceCallback.move) == true
        ? { [weak self] from, to in _ = try Self.alive(self).sourceCall(.move, [.index(from), .index(to)], results: 0) }
        : nil,
      delete: source?.has(GridSourceCallback.delete) == true
        ? { [weak self] i in _ = try Self.alive(self).sourceCall(.delete, [.index(i)], results: 0) }
        : nil)
  }

  /// The grid behind a source closure; weak for the same reason as the delegate adapter's.
  private static func alive(_ g: LuaGrid?) throws -> LuaGrid {
    guard let g else { throw GridCallbackResultError(description: "the grid was closed") }
    return g
  }

  private func sourceCall(_ callback: GridSourceCallback, _ args: [Arg], results: Int32) throws -> Bool {
    guard let source else { return false }
    return try invoke(source, callback, args, results: results)
  }

  /// `count(grid)`: a non-negative integer. The first answer is also checked against `locked`.
  private func sourceCount() throws -> Int {
    guard try sourceCall(.count, [], results: 1) else { return 0 }
    defer { lua.pop() }
    guard let n = lua.integer(-1), n >= 0 else {
      throw GridCallbackResultError(
        description: "source.count returned \(Self.describe(lua, -1)) (non-negative integer expected)")
    }
    let limit = ReorderGrid<LuaRef>.maxCount
    guard n <= limit else {
      throw GridCallbackResultError(description: "source.count returned \(n) (at most \(limit) items)")
    }
    if current == nil, let bad = lockedConfig.first(where: { $0 > n }) {
      throw LuaCallError.argument(1, "locked: index out of range (got \(bad); source.count returned \(n))")
    }
    try memory.charge(n * Self.bytesPerSourceItem)  // before the model allocates the identities
    return n
  }

  /// `item(grid, index)`: any value but nil for an index below the count.
  private func sourceItem(_ i: Int) throws -> LuaRef? {
    guard try sourceCall(.item, [.index(i)], results: 1) else { return nil }
    if lua.isNoneOrNil(-1) {
      lua.pop()
      throw GridCallbackResultError(
        description: "source.item returned nil for index \(i + 1) (source.count reported \(current?.count ?? 0) items)")
    }
    return ref()
  }
}
