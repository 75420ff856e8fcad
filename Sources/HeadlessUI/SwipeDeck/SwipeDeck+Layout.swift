#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Geometry: rest frames (`layoutViews`), drag transforms, fly-off targets and card snapshots.
extension SwipeDeck {
  /// Recomputes the rest frames for `n = min(visible, count)` cards; called when the count changes.
  func computeRestFrames() {
    let n = visibleCount
    restFrames.removeAll(keepingCapacity: true)
    guard n > 0 else { return }
    switch config.preset {
    case .tantan:
      // layoutViews: centre the whole fan, then shift by the fan's extent when the offset is negative.
      let size = config.resolvedCardSize
      let ox = config.offset.x
      let oy = config.offset.y
      let spread = Double(n - 1)
      var x0 = (config.width - size.w - spread * abs(ox)) / 2
      if ox < 0 { x0 += spread * abs(ox) }
      var y0 = (config.height - size.h - spread * abs(oy)) / 2
      if oy < 0 { y0 += spread * abs(oy) }
      for i in 0..<n {
        restFrames.append(Rect(x: x0 + Double(i) * ox, y: y0 + Double(i) * oy, w: size.w, h: size.h))
      }
    case .tinder:
      // addCardFrame: the container's bounds, narrowed by 2*i*inset.x and moved by i*inset.
      for i in 0..<n {
        let dx = Double(i) * config.inset.x
        restFrames.append(Rect(x: dx, y: Double(i) * config.inset.y, w: config.width - 2 * dx, h: config.height))
      }
    }
  }

  /// Rest pose of the top card.
  var restPose: CardPose {
    CardPose(
      center: restFrames.first?.center ?? Point(x: config.width / 2, y: config.height / 2), rotation: 0, scale: 1,
      alpha: 1)
  }

  /// Pose of the top card dragged by translation `t` (`dragAction` / `handlePanGesture`).
  func dragPose(_ t: Point) -> CardPose {
    let rest = restPose.center
    let center = Point(x: rest.x + t.x, y: rest.y + t.y)
    switch config.preset {
    case .tantan:
      // The seed lacked the lower clamp; both signs are clamped here.
      let s = (t.x / config.rotationStrength).clamped(-config.rotationMax, config.rotationMax)
      let scale = max(1 - abs(s) / config.scaleStrength, config.scaleMin)
      return CardPose(center: center, rotation: s * config.rotationAngle, scale: scale, alpha: 1)
    case .tinder:
      let w = restFrames.first?.w ?? config.width
      return CardPose(center: center, rotation: tan(t.x / (2 * w)), scale: 1, alpha: 1)
    }
  }

  /// Where the fly-off ends for a card released at translation `t` in `direction`.
  func flyTarget(_ direction: SwipeDirection, from t: Point, start: CardPose, programmatic: Bool) -> CardPose {
    let rest = restPose.center
    var center: Point
    var alpha = 1.0
    switch config.preset {
    case .tantan:
      // viewDismissFromRight/Left: x = +-dismiss_x, y = 2*dy + original y (mirrored for up/down).
      switch direction {
      case .right: center = Point(x: config.dismissX, y: 2 * t.y + rest.y)
      case .left: center = Point(x: -config.dismissX, y: 2 * t.y + rest.y)
      case .down: center = Point(x: 2 * t.x + rest.x, y: config.dismissY)
      case .up: center = Point(x: 2 * t.x + rest.x, y: -config.dismissY)
      }
    case .tinder:
      // handlePanGesture .ended: the centre moves by (+-fly.x, fly.y) and fades out.
      let base = Point(x: rest.x + t.x, y: rest.y + t.y)
      let f = config.fly
      switch direction {
      case .right: center = Point(x: base.x + f.x, y: base.y + f.y)
      case .left: center = Point(x: base.x - f.x, y: base.y + f.y)
      case .down: center = Point(x: base.x, y: base.y + f.x)
      case .up: center = Point(x: base.x, y: base.y - f.x)
      }
      alpha = 0
    }
    // A drag keeps its transform while flying (the seed animates the centre only); a button
    // swipe tilts as if dragged to the target.
    var end = programmatic ? dragPose(Point(x: center.x - rest.x, y: center.y - rest.y)) : start
    end.center = center
    end.alpha = alpha
    return end
  }

  /// Displacement of `p` along `direction` (positive when moving that way).
  @inline(__always)
  func along(_ direction: SwipeDirection, _ p: Point) -> Double {
    switch direction {
    case .left: return -p.x
    case .right: return p.x
    case .up: return -p.y
    case .down: return p.y
    }
  }

  /// Translation beyond which a release dismisses in `direction`.
  func distanceThreshold(_ direction: SwipeDirection) -> Double {
    switch config.preset {
    case .tantan:
      return config.threshold
    case .tinder:
      // The centre must pass the bound: centre > right  <=>  dx > right - rest.x.
      let rest = restPose.center
      switch direction {
      case .right: return config.bounds.right - rest.x
      case .left: return rest.x - config.bounds.left
      case .down: return config.bounds.bottom - rest.y
      case .up: return rest.y - config.bounds.top
      }
    }
  }

  /// The pose of the top card now.
  var topPose: CardPose {
    switch phase {
    case .idle, .empty: return restPose
    case .dragging(let t): return dragPose(t)
    case .animating(let a): return a.pose(at: clock.now)
    }
  }

  /// A snapshot of the card at `depth` (0 = top), sampled at `clock.now`.
  public func card(atDepth depth: Int) -> SwipeCard<Model>? {
    guard depth >= 0, depth < stackSize, depth < restFrames.count else { return nil }
    let index = itemIndex(after: topIndex, depth)
    let model = model(atDepth: depth)
    var frame = restFrames[depth]
    guard depth == 0 else {
      return SwipeCard(
        index: index, model: model, frame: frame, center: frame.center, rotation: 0, scale: 1, alpha: 1, depth: depth)
    }
    let pose = topPose
    frame.x = pose.center.x - frame.w / 2
    frame.y = pose.center.y - frame.h / 2
    return SwipeCard(
      index: index, model: model, frame: frame, center: pose.center, rotation: pose.rotation, scale: pose.scale,
      alpha: pose.alpha, depth: 0)
  }

  /// `deck.top`.
  public var top: SwipeCard<Model>? { card(atDepth: 0) }

  /// `deck.cards`: the visible cards, top first.
  public var cards: [SwipeCard<Model>] {
    var result: [SwipeCard<Model>] = []
    result.reserveCapacity(stackSize)
    for d in 0..<stackSize { if let c = card(atDepth: d) { result.append(c) } }
    return result
  }

  /// The rest frame of depth `depth` for the current count (even when fewer cards remain).
  public func restFrame(atDepth depth: Int) -> Rect? {
    depth >= 0 && depth < restFrames.count ? restFrames[depth] : nil
  }
}
