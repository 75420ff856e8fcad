/// Model storage: a ring for the stacked cards and a small stack for the reuse pool, both in
/// buffers allocated once. Pointer operations stay fast even when the deck's code is not
/// specialized for `Model` (a client module), where generic `Array` operations were the main cost.
/// A card's item index is implied: depth k shows `itemIndex(after: topIndex, k)`.
extension SwipeDeck {
  var hasCards: Bool { stackSize > 0 }

  @inline(__always)
  func ringSlot(_ depth: Int) -> UnsafeMutablePointer<Model> {
    var p = ringStart + depth
    if p >= ringCapacity { p -= ringCapacity }
    return ring + p
  }

  /// The model at `depth` (0 = top); the caller checks the range.
  @inline(__always)
  func model(atDepth depth: Int) -> Model { ringSlot(depth).pointee }

  func pushBack(_ model: Model) {
    ringSlot(stackSize).initialize(to: model)
    stackSize += 1
  }

  func pushFront(_ model: Model) {
    ringStart = ringStart == 0 ? ringCapacity - 1 : ringStart - 1
    (ring + ringStart).initialize(to: model)
    stackSize += 1
  }

  func popFront() -> Model {
    let m = (ring + ringStart).move()
    ringStart += 1
    if ringStart == ringCapacity { ringStart = 0 }
    stackSize -= 1
    return m
  }

  func popBack() -> Model {
    stackSize -= 1
    return ringSlot(stackSize).move()
  }

  /// Moves every stacked model to the pool, back card first (so the top's model is reused first).
  func moveStackToPool() {
    while stackSize > 0 { poolPush(popBack()) }
    ringStart = 0
  }

  /// Keeps a departed model for reuse; a full pool releases its oldest model.
  func poolPush(_ model: Model) {
    var dropped: Model?
    if poolSize == poolLimit {
      dropped = poolBuffer.move()
      poolBuffer.moveInitialize(from: poolBuffer + 1, count: poolSize - 1)
      poolSize -= 1
    }
    (poolBuffer + poolSize).initialize(to: model)
    poolSize += 1
    if let dropped { release(dropped) }
  }

  func poolPop() -> Model? {
    guard poolSize > 0 else { return nil }
    poolSize -= 1
    return (poolBuffer + poolSize).move()
  }

  /// Called from deinit: destroys and frees both buffers.
  func destroyStorage() {
    while stackSize > 0 { _ = popBack() }
    poolBuffer.deinitialize(count: poolSize)
    poolSize = 0
    ring.deallocate()
    poolBuffer.deallocate()
  }

  var poolModels: [Model] { (0..<poolSize).map { poolBuffer[$0] } }
}
