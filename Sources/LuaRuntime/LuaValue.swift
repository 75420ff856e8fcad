import CLua
import CLuaShim

/// Plain data crossing the bridge by value (view models, JSON, test fixtures). Functions,
/// userdata and threads do not convert; tables convert deeply, with cycles rejected.
public indirect enum LuaValue: Equatable, Hashable, Sendable {
  case `nil`
  case bool(Bool)
  case integer(Int)
  case number(Double)
  case string(String)
  /// Array part 1...n first, then the other keys sorted (deterministic order).
  case table([LuaValue], [LuaTableEntry])

  public static func array(_ items: [LuaValue]) -> LuaValue { .table(items, []) }
}

public struct LuaTableEntry: Equatable, Hashable, Sendable {
  public var key: LuaValue
  public var value: LuaValue
  public init(key: LuaValue, value: LuaValue) { self.key = key; self.value = value }
}

public struct LuaConversionError: Error, CustomStringConvertible {
  public let description: String
}

extension Lua {
  /// Pushes `value`, deeply; on failure (the Lua stack cannot grow) nothing is left pushed.
  public func push(_ value: LuaValue) throws(LuaConversionError) {
    let top = self.top
    do throws(LuaConversionError) { try pushDeep(value) } catch {
      setTop(top)
      throw error
    }
  }

  private func pushDeep(_ value: LuaValue) throws(LuaConversionError) {
    switch value {
    case .nil: pushNil()
    case .bool(let b): push(b)
    case .integer(let i): push(i)
    case .number(let d): push(d)
    case .string(let s): push(s)
    case .table(let arr, let entries):
      guard reserve(4) else { throw LuaConversionError(description: "out of stack space") }
      newTable(narr: Int32(clamping: arr.count), nrec: Int32(clamping: entries.count))
      for (i, v) in arr.enumerated() { try pushDeep(v); rawSet(-2, index: i + 1) }
      for e in entries { try pushDeep(e.key); try pushDeep(e.value); lua_rawset(L, -3) }
    }
  }

  /// Reads the value at `i` deeply with raw access (no metamethods run). Tables nested deeper
  /// than `TableDepth.limit` and tables that contain themselves are errors; a table referenced
  /// twice is read twice (the result is a tree).
  public func value(_ i: Int32) throws(LuaConversionError) -> LuaValue {
    var path: [UnsafeRawPointer] = []
    return try value(i, path: &path)
  }

  /// `path`: the enclosing tables (cycle check; its length is the depth), one array per walk.
  private func value(_ i: Int32, path: inout [UnsafeRawPointer]) throws(LuaConversionError) -> LuaValue {
    let i = absIndex(i)
    switch lua_type(L, i) {
    case LUA_TNIL, LUA_TNONE: return .nil
    case LUA_TBOOLEAN: return .bool(bool(i))
    case LUA_TNUMBER: return lua_isinteger(L, i) != 0 ? .integer(integer(i)!) : .number(number(i)!)
    case LUA_TSTRING: return .string(string(i)!)
    case LUA_TTABLE:
      let ptr = lua_topointer(L, i)!
      guard !path.contains(ptr) else {
        throw LuaConversionError(description: "cannot convert a table that contains itself")
      }
      guard path.count < TableDepth.limit else { throw LuaConversionError(description: TableDepth.message) }
      guard reserve(4) else { throw LuaConversionError(description: "out of stack space") }
      path.append(ptr)
      defer { path.removeLast() }
      let n = rawLength(i)
      var arr: [LuaValue] = []
      arr.reserveCapacity(n)
      for k in 1...max(n, 1) where n > 0 {
        rawGet(i, index: k)
        defer { pop() }
        arr.append(try value(-1, path: &path))
      }
      var entries: [LuaTableEntry] = []
      lua_pushnil(L)
      while lua_next(L, i) != 0 {
        defer { pop() }
        if lua_isinteger(L, -2) != 0, let k = integer(-2), k >= 1, k <= n { continue }
        let key = try value(-2, path: &path)
        entries.append(LuaTableEntry(key: key, value: try value(-1, path: &path)))
      }
      entries.sort { $0.key.sortKey < $1.key.sortKey }
      return .table(arr, entries)
    default:
      throw LuaConversionError(description: "cannot convert a \(typeName(i)) value")
    }
  }
}

extension LuaValue {
  /// Orders keys: numbers before strings, then by value; stable across runs.
  var sortKey: String {
    switch self {
    case .integer(let i): return "0" + String(UInt(bitPattern: i) ^ (1 << 63), radix: 16).leftPadded(16)
    case .number(let d): return "1\(d)"
    case .string(let s): return "2" + s
    case .bool(let b): return b ? "3t" : "3f"
    default: return "4"
    }
  }
}

extension String {
  fileprivate func leftPadded(_ n: Int) -> String {
    count >= n ? self : String(repeating: "0", count: n - count) + self
  }
}
