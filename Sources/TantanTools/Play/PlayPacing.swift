/// The playground's frames: while a page is open and the clock is not paused, one frame every
/// 1/60 s of real time advances the virtual clock by `speed / 60` s (slow motion: 0.1 to 1), so
/// animations run at display rate. Every frame is the same step, so a recording replays as
/// `frames(n, dt)`. A server that falls behind catches up at most `maxCatchUp` frames at once and
/// then lets virtual time lag rather than jump.
struct PlayPacing {
  static let fps = 60.0
  static let maxCatchUp = 4

  var speed = 1.0
  var paused = false
  /// Real time of the next frame while running.
  private var next: Double?

  /// Virtual seconds one frame advances.
  var step: Double { speed / Self.fps }

  /// How many frames are due at real time `now` (0 while paused or with no page open).
  mutating func due(now: Double, running: Bool) -> Int {
    guard running, !paused else {
      next = nil
      return 0
    }
    guard let n = next else {
      next = now + 1 / Self.fps
      return 0
    }
    guard now >= n else { return 0 }
    let behind = Int((now - n) * Self.fps) + 1
    if behind > Self.maxCatchUp {
      next = now + 1 / Self.fps
      return Self.maxCatchUp
    }
    next = n + Double(behind) / Self.fps
    return behind
  }

  /// How long the loop may sleep at `now` before the next frame (or a periodic look around).
  func wait(now: Double) -> Double {
    guard let n = next, !paused else { return 0.1 }
    return min(max(0, n - now), 0.1)
  }
}
