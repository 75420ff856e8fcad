/// A borrowed back-reference from what an object owns (a model's delegate, source closures, clock
/// observers) to the object itself: the owner holds the link strongly, the link does not hold the
/// owner (no cycle), and the owner clears it in its `deinit` (`attach(nil)`), so calls the model
/// makes after the owner is gone (closed inside a callback) find nil and end cleanly.
///
/// Contract: `borrow` only while something else keeps the owner alive (every entry into the
/// model is a method of the owner, or the owner's registered observer, which its deinit removes).
///
/// Unmanaged, borrowed for each call: the deck's model calls back through its link 6 times per
/// swipe, and a (safe) `unowned` reference instead retains and releases the owner each time: 311 Ir
/// more per swipe (bench/ir-rows row 3: 9,327 vs 9,016, measured on the deck's own copy of this).
public final class OwnerLink<Owner: AnyObject> {
  @usableFromInline var owner: Unmanaged<Owner>?

  public init() {}

  /// Links `owner`, or clears the link (nil, from the owner's `deinit`).
  @inlinable public func attach(_ owner: Owner?) { self.owner = owner.map { Unmanaged.passUnretained($0) } }

  /// Whether an owner is linked.
  @inlinable public var isAttached: Bool { owner != nil }

  /// `body`'s result with the owner borrowed; nil, without calling `body`, once it is gone.
  @inlinable public func borrow<T>(_ body: (Owner) throws -> T) rethrows -> T? {
    guard let owner else { return nil }
    return try owner._withUnsafeGuaranteedRef(body)
  }
}
