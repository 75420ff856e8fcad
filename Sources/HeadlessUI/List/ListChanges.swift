/// What `apply` (or `reload`) changed, in the shape of UIKit batch updates (Lua:
/// `{inserted=, deleted=, moved=, reloaded=, sections={inserted=, deleted=, moved=, reloaded=}}`).
///
/// - `deleted`, `reloaded`: old index paths; `inserted`: new ones; `moved`: old -> new.
/// - Section changes are section numbers (old for deleted/reloaded, new for inserted, old -> new for moved).
/// - Items inside an inserted or deleted section are implied by the section change and not listed.
///   An item that leaves a deleted section for a kept one is `inserted`; an item that leaves a kept
///   section for an inserted one is `deleted`.
/// - An item is reloaded when its id is kept (in kept sections) and its payload differs; a
///   section is reloaded when its id is kept and its header, footer or columns differ. A moved item
///   can also be reloaded.
/// - Moves (see `ListDiff`): a kept item that changed sections is moved; within a section, the items
///   staying there keep the longest run of their old relative order, and the others are moved.
///   Sections move by the same rule. Shifts caused by inserts and deletes are not moves.
/// - Every array is sorted: by old path/number for deleted and reloaded, by new path/number for
///   inserted and moved.
public struct ListChanges: Equatable, Sendable {
  public struct Move: Equatable, Sendable {
    public var from: ListIndexPath
    public var to: ListIndexPath
    public init(from: ListIndexPath, to: ListIndexPath) { self.from = from; self.to = to }
  }

  public struct SectionMove: Equatable, Sendable {
    public var from: Int
    public var to: Int
    public init(from: Int, to: Int) { self.from = from; self.to = to }
  }

  public struct Sections: Equatable, Sendable {
    public var inserted: [Int] = []
    public var deleted: [Int] = []
    public var moved: [SectionMove] = []
    public var reloaded: [Int] = []
    public init() {}
    public var isEmpty: Bool { inserted.isEmpty && deleted.isEmpty && moved.isEmpty && reloaded.isEmpty }
  }

  public var inserted: [ListIndexPath] = []
  public var deleted: [ListIndexPath] = []
  public var moved: [Move] = []
  public var reloaded: [ListIndexPath] = []
  public var sections = Sections()

  public init() {}

  public var isEmpty: Bool {
    inserted.isEmpty && deleted.isEmpty && moved.isEmpty && reloaded.isEmpty && sections.isEmpty
  }
}
