import CLua
import LuaRuntime

/// The payload of a list item, header or footer: the user's own Lua value (kept by reference so
/// `list:item()` returns the very table the script gave) and a deep, order-independent snapshot
/// of its contents used only to decide "reloaded".
///
/// Comparison: raw and deep (metatables are ignored); an item's `id` is not part of its payload.
/// Functions, userdata and threads inside a view model compare by identity (the same function is
/// equal, two different closures are not); they are recorded as a table keyed by `nil`, which no
/// real Lua table can contain, so they never collide with plain data.
struct ListViewModel: Equatable {
  let value: LuaValue
  let ref: LuaRef?
  /// The snapshot's Swift memory, charged to the state's memory limit while it is kept.
  var memory: HostMemory? = nil

  static func == (a: ListViewModel, b: ListViewModel) -> Bool { a.value == b.value }
}

struct ListViewModelError: Error {
  let message: String
}

extension Lua {
  /// Snapshot of the value at `i` for payload comparison; `skipID` leaves out the top table's `id`.
  func viewModelValue(_ i: Int32, skipID: Bool = false) throws(ListViewModelError) -> LuaValue {
    var path: [UnsafeRawPointer] = []
    return try viewModelValue(i, skipID: skipID, path: &path)
  }

  /// `path`: the tables enclosing the value (cycle check; its length is the depth). One array
  /// for the whole walk: a copy per key and value cost an allocation each (`list:apply` reads
  /// every item this way).
  private func viewModelValue(_ i: Int32, skipID: Bool, path: inout [UnsafeRawPointer]) throws(ListViewModelError)
    -> LuaValue
  {
    let i = absIndex(i)
    switch lua_type(L, i) {
    case LUA_TNIL, LUA_TNONE: return .nil
    case LUA_TBOOLEAN: return .bool(bool(i))
    case LUA_TNUMBER:
      if let n = integer(i) { return .integer(n) }  // 1 and 1.0 are equal in Lua, so here too
      return .number(number(i) ?? .nan)
    case LUA_TSTRING: return .string(string(i) ?? "")
    case LUA_TTABLE:
      guard let ptr = lua_topointer(L, i) else { return .nil }
      guard !path.contains(ptr) else { throw ListViewModelError(message: "a view model cannot contain itself") }
      guard path.count < TableDepth.limit else { throw ListViewModelError(message: TableDepth.message) }
      guard reserve(4) else { throw ListViewModelError(message: "out of stack space") }
      path.append(ptr)
      defer { path.removeLast() }
      var entries: [LuaTableEntry] = []
      pushNil()
      while lua_next(L, i) != 0 {
        defer { pop() }
        if skipID, type(-2) == LUA_TSTRING, string(-2) == "id" { continue }
        let key = try viewModelValue(-2, skipID: false, path: &path)
        entries.append(LuaTableEntry(key: key, value: try viewModelValue(-1, skipID: false, path: &path)))
      }
      if entries.count > 1 {  // each sort key built once, not once per comparison
        entries = entries.map { ($0.key.orderKey, $0) }.sorted { $0.0 < $1.0 }.map(\.1)
      }
      return .table([], entries)
    default:
      let address = UInt(bitPattern: lua_topointer(L, i))
      return .table([], [LuaTableEntry(key: .nil, value: .string("\(typeName(i)):\(String(address, radix: 16))"))])
    }
  }
}

extension LuaValue {
  /// A total order on keys for a canonical snapshot (numbers, then strings, then the rest).
  fileprivate var orderKey: String {
    switch self {
    case .integer(let n): return "0" + String(UInt64(bitPattern: Int64(n)) ^ (1 << 63), radix: 16).padded(16)
    case .number(let d): return "1" + String(d.bitPattern, radix: 16).padded(16)
    case .string(let s): return "2" + s
    case .bool(let b): return b ? "3t" : "3f"
    case .nil: return "4"
    case .table: return "5\(hashValue)"
    }
  }
}

extension String {
  fileprivate func padded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
