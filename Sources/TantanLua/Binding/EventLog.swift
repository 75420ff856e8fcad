import LuaRuntime

/// Events of one component, oldest first. Bounded so a million-swipe run stays small: past
/// `limit` each new event replaces the oldest (a ring: nothing moves), counted in `dropped`.
///
/// Storage is compact: names and string arguments are interned per log, so a record is 32 bytes
/// of plain data (no reference counting, half a cache line). Hot paths intern their names once
/// (`symbol`) and append with `append(_:_:_:_:)`; `append(Event)` interns on the fly and keeps
/// an event whose strings would overflow the symbol table as it is.
///
/// Plugins see every event through `observer` (their `host.on("event", fn)` hooks). A binding
/// creates its log with `EventLog(host: host, component: "deck")`; with no event hook registered
/// the observer is nil and recording pays one branch. Hooks run after the event is recorded;
/// events a hook causes are not delivered again, and a hook should not call back into the
/// component that raised the event.
struct EventLog: ~Copyable {
  /// An interned name or string argument of this log.
  struct Symbol: Equatable, Sendable {
    let id: UInt16
  }

  /// An argument of a compact record.
  enum CompactArg {
    case int(Int)
    case number(Double)
    case symbol(Symbol)
    case bool(Bool)
    case none
  }

  private struct Record {
    var name: UInt16  // `spilledName`: the event is in `spill`, keyed by `a`
    var kinds: UInt16  // 3 bits per argument
    var count: UInt8
    var a: UInt64, b: UInt64, c: UInt64
  }

  private static let spilledName = UInt16.max
  private static let maxSymbols = 4096

  /// The records: a ring of `count` in `capacity` slots of raw memory, the oldest at `head` once
  /// it has wrapped. The log is not copyable, so nothing shares this memory and appending checks
  /// no uniqueness (an array's append did, on every event).
  private var base = UnsafeMutablePointer<Record>.allocate(capacity: 0)
  private var capacity = 0
  private var count = 0
  private var head = 0
  private var symbols: [String] = []
  private var symbolIDs: [String: UInt16] = [:]
  private var spill: [UInt64: Event] = [:]
  private var nextSpill: UInt64 = 0
  private(set) var dropped = 0
  var limit = 100_000
  var observer: EventObserver?
  /// The component this log belongs to, passed to the observer (a trace tags events `deck#2`).
  /// Unowned: the log lives inside its owner.
  unowned var owner: AnyObject?
  /// What the log holds in Swift (its ring, interned strings, spilled events), charged to the
  /// state's memory limit off the hot path: a refused charge trips the limit, which raises at the
  /// next Lua instruction (appending cannot fail). Nil for a log without a host.
  private var memory: HostMemory?
  private var symbolBytes = 0
  private var spillBytes = 0

  init() {}

  deinit { base.deallocate() }

  /// A log whose events also reach the plugins' `event` hooks of `host` (`component`: "deck",
  /// "grid", "list", ... as the hooks see it).
  init(host: TantanHost, component: String) {
    observer = host.plugins.eventObserver(component: component)
    memory = HostMemory(host.state.handle)
  }

  private func account() {
    guard let memory else { return }
    try? memory.charge(capacity * MemoryLayout<Record>.stride + symbolBytes + spillBytes)
  }

  private static func bytes(_ e: Event) -> Int {
    e.args.reduce(64 + e.name.utf8.count) { total, arg in
      switch arg {
      case .string(let s), .raw(let s): return total + 16 + s.utf8.count
      default: return total + 16
      }
    }
  }

  /// Interns `text` (names, direction strings): hot paths look their fixed symbols up once.
  mutating func symbol(_ text: String) -> Symbol {
    Symbol(id: intern(text, capped: false) ?? 0)
  }

  /// Strings from `append(Event)` are capped, so logging unique texts cannot grow the table forever.
  private mutating func intern(_ text: String, capped: Bool = true) -> UInt16? {
    if let id = symbolIDs[text] { return id }
    guard symbols.count < (capped ? Self.maxSymbols : Int(Self.spilledName)) else { return nil }
    let id = UInt16(symbols.count)
    symbols.append(text)
    symbolIDs[text] = id
    symbolBytes += 2 * text.utf8.count + 48  // the array's copy and the dictionary's key
    account()
    return id
  }

  /// Records `name(a, b, c)` without allocating; `count` arguments (0...3) are kept.
  mutating func append(
    _ name: Symbol, _ a: CompactArg = .none, _ b: CompactArg = .none, _ c: CompactArg = .none, count: Int
  ) {
    let (ka, va) = Self.encode(a)
    let (kb, vb) = Self.encode(b)
    let (kc, vc) = Self.encode(c)
    store(
      Record(name: name.id, kinds: ka | kb << 3 | kc << 6, count: UInt8(truncatingIfNeeded: count), a: va, b: vb, c: vc)
    )
  }

  /// Records a call whose arguments are already encoded (`encode`; kinds 3 bits each, first
  /// argument lowest): what `CallbackSink` builds once per call, with no switch per argument.
  @inline(__always)
  mutating func append(_ name: Symbol, kinds: UInt16, _ a: UInt64, _ b: UInt64, _ c: UInt64, count: Int32) {
    store(Record(name: name.id, kinds: kinds, count: UInt8(truncatingIfNeeded: count), a: a, b: b, c: c))
  }

  mutating func append(_ e: Event) {
    if e.args.count <= 3, let name = intern(e.name) {
      var kinds: UInt16 = 0
      var words: [UInt64] = [0, 0, 0]
      var compact = true
      for (i, arg) in e.args.enumerated() {
        guard let c = compactArg(arg) else {
          compact = false
          break
        }
        let (k, w) = Self.encode(c)
        kinds |= k << (3 * UInt16(i))
        words[i] = w
      }
      if compact {
        store(Record(name: name, kinds: kinds, count: UInt8(e.args.count), a: words[0], b: words[1], c: words[2]))
        return
      }
    }
    spill[nextSpill] = e
    spillBytes += Self.bytes(e)
    account()
    store(Record(name: Self.spilledName, kinds: 0, count: 0, a: nextSpill, b: 0, c: 0))
    nextSpill &+= 1
  }

  private mutating func compactArg(_ arg: Event.Arg) -> CompactArg? {
    switch arg {
    case .int(let v): return .int(v)
    case .number(let v): return .number(v)
    case .bool(let v): return .bool(v)
    case .none: return CompactArg.none
    case .string(let s): return intern(s).map { .symbol(Symbol(id: $0)) }
    case .raw: return nil  // rare (a non-plain value shown as `<table>`): kept whole in the spill
    }
  }

  /// An argument as a record stores it: its 3-bit kind and its word.
  @inline(__always)
  static func encode(_ a: CompactArg) -> (UInt16, UInt64) {
    switch a {
    case .none: return (0, 0)
    case .int(let v): return (1, UInt64(bitPattern: Int64(v)))
    case .number(let v): return (2, v.bitPattern)
    case .symbol(let s): return (3, UInt64(s.id))
    case .bool(let v): return (4, v ? 1 : 0)
    }
  }

  private func decode(_ kind: UInt16, _ w: UInt64) -> Event.Arg {
    switch kind {
    case 1: return .int(Int(Int64(bitPattern: w)))
    case 2: return .number(Double(bitPattern: w))
    case 3: return .string(symbols[Int(w)])
    case 4: return .bool(w != 0)
    default: return .none
    }
  }

  private func event(_ r: Record) -> Event {
    if r.name == Self.spilledName { return spill[r.a] ?? Event("?", []) }
    let words = [r.a, r.b, r.c]
    let args = (0..<Int(r.count)).map { decode((r.kinds >> (3 * UInt16($0))) & 7, words[$0]) }
    return Event(symbols[Int(r.name)], args)
  }

  @inline(__always)
  private mutating func store(_ r: Record) {
    if let observer { observer.observe(event(r), owner: owner) }  // one branch when no plugin hook listens
    // Filling (also right after `clear`): an append into reserved memory.
    if head == 0 && count < limit && count < capacity {
      (base + count).initialize(to: r)
      count += 1
      return
    }
    // The steady state of a long run: the ring is full, the new record replaces the oldest.
    if count == limit && limit > 0 {
      release(base[head])
      base[head] = r
      head = head + 1 == count ? 0 : head + 1
      dropped += 1
      return
    }
    storeSlow(r)
  }

  /// Growing the memory, or after `limit` changed: the records are laid out again, oldest first.
  private mutating func storeSlow(_ r: Record) {
    let cap = max(limit, 1)
    var all = ordered
    let excess = all.count + 1 - cap
    if excess > 0 {
      for old in all[..<excess] { release(old) }
      all.removeFirst(excess)
      dropped += excess
    }
    all.append(r)
    if all.count > capacity || capacity > 2 * cap {  // grow by doubling (up to the limit), or shrink
      base.deallocate()
      capacity = max(all.count, min(max(16, 2 * capacity), cap))
      base = .allocate(capacity: capacity)
    }
    all.withUnsafeBufferPointer { base.initialize(from: $0.baseAddress!, count: $0.count) }
    count = all.count
    head = 0
    account()
  }

  @inline(__always)
  private mutating func release(_ r: Record) {
    if r.name == Self.spilledName { releaseSpilled(r.a) }
  }

  private mutating func releaseSpilled(_ key: UInt64) {
    if let e = spill.removeValue(forKey: key) { spillBytes -= Self.bytes(e) }
  }

  /// The records, oldest first.
  private var ordered: [Record] {
    let all = UnsafeBufferPointer(start: base, count: count)
    return Array(all[head...]) + Array(all[..<head])
  }

  /// The kept events, oldest first.
  var events: [Event] { ordered.map { event($0) } }

  /// The distinct names of the kept events, without formatting any argument (explore's coverage
  /// reads them after every run; formatting every event cost it a fifth of its time).
  var names: [String] {
    var seen = Set<UInt16>()
    var out: [String] = []
    for r in UnsafeBufferPointer(start: base, count: count) {
      if r.name == Self.spilledName {
        if let e = spill[r.a], !out.contains(e.name) { out.append(e.name) }
      } else if seen.insert(r.name).inserted, !out.contains(symbols[Int(r.name)]) {
        out.append(symbols[Int(r.name)])
      }
    }
    return out
  }

  mutating func clear() {
    count = 0
    head = 0
    spill.removeAll()
    spillBytes = 0
    dropped = 0
    account()
  }

  /// Pushes a Lua array of the formatted events.
  func push(_ lua: Lua) {
    let all = events
    lua.newTable(narr: Int32(clamping: all.count))
    for (i, e) in all.enumerated() {
      lua.push(e.format(lua))
      lua.rawSet(-2, index: i + 1)
    }
  }
}
