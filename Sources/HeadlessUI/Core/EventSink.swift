/// Where a model sends its delegate events: one method, one value per event (`SwipeDeckEvent`,
/// `ReorderGridEvent`), the same shape for every component. A Swift embedder switches over the
/// cases it cares about; the Lua binding maps each case to its declared callback once.
///
/// The result answers a question event (`shouldSwipe`, `canMove`, `canDrop`: false says no); a
/// notification's result is ignored (return true). A thrown error reaches the caller of the
/// model's method after the model is consistent again (each model documents how).
public protocol EventSink<Event>: AnyObject {
  associatedtype Event
  func handle(_ event: Event) throws -> Bool
}
