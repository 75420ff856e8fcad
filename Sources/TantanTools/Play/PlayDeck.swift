import LuaRuntime
import TantanLua

/// The swipe deck in the playground: a drag on the top card is `drag_begin`, `drag_move` with the
/// pointer's total translation, and `drag_end` with its velocity at release; like, nope and undo
/// are buttons. The picture's units are the deck's points.
final class PlayDeck: PlayAdapter {
  static let kind = "deck"

  /// Where the pointer went down, while it drags the top card.
  private var start: (x: Double, y: Double)?

  init() {}

  func pointer(_ p: PlayPointer, _ t: PlayTarget) throws(PlayFailure) {
    switch p.phase {
    case .down:
      let top = try t.read("top")
      let f = top.member("frame")
      guard let x = f.member("x").asDouble, let y = f.member("y").asDouble, let w = f.member("w").asDouble,
        let h = f.member("h").asDouble,
        p.x >= x, p.x <= x + w, p.y >= y, p.y <= y + h
      else { return }
      try t.call("drag_begin", [])
      start = (p.x, p.y)
    case .move:
      guard let s = start else { return }
      try t.call("drag_move", [.number(p.x - s.x), .number(p.y - s.y)])
    case .up, .cancel:
      guard start != nil else { return }
      start = nil
      let v = p.phase == .up ? (p.vx, p.vy) : (0, 0)
      try t.call("drag_end", [.number(v.0), .number(v.1)])
    }
  }

  func button(_ name: String, _ t: PlayTarget) throws(PlayFailure) {
    guard Self.buttons.contains(where: { $0.name == name }) else { return }
    try t.call(name, [])
  }
}
