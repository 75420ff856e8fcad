/// Programmatic actions: `swipe`, `like`, `nope`, `undo`, `reload`.
extension SwipeDeck {
  /// Swipes the top card away in `direction` (the like/nope buttons). Queued while animating or
  /// from inside a callback. Throws `directionNotAllowed` for a direction not in `directions`,
  /// `dragInProgress` during a drag, `noCardToSwipe` when no card shows.
  public func swipe(_ direction: SwipeDirection) throws { try requestSwipe(direction) }

  /// Swipes in the `like` direction (`"right"` by default; the seed's button went left).
  public func like() throws { try requestSwipe(config.like) }

  /// Swipes opposite to `like`.
  public func nope() throws { try requestSwipe(config.like.opposite) }

  func requestSwipe(_ direction: SwipeDirection) throws {
    guard directionMask & direction.bit != 0 else { throw SwipeDeckError.directionNotAllowed(direction) }
    try operation {
      if case .dragging = phase { throw SwipeDeckError.dragInProgress }
      if callbackDepth > 0 || !isSettled || draining {
        enqueue(.swipe(direction))
        return
      }
      if needsFill { fill() }
      guard hasCards else {
        if pendingError != nil { return }
        throw SwipeDeckError.noCardToSwipe
      }
      startProgrammaticSwipe(direction)
    }
  }

  /// will_swipe, should_swipe, then did_swipe with the fly-off (or did_cancel on a veto).
  func startProgrammaticSwipe(_ direction: SwipeDirection) {
    guard hasCards else { return }  // a queued swipe on an empty deck does nothing
    let top = topIndex
    let e = epoch
    emit(.willSwipe(index: top))
    guard e == epoch, isSettled else { return }
    let allowed = emit(.shouldSwipe(index: top, direction: direction))
    guard e == epoch, isSettled else { return }
    guard allowed else {
      emit(.didCancel(index: top))
      return
    }
    let start = restPose
    animate(
      .fly(direction), from: start, to: flyTarget(direction, from: .zero, start: start, programmatic: true),
      duration: config.durations.swipe)
    emit(.didSwipe(index: top, direction: direction))
  }

  /// Brings back the last swiped card from the side it left (`did_rewind`) and returns its index;
  /// nil when the history is empty or when the undo was queued (during an animation or a callback).
  /// Throws `dragInProgress` during a drag.
  @discardableResult
  public func undo() throws -> Int? {
    try operation {
      if case .dragging = phase { throw SwipeDeckError.dragInProgress }
      if callbackDepth > 0 || !isSettled || draining {
        enqueue(.undo)
        return nil
      }
      return undoNow()
    }
  }

  func undoNow() -> Int? {
    guard let last = historyStore.popLast() else { return nil }
    epoch &+= 1
    let restored = last.entry.index
    let adjacent = itemIndex(after: restored, 1) == topIndex
    if adjacent {
      // The usual case: the card goes back on top, the back card (if the stack is full) leaves.
      if stackSize + 1 > expectedCardCount(top: restored), stackSize > 0 { poolPush(popBack()) }
      guard let model = sourceCard(restored, reused: poolPop()) else {
        historyStore.append(last)
        needsFill = true
        settlePhase()
        return nil
      }
      pushFront(model)
      topIndex = restored
      fill()
    } else {
      // The history predates a reload that moved the position: rebuild the stack from the restored item.
      moveStackToPool()
      let oldTop = topIndex
      topIndex = restored
      fill()
      if !hasCards {
        topIndex = oldTop
        historyStore.append(last)
        fill()
        settlePhase()
        return nil
      }
    }
    settlePhase()
    let to = restPose
    let from = flyTarget(last.entry.direction, from: .zero, start: to, programmatic: true)
    animate(.rewind(last.entry.direction), from: from, to: to, duration: config.durations.rewind)
    emit(.didRewind(index: restored))
    return restored
  }

  /// Reloads from the data source (`count` then `card` for each visible card, recycling the old
  /// models). A running fly-off is finished first (`did_swipe_<direction>`, `did_remove` and its
  /// history entry, without `did_run_out`): `did_swipe` announced it. Then any drag, animation and
  /// queued operation is cancelled. Without `keepPosition` the history starts over. With it, the
  /// current top item stays on top when it still exists, found by identity (`source.id`, else the
  /// model's `source.identity`) within `identitySearchRadius` of its old index (without an
  /// identity, or when it is gone, the top keeps its index), and the history follows its items
  /// the same way (see `remapHistory`). Throws `reloadInsideSourceCallback` from inside a
  /// data-source callback.
  public func reload(keepPosition: Bool = false) throws {
    guard sourceDepth == 0 else { throw SwipeDeckError.reloadInsideSourceCallback }
    try operation {
      if case .animating(let anim) = phase, case .fly(let direction) = anim.kind {
        clock.cancel(anim.timer)
        finishFlyOff(direction, refill: false)
      }
      epoch &+= 1
      cancelMotion()
      clearQueue()
      loadFromSource(keepPosition: keepPosition)
    }
  }
}
