/// Value types of `ListModel`: ids, items, sections, index paths, insets and layout attributes.
/// Indices are 0-based here; the Lua binding converts them to 1-based.

/// The id of an item or a section. Lua ids can be integers or strings, and `1` and `"1"` differ.
/// Item ids are unique across the whole list; section ids are unique among sections (a separate
/// namespace, so a section and an item may share an id).
public enum ListID: Hashable, Sendable, CustomStringConvertible {
  case int(Int64)
  case string(String)

  /// Lua-style: integers bare, strings quoted (`42`, `"top10"`), as in error messages and events.
  public var description: String {
    switch self {
    case .int(let n): return String(n)
    case .string(let s): return "\"\(s)\""
    }
  }
}

extension ListID: ExpressibleByIntegerLiteral, ExpressibleByStringLiteral {
  public init(integerLiteral value: Int64) { self = .int(value) }
  public init(stringLiteral value: String) { self = .string(value) }
}

/// One view model of the list: an id plus everything else (`payload`), compared deeply with `==`
/// to decide whether a kept item is reloaded.
public struct ListItem<Payload: Equatable>: Equatable {
  public var id: ListID
  public var payload: Payload
  public init(id: ListID, payload: Payload) { self.id = id; self.payload = payload }
}

/// A section: an id, optional header and footer view models (a section has a header, and takes
/// `headerHeight`, only when `header` is non-nil; likewise the footer), an optional column count
/// overriding the list's `columns`, and its items.
public struct ListSection<Payload: Equatable>: Equatable {
  public var id: ListID
  public var header: Payload?
  public var footer: Payload?
  public var columns: Int?
  public var items: [ListItem<Payload>]

  public init(
    id: ListID, header: Payload? = nil, footer: Payload? = nil, columns: Int? = nil, items: [ListItem<Payload>] = []
  ) {
    self.id = id; self.header = header; self.footer = footer; self.columns = columns; self.items = items
  }

  /// True when the section-level fields (everything but `id` and `items`) are equal: a kept section
  /// whose fields differ is reported as reloaded.
  @usableFromInline
  func sameSectionFields(as other: ListSection) -> Bool {
    header == other.header && footer == other.footer && columns == other.columns
  }
}

/// A 0-based (section, index) pair. Not Foundation's IndexPath: HeadlessUI imports nothing.
public struct ListIndexPath: Hashable, Comparable, Sendable, CustomStringConvertible {
  public var section: Int
  public var index: Int
  public init(section: Int, index: Int) { self.section = section; self.index = index }
  public static func < (a: ListIndexPath, b: ListIndexPath) -> Bool {
    a.section != b.section ? a.section < b.section : a.index < b.index
  }
  public var description: String { "(\(section), \(index))" }
}

/// Section insets (around each non-empty section's items) or the list's content inset.
public struct ListInsets: Equatable, Sendable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double
  public init(top: Double = 0, left: Double = 0, bottom: Double = 0, right: Double = 0) {
    self.top = top; self.left = left; self.bottom = bottom; self.right = right
  }
  public static let zero = ListInsets()
}

/// `line`: vertical gap between rows; `item`: horizontal gap between columns.
public struct ListSpacing: Equatable, Sendable {
  public var line: Double
  public var item: Double
  public init(line: Double = 0, item: Double = 0) { self.line = line; self.item = item }
}

/// What `layout(_:)` returns for one element.
public struct ListAttributes: Equatable, Sendable {
  public enum Kind: String, Sendable { case item, header, footer }
  public var kind: Kind
  public var section: Int
  /// The item's index in its section; nil for headers and footers.
  public var index: Int?
  /// In content coordinates.
  public var frame: Rect
  /// 0 for items and footers and non-sticky headers; `ListModel.stickyHeaderZ` (1024) for sticky headers.
  public var z: Int

  public init(kind: Kind, section: Int, index: Int?, frame: Rect, z: Int) {
    self.kind = kind; self.section = section; self.index = index; self.frame = frame; self.z = z
  }
}

/// The pull-to-refresh states; `rawValue` is the Lua string.
public enum ListRefreshState: String, Sendable {
  case idle, pulling, armed, refreshing, finishing
}
