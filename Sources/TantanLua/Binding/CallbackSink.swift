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

/// The Lua side of one model event: the declared callback it calls, and its arguments, also as
/// the log stores them (encoded here: `call(for:)` builds each case with constant kinds, so the
/// encoding folds away, and recording is one store).
struct CallbackCall<D: CallbackDeclaration> {
  let callback: D
  let a: CallbackArg, b: CallbackArg, c: CallbackArg
  let count: Int32
  /// The arguments as the log stores them; a string's word is its index until the sink swaps in
  /// its symbol (`strings`: bit k set for argument k).
  let kinds: UInt16, wa: UInt64, wb: UInt64, wc: UInt64
  let strings: UInt8
  /// An argument is a Lua value (`.value`): recorded through the slow path.
  let hasValue: Bool

  @inline(__always)
  init(_ callback: D, _ a: CallbackArg = .none, _ b: CallbackArg = .none, _ c: CallbackArg = .none, count: Int32) {
    self.callback = callback; self.a = a; self.b = b; self.c = c; self.count = count
    let (ka, wa) = a.logged
    let (kb, wb) = b.logged
    let (kc, wc) = c.logged
    kinds = ka | kb << 3 | kc << 6
    self.wa = wa; self.wb = wb; self.wc = wc
    strings = (a.isString ? 1 : 0) | (b.isString ? 2 : 0) | (c.isString ? 4 : 0)
    hasValue = a.isValue || b.isValue || c.isValue
  }

  @inline(__always) init(_ callback: D) { self.init(callback, count: 0) }
  @inline(__always) init(_ callback: D, _ a: CallbackArg) { self.init(callback, a, count: 1) }
  @inline(__always) init(_ callback: D, _ a: CallbackArg, _ b: CallbackArg) { self.init(callback, a, b, count: 2) }
  @inline(__always) init(_ callback: D, _ a: CallbackArg, _ b: CallbackArg, _ c: CallbackArg) {
    self.init(callback, a, b, c, count: 3)
  }
}

extension CallbackArg {
  /// The log's kind and word (`EventLog.encode`); a string's word is its index k.
  @inline(__always) var logged: (UInt16, UInt64) {
    switch self {
    case .none, .value: return EventLog.encode(.none)
    case .int(let v): return EventLog.encode(.int(v))
    case .number(let v): return EventLog.encode(.number(v))
    case .measure(let v): return EventLog.encode(Int(exactly: v).map { .int($0) } ?? .number(v))
    case .string(let k): return (EventLog.encode(.symbol(EventLog.Symbol(id: 0))).0, UInt64(k))
    }
  }

  @inline(__always) var isString: Bool {
    if case .string = self { return true }
    return false
  }

  @inline(__always) var isValue: Bool {
    if case .value = self { return true }
    return false
  }
}

/// A delegate's callback declaration that a model's events map onto: `call(for:)` is the one
/// place an event value becomes a named Lua call (written once per component, on the enum).
protocol EventCallbacks: CallbackDeclaration {
  associatedtype ModelEvent
  /// The strings arguments name by position (`CallbackArg.string(k)`): the directions.
  static var strings: [String] { get }
  static func call(for event: ModelEvent) -> CallbackCall<Self>
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
  /// Keeps the functions alive; calls push them by `slots`.
  let callbacks: Callbacks
  /// Each callback's registry slot (0: absent), from `Callbacks.registrySlots`: pushing callbacks
  /// and strings by slot instead of through their `LuaRef`s saves about 100 Ir per swipe
  /// (bench/ir-rows row 3: 9,094 vs 9,192).
  private let slots: [Int32]
  /// The callbacks' names and the strings, interned in the owner's log once.
  private let names: [EventLog.Symbol]
  private let stringSymbols: [EventLog.Symbol]
  /// The strings as Lua values, pushed from the registry, not interned again on every call.
  private let stringRefs: [LuaRef]
  private let stringSlots: [Int32]

  init(_ owner: Owner, link: OwnerLink<Owner>, callbacks: Callbacks, host: TantanHost) {
    self.link = link
    self.callbacks = callbacks
    slots = callbacks.registrySlots
    names = D.names.map { owner.events.symbol($0) }
    stringSymbols = D.strings.map { owner.events.symbol($0) }
    stringRefs = D.strings.map { s in
      host.lua.push(s)
      return host.state.ref()
    }
    stringSlots = stringRefs.map(\.ref)
  }

  final func handle(_ event: D.ModelEvent) throws -> Bool {
    try link.borrow { owner in try call(D.call(for: event), owner) } ?? true
  }

  @inline(__always)
  private func call(_ c: CallbackCall<D>, _ owner: Owner) throws -> Bool {
    let lua = owner.lua
    record(c, &owner.events, lua)
    let slot = slots[c.callback.rawValue]
    guard slot != 0 else { return true }
    let L = lua.L
    let handler = lua.pushCallHandler()
    lua_rawgeti(L, Lua.registryIndex, lua_Integer(slot))
    owner.pushSelf(lua)
    if c.count > 0 { push(c.a, L) }
    if c.count > 1 { push(c.b, L) }
    if c.count > 2 { push(c.c, L) }
    let asks = c.callback.isQuestion
    try lua.call(c.count + 1, asks ? 1 : 0, handlerAt: handler, removingHandler: true)
    guard asks else { return true }
    defer { lua.pop() }
    return try D.answer(c.callback, lua)
  }

  @inline(__always)
  private func push(_ a: CallbackArg, _ L: OpaquePointer) {
    switch a {
    case .none: lua_pushnil(L)
    case .int(let v): lua_pushinteger(L, lua_Integer(v))
    case .number(let v), .measure(let v): lua_pushnumber(L, v)
    case .string(let k): lua_rawgeti(L, Lua.registryIndex, lua_Integer(stringSlots[k]))
    case .value(let slot): lua_rawgeti(L, Lua.registryIndex, lua_Integer(slot))
    }
  }

  @inline(__always)
  private func record(_ c: CallbackCall<D>, _ log: inout EventLog, _ lua: Lua) {
    if c.hasValue { return log.append(event(c, lua)) }
    var (wa, wb, wc) = (c.wa, c.wb, c.wc)
    if c.strings != 0 {
      if c.strings & 1 != 0 { wa = UInt64(stringSymbols[Int(wa)].id) }
      if c.strings & 2 != 0 { wb = UInt64(stringSymbols[Int(wb)].id) }
      if c.strings & 4 != 0 { wc = UInt64(stringSymbols[Int(wc)].id) }
    }
    log.append(names[c.callback.rawValue], kinds: c.kinds, wa, wb, wc, count: c.count)
  }

  /// A call with a Lua value among its arguments, as a whole event (the log interns or spills it).
  private func event(_ c: CallbackCall<D>, _ lua: Lua) -> TantanLua.Event {
    let args = [c.a, c.b, c.c][..<Int(c.count)].map { a -> TantanLua.Event.Arg in
      switch a {
      case .none: return .none
      case .int(let v): return .int(v)
      case .number(let v): return .number(v)
      case .measure(let v): return Int(exactly: v).map { .int($0) } ?? .number(v)
      case .string(let k): return .string(D.strings[k])
      case .value(let slot):
        lua_rawgeti(lua.L, Lua.registryIndex, lua_Integer(slot))
        defer { lua.pop() }
        return TantanLua.Event.value(lua, -1)
      }
    }
    return TantanLua.Event(callbacks.names[c.callback.rawValue], args)
  }
}
