/// The deck's delegate (Lua `delegate`): every `SwipeDeckEvent` through one `handle(_:)`, which may
/// throw; a thrown error reaches the caller of the deck method (or of `clock.advance/settle`) after
/// the deck is consistent, and the rest of that operation's events are skipped. The answer is read
/// for `shouldSwipe` only (false vetoes). The deck holds its delegate strongly (see `SwipeDeck.delegate`).
public typealias SwipeDeckDelegate = EventSink<SwipeDeckEvent>

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
