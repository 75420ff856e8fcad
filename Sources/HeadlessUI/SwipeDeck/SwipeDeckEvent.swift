/// Every delegate and data-source call the deck makes (`SwipeDeck.emit`; a binding records them). Kept as
/// values so the hot path never builds strings; a binding names and prints them as its users expect.
public enum SwipeDeckEvent: Equatable, Sendable {
  case count
  case card(index: Int, reused: Bool)
  case id(index: Int)
  case empty
  case willSwipe(index: Int)
  case shouldSwipe(index: Int, direction: SwipeDirection)
  case didDrag(index: Int, direction: SwipeDirection?, progress: Double)
  case didSwipe(index: Int, direction: SwipeDirection)
  /// Lua `did_swipe_<direction>(index)`: the fly-off animation completed.
  case didFinishSwipe(index: Int, direction: SwipeDirection)
  case didRemove(index: Int, direction: SwipeDirection)
  case didCancel(index: Int)
  case didRunOut
  case didRewind(index: Int)
}
