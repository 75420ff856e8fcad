/// Animations on the clock and the queue of programmatic operations waiting for them.
extension SwipeDeck {
  /// True when nothing runs: queued operations may start.
  var isSettled: Bool {
    switch phase {
    case .idle, .empty: return true
    case .dragging, .animating: return false
    }
  }

  func enqueue(_ op: QueuedOperation) { queue.append(op) }

  func clearQueue() {
    queue.removeAll(keepingCapacity: true)
    queueHead = 0
  }

  /// Runs queued operations in order while the deck is settled and outside callbacks; at most
  /// `maxQueuedOperations` (then a `queueOverflow` error for the call that drains).
  func drainQueue() {
    guard queueHead < queue.count, !draining else { return }  // nothing queued: the usual case
    draining = true
    defer { draining = false }
    var ran = 0
    while pendingError == nil, isSettled, queueHead < queue.count {
      ran += 1
      guard ran <= SwipeDeckLimits.maxQueuedOperations else {
        pendingError = SwipeDeckError.queueOverflow(limit: SwipeDeckLimits.maxQueuedOperations)
        break
      }
      let op = queue[queueHead]
      queueHead += 1
      if queueHead == queue.count { clearQueue() }
      switch op {
      case .swipe(let d): startProgrammaticSwipe(d)
      case .undo: _ = undoNow()
      }
      #if DEBUG
        debugCheckInvariants()
      #endif
    }
    if pendingError != nil { clearQueue() }
  }

  /// Starts an animation of the top card with its completion on the clock.
  func animate(_ kind: DeckAnimation.Kind, from: CardPose, to: CardPose, duration: Double) {
    // Durations are validated finite and >= 0, so scheduling cannot fail.
    let id = (try? clock.schedule(after: duration, timerAction)) ?? VirtualClock.TimerID(raw: 0)
    phase = .animating(
      DeckAnimation(kind: kind, tween: Tween(start: clock.now, duration: duration), from: from, to: to, timer: id))
  }

  /// The clock fired the running animation's completion.
  func animationTimerFired() throws {
    try operation { completeAnimation() }
  }

  /// Ends the running animation: a fly-off removes the card (events in the order).
  func completeAnimation() {
    guard case .animating(let anim) = phase else { return }
    epoch &+= 1
    switch anim.kind {
    case .reset, .rewind:
      phase = .idle
    case .fly(let direction):
      let e = epoch
      guard finishFlyOff(direction, refill: true), e == epoch else { return }
      emit(.didRunOut)
    }
  }

  /// Ends the running fly-off: `did_swipe_<direction>` (once, the card still on top), the card
  /// leaves into the history, `did_remove`. A reload passes `refill: false`: the source may have
  /// changed already, so the next card waits for the reload's load. Returns true when the deck
  /// just ran out (false too when a reload inside `did_swipe_<direction>` finished it).
  @discardableResult
  func finishFlyOff(_ direction: SwipeDirection, refill: Bool) -> Bool {
    let index = topIndex
    if !landing {
      landing = true
      let e = epoch
      emit(.didFinishSwipe(index: index, direction: direction))
      landing = false
      guard e == epoch else { return false }  // a reload inside the callback finished it
    }
    removeTop(direction, refill: refill)
    let ranOut = settlePhase()
    emit(.didRemove(index: index, direction: direction))
    return ranOut
  }

  /// A new drag finishes the running animation at once, and whatever the queue starts after it.
  func finishAnimationsNow() {
    var rounds = 0
    while pendingError == nil, case .animating(let anim) = phase {
      rounds += 1
      guard rounds <= SwipeDeckLimits.maxQueuedOperations else {
        pendingError = SwipeDeckError.queueOverflow(limit: SwipeDeckLimits.maxQueuedOperations)
        return
      }
      clock.cancel(anim.timer)
      completeAnimation()
      drainQueue()
    }
  }

  /// Stops any drag or animation where it is; the top card returns to rest. No events.
  func cancelMotion() {
    if case .animating(let anim) = phase { clock.cancel(anim.timer) }
    switch phase {
    case .dragging, .animating: phase = .idle
    case .idle, .empty: break
    }
  }
}
