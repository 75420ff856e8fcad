/// Autoscroll: while a drag's snapshot is within `autoscroll.edge` of the top or bottom of the
/// visible area, a repeating timer on the virtual clock scrolls the content at up to
/// `autoscroll.speed` pt/s, linearly faster the deeper into the band (full speed at the visible
/// area's edge and beyond). The finger stays put on screen, so the snapshot moves with the content
/// (in content coordinates) and each tick runs the hit test. The timer exists only while there is
/// somewhere to scroll, so `clock.settle()` ends.
extension ReorderGrid {
  /// Current autoscroll velocity in pt/s (negative: towards the top); 0 when idle.
  public var autoscrollVelocity: Double {
    guard let d = drag, d.gesture else { return 0 }
    let edge = config.autoscroll.edge
    let speed = config.autoscroll.speed
    guard edge > 0, speed > 0 else { return 0 }
    let y = d.center.y - offset
    if y < edge && offset > 0 { return -speed * min(1, (edge - y) / edge) }
    let bottom = config.height - edge
    if y > bottom && offset < maxOffset { return speed * min(1, (y - bottom) / edge) }
    return 0
  }

  /// True while the autoscroll timer is pending.
  public var isAutoscrolling: Bool { autoscrollTimer != nil }

  /// Starts the timer when the snapshot entered a band, stops it when it left.
  func updateAutoscroll() {
    guard autoscrollVelocity != 0 else { stopAutoscroll(); return }
    guard autoscrollTimer == nil else { return }
    autoscrollTimer = try? clock.schedule(after: config.autoscroll.tick) { [weak self] in
      try self?.autoscrollTick()
    }
  }

  func stopAutoscroll() {
    if let t = autoscrollTimer {
      clock.cancel(t)
      autoscrollTimer = nil
    }
  }

  /// One tick: scroll by `velocity * tick` (clamped), carry the snapshot, hit test. A delegate
  /// error stops the timer (the grid is consistent); the next drag move restarts it.
  func autoscrollTick() throws {
    autoscrollTimer = nil
    guard callbackDepth == 0 else {
      updateAutoscroll()  // a callback is advancing the clock: try again next tick
      return
    }
    let v = autoscrollVelocity
    guard v != 0 else { return }
    let target = (offset + v * config.autoscroll.tick).clamped(0, maxOffset)
    let delta = target - offset
    offset = target
    drag?.center.y += delta
    debugCheckInvariants()
    try step()
    updateAutoscroll()
  }
}
