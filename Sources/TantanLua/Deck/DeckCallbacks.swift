import HeadlessUI
import LuaRuntime

/// The deck's delegate callbacks, declared once: lookup, the names in `deck:events()`, the
/// reference and the unknown-callback error come from here. Every call is recorded in
/// `deck:events()` (1-based), also when the delegate lacks the function.
enum DeckDelegateCallback: Int, CallbackDeclaration {
  case willSwipe, shouldSwipe, didDrag, didSwipe, didSwipeLeft, didSwipeRight, didSwipeUp, didSwipeDown
  case didRemove, didCancel, didRunOut, didRewind

  static let luaClass = "tantan.SwipeDeckDelegate"
  static let role = "delegate"
  static var component: String { "deck: \(DeckBinding.deckClass.name)" }

  /// `did_swipe_<direction>`: the fly-off in `d` completed.
  static func didFinishSwipe(_ d: SwipeDirection) -> Self {
    switch d {
    case .left: return .didSwipeLeft
    case .right: return .didSwipeRight
    case .up: return .didSwipeUp
    case .down: return .didSwipeDown
    }
  }

  var spec: CallbackSpec {
    let direction = "direction: \"left\"|\"right\"|\"up\"|\"down\""
    func finished(_ d: String, _ way: String) -> CallbackSpec {
      .init(
        "did_swipe_\(d)", ["index: integer"], "The fly-off \(way) completed (the card is still on top).")
    }
    switch self {
    case .willSwipe:
      return .init(
        "will_swipe", ["index: integer"],
        "A gesture began (drag_begin, pan) or a programmatic swipe starts.")
    case .shouldSwipe:
      return .init(
        "should_swipe", ["index: integer", "\(direction)"], returns: "boolean",
        "At release (or a programmatic swipe's start): false or nil vetoes (the card snaps back, did_cancel).")
    case .didDrag:
      return .init(
        "did_drag", ["index: integer", "direction: (\"left\"|\"right\"|\"up\"|\"down\")?", "progress: number"],
        "Each drag_move, and each clock:advance while the top card animates (deck.overlay then; settle jumps to the end without frames): progress 0..1 toward the threshold in direction. direction is nil, and progress 0, while the card is moved toward no direction the deck swipes (at rest, or along an axis it does not swipe: a vertical drag on a left/right deck)."
      )
    case .didSwipe:
      return .init(
        "did_swipe", ["index: integer", "\(direction)"], "The swipe is decided; the fly-off starts.")
    case .didSwipeLeft: return finished("left", "to the left")
    case .didSwipeRight: return finished("right", "to the right")
    case .didSwipeUp: return finished("up", "upward")
    case .didSwipeDown: return finished("down", "downward")
    case .didRemove:
      return .init(
        "did_remove", ["index: integer", "\(direction)"], "The card left; the next one entered at the back.")
    case .didCancel:
      return .init("did_cancel", ["index: integer"], "The release (or a veto) snaps the card back.")
    case .didRunOut:
      return .init("did_run_out", [], "A non-cyclic deck lost its last card (once per running out).")
    case .didRewind: return .init("did_rewind", ["index: integer"], "undo brought index back.")
    }
  }
}

/// The deck's data-source callbacks (`source = {count=, card=, empty=, id=}`); an array of view
/// models may have `empty` too.
enum DeckSourceCallback: Int, CallbackDeclaration {
  case count, card, empty, id

  static let luaClass = "tantan.SwipeDeckSource"
  static let role = "source"
  static var component: String { DeckDelegateCallback.component }

  var spec: CallbackSpec {
    switch self {
    case .count:
      return .init(
        "count", [], returns: "integer",
        "The item count, 0 to 2^53: read at construction and reload only (cached in between). Required with card.")
    case .card:
      return .init(
        "card", ["index: integer", "reused: table?"], returns: "table",
        "The view model for index; reused is a departed card's model to recycle (or nil). Required with count.")
    case .empty:
      return .init(
        "empty", [], returns: "table?", "The model shown while no card remains (tinder's emptyView), or nil.")
    case .id:
      return .init(
        "id", ["index: integer"], returns: "integer|string|nil",
        "The identity of an item without its model: reload{keep_position=true} keeps it on top (else a model's id field)."
      )
    }
  }
}

/// The deck's events as Lua calls: the one place a `SwipeDeckEvent` meets its callback
/// (`CallbackSink` records and calls it).
extension DeckDelegateCallback: EventCallbacks {
  static var strings: [String] { SwipeDirection.allCases.map(\.rawValue) }
  var isQuestion: Bool { self == .shouldSwipe }

  @inline(__always)
  static func call<S: CallbackSender>(for event: SwipeDeckEvent, _ sink: S) throws -> Bool where S.D == Self {
    switch event {
    case .willSwipe(let i): try sink.send(.init(.willSwipe, .index(i)))
    case .shouldSwipe(let i, let d): try sink.send(.init(.shouldSwipe, .index(i), .direction(d)))
    case .didDrag(let i, let d, let p):
      try sink.send(.init(.didDrag, .index(i), d.map(CallbackArg.direction) ?? .none, .number(p)))
    case .didSwipe(let i, let d): try sink.send(.init(.didSwipe, .index(i), .direction(d)))
    case .didFinishSwipe(let i, let d): try sink.send(.init(.didFinishSwipe(d), .index(i)))
    case .didRemove(let i, let d): try sink.send(.init(.didRemove, .index(i), .direction(d)))
    case .didCancel(let i): try sink.send(.init(.didCancel, .index(i)))
    case .didRunOut: try sink.send(.init(.didRunOut))
    case .didRewind(let i): try sink.send(.init(.didRewind, .index(i)))
    }
  }
}

/// The deck's delegate as its model sees it (see `CallbackSink` for why a type of its own).
final class DeckSink: CallbackSink<LuaSwipeDeck, DeckDelegateCallback>, SwipeDeckDelegate {}

extension CallbackArg {
  /// A direction's name (`DeckDelegateCallback.strings` is `SwipeDirection.allCases`).
  static func direction(_ d: SwipeDirection) -> Self { .string(d.ordinalIndex) }
}

extension SwipeDirection {
  /// left, right, up, down: 0...3 (the order of `allCases`).
  var ordinalIndex: Int {
    switch self {
    case .left: return 0
    case .right: return 1
    case .up: return 2
    case .down: return 3
    }
  }
}
