import LuaRuntime
import TantanLua

/// The list in the playground: dragging scrolls it (`scroll_to`, the content following the
/// pointer) and, at the top of a list with `refresh`, pulls it (`pull` with the distance, `release`
/// on letting go); the wheel scrolls; Refresh and Load more are buttons. The picture is the
/// viewport: its units are the list's points.
final class PlayList: PlayAdapter {
  static let kind = "list"

  /// The pointer's last y while it drags, and how far it pulls past the top (0: not pulling).
  private var lastY: Double?
  private var pulled = 0.0

  init() {}

  func pointer(_ p: PlayPointer, _ t: PlayTarget) throws(PlayFailure) {
    switch p.phase {
    case .down:
      lastY = p.y
      pulled = 0
    case .move:
      guard let last = lastY else { return }
      let dy = p.y - last
      lastY = p.y
      let offset = try t.read("offset").asDouble ?? 0
      let top = try t.read("min_offset").asDouble ?? 0
      if pulled > 0 || (dy > 0 && offset <= top && t.config("refresh") != .nil) {
        pulled = max(0, pulled + dy)
        try t.call("pull", [.number(pulled)])
      } else {
        try scroll(by: -dy, t)
      }
    case .up, .cancel:
      lastY = nil
      if pulled > 0 {
        pulled = 0
        try t.call("release", [])
      }
    }
  }

  func wheel(_ dy: Double, _ t: PlayTarget) throws(PlayFailure) { try scroll(by: dy, t) }

  func button(_ name: String, _ t: PlayTarget) throws(PlayFailure) {
    guard Self.buttons.contains(where: { $0.name == name }) else { return }
    try t.call(name, [])
  }

  /// `scroll_to` within min_offset...max_offset (beyond is an error the list raises).
  private func scroll(by dy: Double, _ t: PlayTarget) throws(PlayFailure) {
    let offset = try t.read("offset").asDouble ?? 0
    let low = try t.read("min_offset").asDouble ?? 0
    let high = try t.read("max_offset").asDouble ?? 0
    let target = min(max(offset + dy, low), max(low, high))
    if target != offset { try t.call("scroll_to", [.number(target)]) }
  }
}
