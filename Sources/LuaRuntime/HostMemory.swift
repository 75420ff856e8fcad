import CLuaShim

/// Memory the host keeps for a Lua state (model storage, pending timers), counted against the
/// state's `--max-memory` as Lua's own allocations are, and given back when its owner goes. A
/// charge that would pass the limit is refused before the host allocates: the call fails with
/// `file:line: not enough memory` at the calling Lua line, and the limit trips (sticky).
///
/// The system is asked too: from a megabyte on, whenever the total has grown by a quarter since
/// it was last asked, a charge also needs room for four times the total in one block (mapped and
/// unmapped at once, `tt_system_room`: an array of the total's size has a capacity below twice it,
/// and grows by copying itself into a block twice its capacity), so under `ulimit -v` or an
/// overcommit refusal the charge fails instead of the Swift runtime aborting.
public final class HostMemory {
  private let handle: LuaStateHandle
  public private(set) var bytes = 0
  /// The total for which the system was last asked for room.
  private var asked = 0
  static let askFrom = 1 << 20

  public init(_ handle: LuaStateHandle) { self.handle = handle }

  /// A charge of `bytes` from now until the returned object is released.
  public convenience init(_ handle: LuaStateHandle, bytes: Int) throws(LuaCallError) {
    self.init(handle)
    try charge(bytes)
  }

  /// Charges what the owner keeps now (more or less than before); refused, nothing changes.
  public func charge(_ newBytes: Int) throws(LuaCallError) {
    guard let L = handle.L else { return }
    let wanted = max(newBytes, 0)
    if wanted > bytes {
      let room = wanted >= Self.askFrom && wanted > asked + asked / 4 ? 4 * wanted : 0
      guard tt_host_reserve(L, wanted - bytes, room) == 0 else { throw Lua(L).limitError() }
      if room > 0 { asked = wanted }
    } else if wanted < bytes {
      tt_host_free(L, bytes - wanted)
    }
    bytes = wanted
  }

  deinit {
    if let L = handle.L, bytes > 0 { tt_host_free(L, bytes) }
  }
}

extension Lua {
  /// A charge for memory held during one host call (a buffer being filled); the caller gives it
  /// back with `releaseHost` before it returns. Refused: `file:line: not enough memory`.
  public func chargeHost(_ bytes: Int) throws(LuaCallError) {
    guard bytes > 0 else { return }
    guard tt_host_alloc(L, bytes) == 0 else { throw limitError() }
  }
  public func releaseHost(_ bytes: Int) { if bytes > 0 { tt_host_free(L, bytes) } }

  /// For host loops over user data (JSON, pictures, list building): counts `steps` as
  /// instructions and reads the clock as the count hook does; throws the limit's own error
  /// (`file:line: instruction limit (N) exceeded`, a timeout) once one has tripped.
  public func hostTick(_ steps: Int = 1) throws(LuaCallError) {
    guard tt_host_tick(L, Int64(steps)) != 0 else { return }
    throw limitError()
  }

  /// The tripped limit's error at the calling line (`file:line: not enough memory`). A message,
  /// not a pushed value: the stack may still be unwound by the host's `defer { pop() }`s.
  func limitError() -> LuaCallError {
    .message(tt_limit_what(L).map { String(cString: $0) } ?? "not enough memory")
  }
}
