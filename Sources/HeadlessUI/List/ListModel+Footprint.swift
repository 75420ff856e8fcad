/// What a list keeps, charged to its `budget` (the Lua host's `--max-memory`) before it keeps it:
/// per section its value, geometry, prefix sums and id slot; per item of a list of values its slot
/// and id slot; per item a source list holds its window slot and id slot; the heights a section
/// keeps (`ListSectionGeometry.bytes`). Sizes are Swift strides; a hash table counts two slots an
/// entry (Swift keeps them 37.5-75% full). Payloads are the embedder's to charge.
///
/// Growth is charged ahead (`grow` before the structure is built, in blocks as it is appended),
/// and after every change the charge settles at `footprint`, which is O(1): the geometry's bytes
/// are kept as a running sum (`geometryBytes`), checked against the sum in debug builds.
extension ListModel {
  static var sectionBytes: Int {
    MemoryLayout<ListSection<Payload>>.stride + MemoryLayout<ListSectionGeometry>.stride + 3 * 8
      + 2 * (MemoryLayout<ListID>.stride + 8)
  }
  /// An item's slot in a section (or in appended pages) and its id's slot in `itemIndex`.
  static var itemBytes: Int {
    MemoryLayout<ListItem<Payload>>.stride + 2 * (MemoryLayout<ListID>.stride + MemoryLayout<ListIndexPath>.stride)
  }
  /// An item of a source list's window: its slot by path and its id's slot.
  static var heldItemBytes: Int {
    2 * (MemoryLayout<ListIndexPath>.stride + MemoryLayout<ListItem<Payload>>.stride)
      + 2 * (MemoryLayout<ListID>.stride + MemoryLayout<ListIndexPath>.stride)
  }
  /// A measured item's slot in `measured`.
  static var measuredBytes: Int { 2 * MemoryLayout<ListIndexPath>.stride }
  /// An item height a section may keep: 8 bytes, and a row's top and height (16) per `columns` items.
  static func heightBytes(_ n: Int, columns: Int) -> Int { 8 * n + 16 * ((n + columns - 1) / max(columns, 1)) }
  /// An override of a computed section: its hash slots and its row.
  static var overrideBytes: Int { 32 + 24 }
  /// A snapshot of `sections` holding `items` in all, at most (heights in one column).
  static func snapshotBytes(sections: Int, items: Int) -> Int {
    sections * sectionBytes + items * itemBytes + heightBytes(items, columns: 1)
  }
  /// How many sections (items) a source list charges ahead at a time while it reads them.
  static var sectionBlock: Int { 1024 }
  static var itemBlock: Int { 256 }
  /// A layout attribute while `layout` collects them.
  static var attributeBytes: Int { MemoryLayout<ListAttributes>.stride }

  /// Everything the list keeps now (payloads aside).
  var footprint: Int {
    var bytes = sections.count * Self.sectionBytes + geometryBytes
    guard let held = lazy else { return bytes + itemIndex.count * Self.itemBytes }
    bytes += held.window.count * Self.heldItemBytes + held.appended.count * Self.itemBytes
    return bytes + held.measured.count * Self.measuredBytes
  }

  /// The charge after a change: the footprint, now that what was charged ahead is built (a growth
  /// that was not charged ahead is charged here: a refusal trips the limit, raised on return).
  func settleBudget() { try? budget.settle(at: footprint) }

  /// Changes section `s`'s geometry in place, keeping `geometryBytes`.
  func updateGeometry(_ s: Int, _ change: (inout ListSectionGeometry) -> Void) {
    let before = geometry[s].bytes
    change(&geometry[s])
    geometryBytes += geometry[s].bytes - before
  }

  /// Runs `body` with `bytes` charged ahead (given back when it fails; settled by the caller).
  func charging<T>(_ bytes: Int, _ body: () throws -> T) throws -> T {
    try budget.grow(by: bytes)
    do { return try body() } catch {
      budget.shrink(by: bytes)
      throw error
    }
  }

  /// The sum of the sections' `geometry.bytes` (O(n): for commits and the invariants).
  static func geometryBytes(_ geometry: [ListSectionGeometry]) -> Int { geometry.reduce(0) { $0 + $1.bytes } }
}
