/// The TanTan/Tinder swipe card deck as a headless model (TanTanView + SwipeCardsDataSource).
///
/// Memory is proportional to `visible`, never to the item count: the deck keeps the visible cards,
/// a small pool of departed models for reuse, and a bounded history. Animations are `Tween`s on the
/// shared `VirtualClock`; card fields are sampled at `clock.now`.
///
/// Re-entrancy: `swipe`, `like`, `nope` and `undo` called during an animation or from inside any
/// callback are queued and run in order once the deck is idle; a drag started during an animation
/// finishes it (and the queue) at once; a programmatic swipe during a drag throws `wrongState`;
/// `reload` cancels any drag, animation and queued operation. Gestures cannot be started from
/// inside a callback, and `reload` not from inside a data-source callback.
///
/// Errors thrown by the delegate or the data source are held until the deck is consistent again,
/// then rethrown to the caller of the method (or of `clock.advance`/`settle` for a completion);
/// once a callback has thrown, the rest of that operation's delegate calls are skipped and the
/// queued operations are dropped.
public final class SwipeDeck<Model> {
  // Declared outside the generic class: nested types would be generic too, and unspecialized
  // code would instantiate their metadata on every use.
  typealias Phase = SwipeDeckPhase
  typealias QueuedOperation = SwipeDeckQueuedOperation

  public let config: SwipeDeckConfig
  public let clock: VirtualClock
  public let source: SwipeDeckSource<Model>
  /// Held strongly: a weak reference costs a side-table lookup on every callback (a fifth of a
  /// swipe). Do not let the delegate hold the deck strongly, or set this to nil when done.
  public var delegate: (any SwipeDeckDelegate)?
  /// Called with each model the deck drops without handing it to `source.card` (pool overflow,
  /// empty model replaced, `reload`), so a binding can release references promptly.
  public var modelReleased: ((Model) -> Void)?

  /// The item count as last read from the data source (at construction or `reload`).
  public internal(set) var count: Int = 0

  var topIndex = 0
  /// With `source.id`: the ids of the stacked cards when they were fetched (for `reload(keepPosition:)`).
  var cardIDs: [Int: AnyHashable] = [:]
  /// The stacked cards' models (see SwipeDeck+Storage.swift).
  let ring: UnsafeMutablePointer<Model>
  let ringCapacity: Int
  var ringStart = 0
  var stackSize = 0
  /// Departed models kept for reuse, oldest first.
  let poolBuffer: UnsafeMutablePointer<Model>
  var poolSize = 0
  var emptyModelStore: Model?
  var phase: Phase = .idle
  var historyStore: [SwipeHistoryRecord] = []
  var queue: [QueuedOperation] = []
  var queueHead = 0
  var callbackDepth = 0
  var sourceDepth = 0
  var draining = false
  /// True while `did_swipe_<direction>` runs: a reload inside it finishes only the removal.
  var landing = false
  var pendingError: (any Error)?
  var epoch = 0
  var needsFill = false
  var restFrames: [Rect] = []
  let directionMask: UInt8
  let poolLimit: Int
  /// The completion of every animation, made once; unowned because the clock may hold it while
  /// the deck goes, and deinit cancels the pending timer, so it never runs after that.
  lazy var timerAction: () throws -> Void = { [unowned self] in try self.animationTimerFired() }
  /// Names its running animation for the clock's list of pending timers (removed in deinit).
  private var describer: UInt64 = 0

  /// Builds the deck and loads the first cards; throws on a bad config or data source.
  public init(config: SwipeDeckConfig = .tantan, source: SwipeDeckSource<Model>, clock: VirtualClock) throws {
    try config.validate()
    self.config = config
    self.clock = clock
    self.source = source
    var mask: UInt8 = 0
    for d in config.directions { mask |= d.bit }
    directionMask = mask
    poolLimit = config.visible
    ringCapacity = config.visible
    ring = .allocate(capacity: config.visible)
    poolBuffer = .allocate(capacity: config.visible)
    historyStore.reserveCapacity(min(config.historyLimit, 64))
    try operation { loadFromSource(keepPosition: false) }
    describer = clock.addDescriber { [unowned self] in
      guard case .animating(let anim) = self.phase else { return [] }
      switch anim.kind {
      case .fly: return [(anim.timer, "SwipeDeck fly-off animation")]
      case .reset: return [(anim.timer, "SwipeDeck snap-back animation")]
      case .rewind: return [(anim.timer, "SwipeDeck undo animation")]
      }
    }
  }

  deinit {
    // Leave no completion behind on a clock that outlives the deck.
    if case .animating(let anim) = phase { clock.cancel(anim.timer) }
    clock.removeDescriber(describer)
    destroyStorage()
  }

  /// A deck over a plain array of models.
  public convenience init(config: SwipeDeckConfig = .tantan, models: [Model], empty: Model? = nil, clock: VirtualClock)
    throws
  {
    try self.init(config: config, source: .array(models, empty: empty), clock: clock)
  }

  // MARK: Fields

  /// Item index of the top card (`deck.index`), nil when no card shows.
  public var index: Int? { stackSize > 0 ? topIndex : nil }

  /// `min(visible, count)`: how many cards the layout is computed for.
  public var visibleCount: Int { min(config.visible, count) }

  /// `deck.state`.
  public var state: SwipeDeckState {
    switch phase {
    case .idle: return .idle
    case .empty: return .empty
    case .dragging: return .dragging
    case .animating: return .animating
    }
  }

  /// `deck.history`: swiped items, oldest first (the last `history_limit` of them).
  public var history: [SwipeHistoryEntry] { historyStore.suffix(config.historyLimit).map(\.entry) }

  /// The model from `source.empty`, shown while the deck is empty.
  public var emptyModel: Model? { emptyModelStore }

  /// Operations waiting in the queue.
  public var queuedCount: Int { queue.count - queueHead }

  /// The models of the visible cards, top first (cheaper than `cards` when only models are needed).
  public var visibleModels: [Model] { (0..<stackSize).map { model(atDepth: $0) } }

  /// Every model the deck references (cards, reuse pool, empty model): what a binding must keep alive.
  public var retainedModels: [Model] {
    var all = visibleModels
    all.append(contentsOf: poolModels)
    if let e = emptyModelStore { all.append(e) }
    return all
  }

  // MARK: Operation scaffolding

  /// Runs a public operation: argument and state errors are thrown at once; callback errors are
  /// held in `pendingError` while the body makes the deck consistent, then rethrown.
  func operation<T>(_ body: () throws -> T) throws -> T {
    let outer = pendingError
    pendingError = nil
    let result: T
    do {
      result = try body()
    } catch {
      pendingError = outer
      throw error
    }
    #if DEBUG
      // Inside a callback the outer operation is still changing the deck (a source callback runs
      // mid-fill): the invariants hold when it ends, and are checked there.
      if callbackDepth == 0 { debugCheckInvariants() }
    #endif
    if callbackDepth == 0 { drainQueue() }
    let failure = pendingError
    pendingError = outer
    if let failure {
      if callbackDepth == 0 { clearQueue() }
      throw failure
    }
    return result
  }

  /// Hands `event` to the delegate and returns its answer (true without a delegate); after a
  /// callback error the rest are skipped (false), and an error counts as no (it is rethrown later).
  @discardableResult @inline(__always)
  func emit(_ event: SwipeDeckEvent) -> Bool {
    guard pendingError == nil else { return false }
    guard let d = delegate else { return true }
    callbackDepth += 1
    defer { callbackDepth -= 1 }
    do {
      return try d.handle(event)
    } catch {
      pendingError = error
      return false
    }
  }

  /// Runs one data-source call: marks the deck as inside a source callback, and holds the first
  /// error (nil result) so the caller can finish making the deck consistent first.
  private func callSource<T>(_ body: () throws -> T?) -> T? {
    callbackDepth += 1
    sourceDepth += 1
    defer {
      callbackDepth -= 1
      sourceDepth -= 1
    }
    do {
      return try body()
    } catch {
      if pendingError == nil { pendingError = error }
      return nil
    }
  }

  /// `source.card`; nil when it threw (the error is held). Called even after a delegate error,
  /// because the stack must be refilled to stay consistent.
  func sourceCard(_ index: Int, reused: Model?) -> Model? {
    let model = callSource { try source.card(index, reused) }
    if model != nil, source.id != nil, let id = sourceID(index) { cardIDs[index] = id }
    return model
  }

  /// `source.id`; nil when absent, when it answered nil, or when it threw (the error is held).
  func sourceID(_ index: Int) -> AnyHashable? {
    guard let id = source.id else { return nil }
    return callSource { try id(index) }
  }

  /// `source.count`, validated; nil when it threw or answered nonsense (the error is held).
  func sourceCount() -> Int? {
    callSource {
      let n = try source.count()
      let range = 0...SwipeDeckLimits.maxCount
      guard range.contains(n) else { throw SwipeDeckError.countOutOfRange(n, range: range) }
      return n
    }
  }

  /// `source.empty`; nil when absent or when it threw (the error is held).
  func sourceEmpty() -> Model? {
    callSource { try source.empty() }
  }

  func release(_ model: Model) { modelReleased?(model) }
}
