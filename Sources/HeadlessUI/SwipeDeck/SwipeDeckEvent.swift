/// The deck's delegate events, handed one at a time to its `SwipeDeckDelegate` (`handle(_:)`). Kept as
/// values so the hot path never builds strings; a binding names and prints them as its users expect.
/// Indices are 0-based item indices.
public enum SwipeDeckEvent: Equatable, Sendable {
  /// `will_swipe`: once per gesture (at `drag_begin`) or when a programmatic swipe starts.
  case willSwipe(index: Int)
  /// `should_swipe`: at release (or programmatic start); false snaps the card back and fires `didCancel`.
  /// The only question: the delegate's answer is read (without a delegate, yes).
  case shouldSwipe(index: Int, direction: SwipeDirection)
  /// `did_drag`: each `drag_move`, and each animation frame (a `clock.advance` while the top card
  /// flies off, snaps back or comes back by undo; `settle` jumps to the end without frames): the
  /// `overlay` then, progress 0...1 toward the dismissal threshold in `direction`; nil and 0 while
  /// the card points at no allowed direction (at rest, or along an axis the deck does not swipe).
  case didDrag(index: Int, direction: SwipeDirection?, progress: Double)
  /// `did_swipe`: the swipe is decided and the fly-off starts.
  case didSwipe(index: Int, direction: SwipeDirection)
  /// `did_swipe_<direction>`: the fly-off animation completed (card still on top).
  case didFinishSwipe(index: Int, direction: SwipeDirection)
  /// `did_remove`: the card left and the next card entered at the back.
  case didRemove(index: Int, direction: SwipeDirection)
  /// `did_cancel`: the release (or a veto) snaps the card back.
  case didCancel(index: Int)
  /// `did_run_out`: a non-cyclic deck lost its last card (once per running out).
  case didRunOut
  /// `did_rewind`: `undo` brought `index` back.
  case didRewind(index: Int)
}
