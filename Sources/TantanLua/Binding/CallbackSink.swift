import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime

/// One argument of a callback, as `events()` records it and the Lua function receives it. Plain
/// data (no references), so building a call retains nothing.
enum CallbackArg {
  case none
  /// An integer (indices arrive 1-based: `.index(i)`).
  case int(Int)
  /// A float.
  case number(Double)
  /// A number pushed as it is and recorded as an integer when whole (`did_scroll(30)`).
  case measure(Double)
  /// The k-th of the declaration's `strings` (a direction), interned once per object.
  case string(Int)
  /// Any Lua value by registry slot (a grid's item; the event holds its reference during the call),
  /// recorded as `eventValue` shows it.
  case value(Int32)

  /// A 0-based index, passed and recorded 1-based.
  static func index(_ i: Int) -> Self { .int(i + 1) }
}

/// The Lua side of one model event: the declared callback it calls and its arguments, encoded
/// where `call(for:)` builds it (constant kinds per case, so the encoding folds away): how the
/// log stores each (`kinds`, `EventLog.encode`) and how Lua gets it (`pushes`), 3 bits each, and
/// one word each.
struct CallbackCall<D: CallbackDeclaration> {
  let callback: D
  let count: Int32
  let kinds: UInt16, pushes: UInt16
  let wa: UInt64, wb: UInt64, wc: UInt64
  /// Bit k: argument k is a string, its word the index in `strings` until the sink swaps in its
  /// symbol for the log.
  let strings: UInt8
  /// An argument is a Lua value (`.value`): recorded through the slow path.
  let hasValue: Bool

  @inline(__always)
  init(_ callback: D, _ a: CallbackArg = .none, _ b: CallbackArg = .none, _ c: CallbackArg = .none, count: Int32) {
    self.callback = callback; self.count = count
    let (ka, pa, wa) = a.encoded
    let (kb, pb, wb) = b.encoded
    let (kc, pc, wc) = c.encoded
    kinds = ka | kb << 3 | kc << 6
    pushes = pa | pb << 3 | pc << 6
    self.wa = wa; self.wb = wb; self.wc = wc
    strings =
      (pa == CallbackPush.string ? 1 : 0) | (pb == CallbackPush.string ? 2 : 0) | (pc == CallbackPush.string ? 4 : 0)
    hasValue = pa == CallbackPush.value || pb == CallbackPush.value || pc == CallbackPush.value
  }

  @inline(__always) init(_ callback: D) { self.init(callback, count: 0) }
  @inline(__always) init(_ callback: D, _ a: CallbackArg) { self.init(callback, a, count: 1) }
  @inline(__always) init(_ callback: D, _ a: CallbackArg, _ b: CallbackArg) { self.init(callback, a, b, count: 2) }
  @inline(__always) init(_ callback: D, _ a: CallbackArg, _ b: CallbackArg, _ c: CallbackArg) {
    self.init(callback, a, b, c, count: 3)
  }
}

/// How a `CallbackCall` pushes an argument (`pushes`, 3 bits each).
enum CallbackPush {
  static let none: UInt16 = 0, int: UInt16 = 1, number: UInt16 = 2, string: UInt16 = 3, value: UInt16 = 4
  /// A whole `.measure`: logged as an integer, pushed as the number it was.
  static let wholeNumber: UInt16 = 5
}

extension CallbackArg {
  /// The log's kind, the push kind and the word.
  @inline(__always) var encoded: (UInt16, UInt16, UInt64) {
    typealias Push = CallbackPush
    switch self {
    case .none: return (EventLog.encode(.none).0, Push.none, 0)
    case .int(let v): return (EventLog.encode(.int(v)).0, Push.int, EventLog.encode(.int(v)).1)
    case .number(let v): return (EventLog.encode(.number(v)).0, Push.number, v.bitPattern)
    case .measure(let v):
      if let n = Int(exactly: v) { return (EventLog.encode(.int(n)).0, Push.wholeNumber, EventLog.encode(.int(n)).1) }
      return (EventLog.encode(.number(v)).0, Push.number, v.bitPattern)
    case .string(let k): return (EventLog.encode(.symbol(EventLog.Symbol(id: 0))).0, Push.string, UInt64(k))
    case .value(let slot): return (EventLog.encode(.none).0, Push.value, UInt64(UInt32(bitPattern: slot)))
    }
  }
}

/// A delegate's callback declaration that a model's events map onto: `call(for:)` is the one
/// place an event value becomes a named Lua call (written once per component, on the enum).
protocol EventCallbacks: CallbackDeclaration {
  associatedtype ModelEvent
  /// The strings arguments name by position (`CallbackArg.string(k)`): the directions.
  static var strings: [String] { get }
  ///
  /// Each case hands its call to the sink (`try sink.send(.init(.didSwipe, .index(i),
  /// .direction(d)))`): `send` is inlined into every case, so each case's argument kinds fold to
  /// constants, as a hand-written method per callback would.
  static func call<S: CallbackSender>(for event: ModelEvent, _ sink: S) throws -> Bool where S.D == Self
  /// Whether the callback's answer is read (`should_swipe`, `can_move`); the rest return nothing.
  var isQuestion: Bool { get }
  /// Lua's answer to a question, at the top of the stack (popped by the caller); Lua
  /// truthiness unless the component asks for more.
  static func answer(_ callback: Self, _ lua: Lua) throws -> Bool
}

extension EventCallbacks {
  static var strings: [String] { [] }
  var isQuestion: Bool { false }
  static func answer(_ callback: Self, _ lua: Lua) throws -> Bool { lua.bool(-1) }
}

/// Where `EventCallbacks.call(for:_:)` sends each call: the sink, with its owner.
protocol CallbackSender {
  associatedtype D: CallbackDeclaration
  func send(_ c: CallbackCall<D>) throws -> Bool
}

/// What a component's object offers its sinks: its log, its running thread and its userdata.
protocol CallbackOwner: AnyObject {
  var events: EventLog { get set }
  /// The running thread (a coroutine's when one called into the host).
  var lua: Lua { get }
  /// Pushes the object's userdata, the first argument of every callback.
  func pushSelf(_ lua: Lua)
}

/// The one path of a component's delegate events, the same for every component: the model hands
/// an event value to `handle`, which maps it to its declared callback (`D.call(for:)`), records it
/// in the owner's `events()` (also when the delegate lacks the function) and calls the Lua
/// function by registry slot with the object's userdata first. Once the owner is gone (closed
/// inside a callback) the remaining events are skipped (answer: yes).
///
/// A model calls its delegate through its protocol (`SwipeDeckDelegate`), so each component names
/// this sink once as a concrete type that conforms: `final class DeckSink: CallbackSink<LuaSwipeDeck,
/// DeckDelegateCallback>, SwipeDeckDelegate {}`. The witness of that conformance calls `handle`
/// specialized; a conformance of the generic class itself would run it unspecialized, through
/// metadata and witness tables (bench/ir-rows row 3: 17,080 Ir a swipe instead of about 9,500).
class CallbackSink<Owner: CallbackOwner, D: EventCallbacks> {
  let link: OwnerLink<Owner>
  /// Keeps the functions alive; calls push them by slot (`entries`).
  let callbacks: Callbacks
  /// Each callback's registry slot (0: absent), from `Callbacks.registrySlots`: pushing callbacks
  /// and strings by slot instead of through their `LuaRef`s saves about 100 Ir per swipe
  /// (bench/ir-rows row 3: 9,094 vs 9,192).
  /// With each callback's name in the owner's log, interned once: one array, so a call checks
  /// one bound.
  private let entries: [(slot: Int32, name: EventLog.Symbol)]
  /// The strings as Lua values, pushed from the registry, not interned again on every call.
  private let stringRefs: [LuaRef]
  /// Their registry slots and their symbols in the owner's log.
  private let strings: [(slot: Int32, symbol: EventLog.Symbol)]

  init(_ owner: Owner, link: OwnerLink<Owner>, callbacks: Callbacks, host: TantanHost) {
    self.link = link
    self.callbacks = callbacks
    let names = D.names.map { owner.events.symbol($0) }
    entries = zip(callbacks.registrySlots, names).map { (slot: $0, name: $1) }
    stringRefs = D.strings.map { s in
      host.lua.push(s)
      return host.state.ref()
    }
    strings = zip(stringRefs, D.strings).map { (slot: $0.ref, symbol: owner.events.symbol($1)) }
  }

  @inline(__always)
  final func handle(_ event: D.ModelEvent) throws -> Bool {
    try link.borrow { owner in
      try D.call(for: event, Sender(sink: .passUnretained(self), owner: .passUnretained(owner)))
    } ?? true
  }

  /// The sink and its owner for one event, unretained (plain data: with references in it, passing
  /// it retained both, 2 x 88 Ir an event in row 3); both live while `handle` runs.
  struct Sender: CallbackSender {
    let sink: Unmanaged<CallbackSink>
    let owner: Unmanaged<Owner>
    @inline(__always) func send(_ c: CallbackCall<D>) throws -> Bool {
      try sink._withUnsafeGuaranteedRef { s in try owner._withUnsafeGuaranteedRef { try s.call(c, $0) } }
    }
  }

  @inline(__always)
  fileprivate func call(_ c: CallbackCall<D>, _ owner: Owner) throws -> Bool {
    let lua = owner.lua
    let entry = entries[c.callback.rawValue]
    record(c, entry.name, &owner.events, lua)
    let slot = entry.slot
    guard slot != 0 else { return true }
    let L = lua.L
    let handler = lua.pushCallHandler()
    lua_rawgeti(L, Lua.registryIndex, lua_Integer(slot))
    owner.pushSelf(lua)
    if c.count > 0 { push(c.pushes & 7, c.wa, L) }
    if c.count > 1 { push(c.pushes >> 3 & 7, c.wb, L) }
    if c.count > 2 { push(c.pushes >> 6 & 7, c.wc, L) }
    let asks = c.callback.isQuestion
    try lua.call(c.count + 1, asks ? 1 : 0, handlerAt: handler, removingHandler: true)
    guard asks else { return true }
    defer { lua.pop() }
    return try D.answer(c.callback, lua)
  }

  @inline(__always)
  private func push(_ kind: UInt16, _ w: UInt64, _ L: OpaquePointer) {
    typealias Push = CallbackPush
    switch kind {
    case Push.int: lua_pushinteger(L, lua_Integer(Int64(bitPattern: w)))
    case Push.number: lua_pushnumber(L, Double(bitPattern: w))
    case Push.wholeNumber: lua_pushnumber(L, Double(Int64(bitPattern: w)))
    case Push.string: lua_rawgeti(L, Lua.registryIndex, lua_Integer(strings[Int(w)].slot))
    case Push.value: lua_rawgeti(L, Lua.registryIndex, lua_Integer(Int32(bitPattern: UInt32(w))))
    default: lua_pushnil(L)
    }
  }

  @inline(__always)
  private func record(_ c: CallbackCall<D>, _ name: EventLog.Symbol, _ log: inout EventLog, _ lua: Lua) {
    if c.hasValue { return log.append(event(c, lua)) }
    var (wa, wb, wc) = (c.wa, c.wb, c.wc)
    if c.strings != 0 {
      if c.strings & 1 != 0 { wa = UInt64(strings[Int(wa)].symbol.id) }
      if c.strings & 2 != 0 { wb = UInt64(strings[Int(wb)].symbol.id) }
      if c.strings & 4 != 0 { wc = UInt64(strings[Int(wc)].symbol.id) }
    }
    log.append(name, kinds: c.kinds, wa, wb, wc, count: c.count)
  }

  /// A call with a Lua value among its arguments, as a whole event (the log interns or spills it).
  private func event(_ c: CallbackCall<D>, _ lua: Lua) -> TantanLua.Event {
    typealias Push = CallbackPush
    let args = [(c.pushes & 7, c.wa), (c.pushes >> 3 & 7, c.wb), (c.pushes >> 6 & 7, c.wc)][..<Int(c.count)].map {
      (kind, w) -> TantanLua.Event.Arg in
      switch kind {
      case Push.int, Push.wholeNumber: return .int(Int(Int64(bitPattern: w)))
      case Push.number: return .number(Double(bitPattern: w))
      case Push.string: return .string(D.strings[Int(w)])
      case Push.value:
        lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(Int32(bitPattern: UInt32(w))))
        defer { lua.pop() }
        return TantanLua.Event.value(lua, -1)
      default: return .none
      }
    }
    return TantanLua.Event(callbacks.names[c.callback.rawValue], args)
  }
}
