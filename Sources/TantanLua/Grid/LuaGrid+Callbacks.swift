import CLua
import HeadlessUI
import LuaRuntime

/// The Lua data source `{count=, item=, move=, delete=}` as the model's closures, results checked.
extension LuaGrid {
  func makeSource() -> ReorderGridDataSource<LuaRef> {
    ReorderGridDataSource(
      count: { [link] in try link.hold(orThrow: Self.closed) { try $0.sourceCount() } },
      item: { [link] i in try link.hold(orThrow: Self.closed) { try $0.sourceItem(i) } },
      move: source?.has(GridSourceCallback.move) == true
        ? { [link] from, to in
          _ = try link.hold(orThrow: Self.closed) { try $0.sourceCall(.move, [.index(from), .index(to)], results: 0) }
        }
        : nil,
      delete: source?.has(GridSourceCallback.delete) == true
        ? { [link] i in _ = try link.hold(orThrow: Self.closed) { try $0.sourceCall(.delete, [.index(i)], results: 0) }
        }
        : nil)
  }

  /// What a source call made after the grid was closed throws.
  private static func closed() -> any Error { GridCallbackResultError(description: "the grid was closed") }

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
