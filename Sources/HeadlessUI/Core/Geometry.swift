/// Plain value geometry in points, like CoreGraphics but portable (HeadlessUI imports nothing).
public struct Point: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public init(x: Double, y: Double) { self.x = x; self.y = y }
  public static let zero = Point(x: 0, y: 0)
}

public struct Size: Equatable, Hashable, Sendable {
  public var w: Double
  public var h: Double
  public init(w: Double, h: Double) { self.w = w; self.h = h }
}

public struct Rect: Equatable, Hashable, Sendable {
  public var x: Double
  public var y: Double
  public var w: Double
  public var h: Double
  public init(x: Double, y: Double, w: Double, h: Double) { self.x = x; self.y = y; self.w = w; self.h = h }

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + w }
  public var maxY: Double { y + h }
  public var midX: Double { x + w / 2 }
  public var midY: Double { y + h / 2 }
  public var center: Point { Point(x: midX, y: midY) }
  public var size: Size { Size(w: w, h: h) }

  /// True when the rects overlap with positive area, as CGRect.intersects does for non-empty rects.
  public func intersects(_ other: Rect) -> Bool {
    minX < other.maxX && other.minX < maxX && minY < other.maxY && other.minY < maxY
  }

  public func contains(_ p: Point) -> Bool { p.x >= minX && p.x < maxX && p.y >= minY && p.y < maxY }
}

extension Double {
  /// Clamps into `lo...hi`; NaN stays NaN (callers validate input before it reaches a model).
  @inlinable public func clamped(_ lo: Double, _ hi: Double) -> Double { Swift.min(Swift.max(self, lo), hi) }
}
