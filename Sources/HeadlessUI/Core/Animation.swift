/// A value animating on the virtual clock; read it at any time, it is a pure function of `now`.
public struct Tween: Equatable, Sendable {
  public enum Curve: Equatable, Sendable { case linear, easeOut }

  public var start: Double
  public var duration: Double
  public var curve: Curve

  public init(start: Double, duration: Double, curve: Curve = .linear) {
    self.start = start; self.duration = duration; self.curve = curve
  }

  /// Eased progress 0...1 at time `now`.
  public func progress(at now: Double) -> Double {
    guard duration > 0 else { return 1 }
    let t = ((now - start) / duration).clamped(0, 1)
    switch curve {
    case .linear: return t
    case .easeOut: return 1 - (1 - t) * (1 - t)
    }
  }

  public func done(at now: Double) -> Bool { now >= start + duration }

  public static func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
  public static func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point {
    Point(x: lerp(a.x, b.x, t), y: lerp(a.y, b.y, t))
  }
}
