/// The deck's delegate (Lua `delegate`): every method is optional (default no-op) and may throw;
/// a thrown error reaches the caller of the deck method (or of `clock.advance/settle`) after the deck is consistent.
/// Indices are 0-based item indices. The deck holds its delegate strongly (see `SwipeDeck.delegate`).
public protocol SwipeDeckDelegate: AnyObject {
  /// `will_swipe`: once per gesture (at `drag_begin`) or when a programmatic swipe starts.
  func willSwipe(index: Int) throws
  /// `should_swipe`: at release (or programmatic start); false snaps the card back and fires `did_cancel`.
  func shouldSwipe(index: Int, direction: SwipeDirection) throws -> Bool
  /// `did_drag`: each `drag_move`, and each animation frame (a `clock.advance` while the top card
  /// flies off, snaps back or comes back by undo; `settle` jumps to the end without frames): the
  /// `overlay` then, progress 0...1 toward the dismissal threshold in `direction`; nil and 0 while
  /// the card points at no allowed direction (at rest, or along an axis the deck does not swipe).
  func didDrag(index: Int, direction: SwipeDirection?, progress: Double) throws
  /// `did_swipe`: the swipe is decided and the fly-off starts.
  func didSwipe(index: Int, direction: SwipeDirection) throws
  /// `did_swipe_<direction>`: the fly-off animation completed (card still on top).
  func didFinishSwipe(index: Int, direction: SwipeDirection) throws
  /// `did_remove`: the card left and the next card entered at the back.
  func didRemove(index: Int, direction: SwipeDirection) throws
  /// `did_cancel`: the release (or a veto) snaps the card back.
  func didCancel(index: Int) throws
  /// `did_run_out`: a non-cyclic deck lost its last card (once per running out).
  func didRunOut() throws
  /// `did_rewind`: `undo` brought `index` back.
  func didRewind(index: Int) throws
}

extension SwipeDeckDelegate {
  public func willSwipe(index: Int) throws {}
  public func shouldSwipe(index: Int, direction: SwipeDirection) throws -> Bool { true }
  public func didDrag(index: Int, direction: SwipeDirection?, progress: Double) throws {}
  public func didSwipe(index: Int, direction: SwipeDirection) throws {}
  public func didFinishSwipe(index: Int, direction: SwipeDirection) throws {}
  public func didRemove(index: Int, direction: SwipeDirection) throws {}
  public func didCancel(index: Int) throws {}
  public func didRunOut() throws {}
  public func didRewind(index: Int) throws {}
}

/// The deck's data source (Lua `source`): closures so the binding can wrap Lua functions without a class.
///
/// Ownership of models: `card(index, reused)` receives a model the deck no longer shows (or nil)
/// and hands it over: after the call, the deck keeps only what `card` returned. Models the deck drops
/// without handing over are passed to `SwipeDeck.modelReleased`.
public struct SwipeDeckSource<Model> {
  /// `count(deck)`: consulted at construction and at `reload` only (like UITableView); must be 0...2^53.
  public var count: () throws -> Int
  /// `card(deck, index, reused)`: the view model for `index`, recycling `reused` when given.
  public var card: (_ index: Int, _ reused: Model?) throws -> Model
  /// `empty(deck)`: the model shown when no card remains (tinder's emptyView), or nil.
  public var empty: () throws -> Model?
  /// The identity of a model (Lua: its `id` field), or nil: what `reload(keepPosition:)` keeps on top.
  public var identity: ((Model) -> AnyHashable?)?
  /// `id(deck, index)`: the identity of an item without its model (optional). When given, the deck
  /// asks it for each card it fetches (remembering the stacked cards' ids) and for the items it
  /// searches at a `reload(keepPosition:)`; it wins over `identity`.
  public var id: ((Int) throws -> AnyHashable?)?

  public init(
    count: @escaping () throws -> Int,
    card: @escaping (_ index: Int, _ reused: Model?) throws -> Model,
    empty: @escaping () throws -> Model? = { nil },
    identity: ((Model) -> AnyHashable?)? = nil,
    id: ((Int) throws -> AnyHashable?)? = nil
  ) {
    self.count = count
    self.card = card
    self.empty = empty
    self.identity = identity
    self.id = id
  }

  /// A plain array of models (Lua: `source = { {...}, {...} }`); `reused` is ignored.
  public static func array(_ models: [Model], empty: Model? = nil) -> SwipeDeckSource {
    SwipeDeckSource(count: { models.count }, card: { i, _ in models[i] }, empty: { empty })
  }
}
