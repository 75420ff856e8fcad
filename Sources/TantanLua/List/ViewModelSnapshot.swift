import CLua
import CLuaShim
import LuaRuntime

/// One walk of a view model into its snapshot (`ListViewModel.value`). Each distinct table and
/// each long string is converted once and shared by every reference to it (Swift arrays and
/// strings share their storage), so a table whose halves are the same subtable, 60 levels deep,
/// costs 60 tables, not 2^60. A table that contains itself is an error, as is nesting past
/// `TableDepth.limit`. Values count as instructions (per 256), and what is built is charged to
/// `memory` as it grows (per 64 KB), so a payload stops at the limits while it is copied.
struct ViewModelSnapshot {
  /// Why a walk stopped: a problem with the value, or a tripped limit (its own words, which the
  /// error handler turns into the limit's `file:line: message`).
  struct Failure: Error {
    let message: String
  }

  /// What one converted value keeps: its box and slot (an `indirect` case is a heap box), about.
  static let valueBytes = 48
  /// Strings at least this long are converted once per walk (shorter ones live in their box).
  static let sharedStringLength = 32

  let lua: Lua
  let memory: HostMemory
  /// The tables enclosing the value being converted (cycle check; its length is the depth).
  private var path: [UnsafeRawPointer] = []
  private var tables: [UnsafeRawPointer: LuaValue] = [:]
  private var strings: [UnsafeRawPointer: String] = [:]
  /// Structural digests of tables used as keys, by their entries' storage (see `orderKey`).
  private var digests: [UnsafeRawPointer: Int] = [:]
  private var uncharged = 0
  private var steps = 0

  init(_ lua: Lua, memory: HostMemory) {
    self.lua = lua
    self.memory = memory
  }

  /// The snapshot of the value at `i`; `skipID` leaves out the top table's `id`. The memory stays
  /// charged to `memory`, which the caller keeps as long as the snapshot.
  mutating func value(_ i: Int32, skipID: Bool) throws(Failure) -> LuaValue {
    let v = try convert(i, skipID: skipID)
    try settle()
    return v
  }

  /// Counts `bytes` built; charged per 64 KB.
  private mutating func count(_ bytes: Int) throws(Failure) {
    uncharged += bytes
    if uncharged >= 65536 { try settle() }
  }

  /// Counts a value: an instruction each (told the state per 256), and its bytes.
  private mutating func step(_ bytes: Int) throws(Failure) {
    steps += 1
    uncharged += bytes
    if steps >= 256 || uncharged >= 65536 { try settle() }
  }

  /// Charges what was built and counts the steps since the last time (a walk's last steps below
  /// 256 go uncounted: the list's own loop counts a step per item).
  private mutating func settle() throws(Failure) {
    do throws(LuaCallError) {
      if steps >= 256 { try lua.hostTick(steps) }
      steps = 0
      if uncharged > 0 { try memory.charge(memory.bytes + uncharged) }
      uncharged = 0
    } catch {
      guard case .message(let what) = error else { throw Failure(message: "not enough memory") }
      throw Failure(message: what)
    }
  }

  private mutating func convert(_ i: Int32, skipID: Bool) throws(Failure) -> LuaValue {
    let i = lua.absIndex(i)
    try step(Self.valueBytes)
    switch lua_type(lua.L, i) {
    case LUA_TNIL, LUA_TNONE: return .nil
    case LUA_TBOOLEAN: return .bool(lua.bool(i))
    case LUA_TNUMBER:
      if let n = lua.integer(i) { return .integer(n) }  // 1 and 1.0 are equal in Lua, so here too
      return .number(lua.number(i) ?? .nan)
    case LUA_TSTRING: return .string(try string(i))
    case LUA_TTABLE: return try table(i, skipID: skipID)
    default:
      let address = UInt(bitPattern: lua_topointer(lua.L, i))
      return .table([], [LuaTableEntry(key: .nil, value: .string("\(lua.typeName(i)):\(String(address, radix: 16))"))])
    }
  }

  private mutating func string(_ i: Int32) throws(Failure) -> String {
    var length = 0
    _ = tt_tostring(lua.L, i, &length)
    guard length >= Self.sharedStringLength, let ptr = lua_topointer(lua.L, i) else { return lua.string(i) ?? "" }
    if let s = strings[ptr] { return s }
    try count(length + 32)  // the copy, and its slot in `strings`
    let s = lua.string(i) ?? ""
    strings[ptr] = s
    return s
  }

  private mutating func table(_ i: Int32, skipID: Bool) throws(Failure) -> LuaValue {
    guard let ptr = lua_topointer(lua.L, i) else { return .nil }
    // The top table without its id is not the table itself: never shared.
    if !skipID, let done = tables[ptr] { return done }
    guard !path.contains(ptr) else { throw Failure(message: "a view model cannot contain itself") }
    guard path.count < TableDepth.limit else { throw Failure(message: TableDepth.message) }
    guard lua.reserve(4) else { throw Failure(message: "out of stack space") }
    path.append(ptr)
    defer { path.removeLast() }
    var entries: [LuaTableEntry] = []
    lua.pushNil()
    while lua_next(lua.L, i) != 0 {
      defer { lua.pop() }
      if skipID, lua.type(-2) == LUA_TSTRING, lua.string(-2) == "id" { continue }
      try count(MemoryLayout<LuaTableEntry>.stride)
      let key = try convert(-2, skipID: false)
      entries.append(LuaTableEntry(key: key, value: try convert(-1, skipID: false)))
    }
    if entries.count > 1 { try sort(&entries) }
    let value = LuaValue.table([], entries)
    if !skipID {
      try count(32)  // its slot in `tables`
      tables[ptr] = value
    }
    return value
  }

  /// A canonical order of the keys (numbers, then strings, then the rest), so that equal tables
  /// have equal snapshots whatever order `next` gave.
  private mutating func sort(_ entries: inout [LuaTableEntry]) throws(Failure) {
    var keys: [OrderKey] = []
    keys.reserveCapacity(entries.count)
    try count(entries.count * (MemoryLayout<OrderKey>.stride + MemoryLayout<LuaTableEntry>.stride))
    for e in entries { keys.append(orderKey(e.key)) }
    let order = keys.indices.sorted { keys[$0] < keys[$1] }
    entries = order.map { entries[$0] }
  }

  private mutating func orderKey(_ key: LuaValue) -> OrderKey {
    switch key {
    case .integer(let n): return OrderKey(rank: 0, bits: UInt64(bitPattern: Int64(n)) ^ (1 << 63))
    case .number(let d): return OrderKey(rank: 1, bits: d.bitPattern)
    case .string(let s): return OrderKey(rank: 2, bits: 0, text: s)
    case .bool(let b): return OrderKey(rank: 3, bits: b ? 1 : 0)
    case .nil: return OrderKey(rank: 4, bits: 0)
    case .table: return OrderKey(rank: 5, bits: UInt64(bitPattern: Int64(digest(key))))
    }
  }

  /// A structural hash of a (converted, so sorted) table, once per distinct table.
  private mutating func digest(_ v: LuaValue) -> Int {
    guard case .table(_, let entries) = v else { return v.hashValue }
    let id = entries.withUnsafeBufferPointer { $0.baseAddress.map { UnsafeRawPointer($0) } }
    if let id, let d = digests[id] { return d }
    var h = Hasher()
    h.combine(entries.count)
    for e in entries {
      h.combine(digest(e.key))
      h.combine(digest(e.value))
    }
    let d = h.finalize()
    if let id { digests[id] = d }
    return d
  }
}

/// A sort key of a table key: its kind, then its bits or bytes.
private struct OrderKey: Comparable {
  var rank: UInt8
  var bits: UInt64
  var text: String? = nil

  static func < (a: OrderKey, b: OrderKey) -> Bool {
    if a.rank != b.rank { return a.rank < b.rank }
    if let x = a.text, let y = b.text {
      // The standard library's order (fast), then bytes for strings it holds equal (`é` written two ways).
      if x < y { return true }
      if y < x { return false }
      return x.utf8.lexicographicallyPrecedes(y.utf8)
    }
    return a.bits < b.bits
  }
}

extension LuaValue {
  /// `==` for snapshots whose subtables are shared (`ViewModelSnapshot`): a pair of tables found
  /// equal is not compared again, so two snapshots of a table whose halves are one subtable
  /// compare in time proportional to their distinct tables, not to the tree they stand for.
  func sameSnapshot(as other: LuaValue) -> Bool {
    var equal: Set<Pair> = []  // allocated only for nested tables: a flat payload compares as before
    return Self.same(self, other, &equal, top: true)
  }

  private struct Pair: Hashable {
    let a: UnsafeRawPointer?
    let b: UnsafeRawPointer?
  }

  private static func same(_ x: LuaValue, _ y: LuaValue, _ equal: inout Set<Pair>, top: Bool = false) -> Bool {
    guard case .table(let xa, let xe) = x, case .table(let ya, let ye) = y else { return x == y }
    guard xa.count == ya.count, xe.count == ye.count else { return false }
    func base<T>(_ a: [T]) -> UnsafeRawPointer? {
      a.withUnsafeBufferPointer { $0.baseAddress.map { UnsafeRawPointer($0) } }
    }
    guard xa.isEmpty else { return x == y }  // snapshots have no array part: a table is its entries
    let pair = Pair(a: base(xe), b: base(ye))
    if pair.a == pair.b || (!top && equal.contains(pair)) { return true }
    for (p, q) in zip(xe, ye) where !same(p.key, q.key, &equal) || !same(p.value, q.value, &equal) { return false }
    if !top { equal.insert(pair) }
    return true
  }
}
