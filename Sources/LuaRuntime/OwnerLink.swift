/// The back-reference from what a component's object owns (its model's delegate sink, source
/// closures, clock observers) to the object itself, the one mechanism of the deck, the grid and
/// the list: the owner holds the link strongly, the link does not hold the owner (no cycle), and
/// the owner clears it in its `deinit` (`attach(nil)`), so calls the model makes after the owner
/// is gone (closed inside a callback) find nil and end cleanly.
///
/// Two ways in:
/// - `borrow`: the owner unretained, for hot paths that do not touch the owner once the Lua
///   function they call has returned (the callback may close it): a delegate event. The deck's
///   model calls back through its link 6 times per swipe, and a (safe) `unowned` reference instead
///   retains and releases the owner each time: 311 Ir more per swipe (bench/ir-rows row 3: 9,327
///   vs 9,016, measured on the deck's own copy of this).
/// - `hold`: the owner retained for the body, for paths that still use it after calling Lua (a
///   data-source call reads the answer with the owner's help).
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

  /// `body`'s result with the owner retained while it runs; once it is gone, throws `gone()`
  /// without calling `body`.
  @inlinable public func hold<T>(orThrow gone: () -> any Error, _ body: (Owner) throws -> T) throws -> T {
    guard let owner else { throw gone() }
    return try body(owner.takeUnretainedValue())
  }
}
