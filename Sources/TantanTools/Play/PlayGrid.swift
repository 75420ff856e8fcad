import LuaRuntime
import TantanLua

/// The reorder grid in the playground, as the seed's gestures: holding a cell for the config's
/// `long_press` seconds lifts it (`long_press(index, held)`), then the pointer drags it
/// (`drag_to` the snapshot's centre, keeping where the cell was grabbed; the model autoscrolls near
/// the edges on the clock) and release drops it (`drop`). While editing a cell lifts as soon as
/// the pointer moves (`pan_begin`, the seed's pan recogniser) and its badge deletes it. The bar's
/// button and the Edit button are `toggle_editing`; the wheel scrolls (`scroll_to`).
///
/// The picture is the bar above the grid's viewport: content y = picture y - bar + offset.
final class PlayGrid: PlayAdapter {
  static let kind = "grid"
  /// How far a press may wander before it is a drag (points).
  static let slop = 4.0

  private enum State {
    case idle
    /// Down on cell `index` at content point `at`, at virtual time `since` (and real `sinceReal`).
    case pressing(index: Int, at: (x: Double, y: Double), since: Double, sinceReal: Double, lastY: Double)
    /// A cell is lifted; the snapshot's centre is the pointer plus `grab`.
    case dragging(grab: (x: Double, y: Double))
  }
  private var state = State.idle

  init() {}

  func pointer(_ p: PlayPointer, _ t: PlayTarget) throws(PlayFailure) {
    let offset = try t.read("offset").asDouble ?? 0
    let bar = max(0, p.height - (try t.read("height").asDouble ?? p.height))
    let point = (x: p.x, y: p.y - bar + offset)
    switch (p.phase, state) {
    case (.down, _):
      state = .idle
      if p.y < bar {
        let width = try t.read("width").asDouble ?? 375
        if p.x > width / 2 && p.y > bar / 2 { try t.call("toggle_editing", []) }
        return
      }
      guard let index = try t.query("index_at", [.number(point.x), .number(point.y)]).asIndex else { return }
      if try t.read("editing").truthy, try onBadge(index, point, t) {
        try t.call("delete", [.integer(index)])
        return
      }
      state = .pressing(index: index, at: point, since: t.now, sinceReal: t.realNow, lastY: p.y)
    case (.move, .pressing(let index, let at, _, _, _)):
      guard abs(point.x - at.x) > Self.slop || abs(point.y - at.y) > Self.slop, try t.read("editing").truthy else {
        return
      }
      guard try t.call("pan_begin", [.integer(index)]).truthy else {
        state = .idle
        return
      }
      try lifted(index, at, t)
      try move(to: point, t)
    case (.move, .dragging):
      try move(to: point, t)
    case (.up, .dragging):
      state = .idle
      try t.call("drop", [])
    case (.cancel, .dragging):
      state = .idle
      try t.call("cancel", [])
    case (.up, _), (.cancel, _):
      state = .idle
    case (.move, .idle):
      break
    }
  }

  /// Lifts the pressed cell once it was held for the config's `long_press` (default 0.5 s).
  func frame(_ t: PlayTarget) throws(PlayFailure) {
    guard case .pressing(let index, let at, let since, let sinceReal, _) = state else { return }
    let needed = t.config("long_press").asDouble ?? 0.5
    let held = max(t.now - since, t.realNow - sinceReal)
    guard held >= needed else { return }
    state = .idle
    if try t.call("long_press", [.integer(index), .number(held)]).truthy { try lifted(index, at, t) }
  }

  func wheel(_ dy: Double, _ t: PlayTarget) throws(PlayFailure) {
    let offset = try t.read("offset").asDouble ?? 0
    let top = try t.read("max_offset").asDouble ?? 0
    let target = min(max(offset + dy, 0), top)
    if target != offset { try t.call("scroll_to", [.number(target)]) }
  }

  func button(_ name: String, _ t: PlayTarget) throws(PlayFailure) {
    if name == "edit" { try t.call("toggle_editing", []) }
  }

  /// The snapshot's frame now that a cell is lifted: keep the grab point under the pointer.
  private func lifted(_ index: Int, _ at: (x: Double, y: Double), _ t: PlayTarget) throws(PlayFailure) {
    let s = try t.read("snapshot")
    guard let x = s.member("x").asDouble, let y = s.member("y").asDouble, let w = s.member("w").asDouble,
      let h = s.member("h").asDouble
    else {
      state = .dragging(grab: (0, 0))
      return
    }
    state = .dragging(grab: (x + w / 2 - at.x, y + h / 2 - at.y))
  }

  private func move(to point: (x: Double, y: Double), _ t: PlayTarget) throws(PlayFailure) {
    guard case .dragging(let grab) = state else { return }
    try t.call("drag_to", [.number(point.x + grab.x), .number(point.y + grab.y)])
  }

  /// The delete badge: a circle at the cell's top-left corner, 10 pt x (width / 375) across.
  private func onBadge(_ index: Int, _ p: (x: Double, y: Double), _ t: PlayTarget) throws(PlayFailure) -> Bool {
    let cell = try t.call("cell", [.integer(index)])
    guard cell.member("delete_visible").truthy, let x = cell.member("frame").member("x").asDouble,
      let y = cell.member("frame").member("y").asDouble
    else {
      return false
    }
    let badge = 10 * (try t.read("width").asDouble ?? 375) / 375
    let dx = p.x - (x + badge / 2)
    let dy = p.y - (y + badge / 2)
    return dx * dx + dy * dy <= badge * badge
  }
}
