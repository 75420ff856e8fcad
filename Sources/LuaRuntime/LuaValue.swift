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
  public func push(_ value: LuaValue) {
    switch value {
    case .nil: pushNil()
    case .bool(let b): push(b)
    case .integer(let i): push(i)
    case .number(let d): push(d)
    case .string(let s): push(s)
    case .table(let arr, let entries):
      newTable(narr: Int32(clamping: arr.count), nrec: Int32(clamping: entries.count))
      for (i, v) in arr.enumerated() { push(v); rawSet(-2, index: i + 1) }
      for e in entries { push(e.key); push(e.value); lua_rawset(L, -3) }
    }
  }

  /// Reads the value at `i` deeply with raw access (no metamethods run).
  public func value(_ i: Int32, depth: Int = 0, path: [UnsafeRawPointer] = []) throws(LuaConversionError) -> LuaValue {
    let i = absIndex(i)
    switch lua_type(L, i) {
    case LUA_TNIL, LUA_TNONE: return .nil
    case LUA_TBOOLEAN: return .bool(bool(i))
    case LUA_TNUMBER: return lua_isinteger(L, i) != 0 ? .integer(integer(i)!) : .number(number(i)!)
    case LUA_TSTRING: return .string(string(i)!)
    case LUA_TTABLE:
      let ptr = lua_topointer(L, i)!
      guard !path.contains(ptr) else { throw LuaConversionError(description: "cannot convert a table that contains itself") }
      guard depth < 200 else { throw LuaConversionError(description: "table nested too deeply") }
      let n = rawLength(i)
      var arr: [LuaValue] = []
      arr.reserveCapacity(n)
      for k in 1...max(n, 1) where n > 0 {
        rawGet(i, index: k)
        defer { pop() }
        arr.append(try value(-1, depth: depth + 1, path: path + [ptr]))
      }
      var entries: [LuaTableEntry] = []
      lua_pushnil(L)
      while lua_next(L, i) != 0 {
        defer { pop() }
        if lua_isinteger(L, -2) != 0, let k = integer(-2), k >= 1, k <= n { continue }
        let key = try value(-2, depth: depth + 1, path: path + [ptr])
        entries.append(LuaTableEntry(key: key, value: try value(-1, depth: depth + 1, path: path + [ptr])))
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
  fileprivate func leftPadded(_ n: Int) -> String { count >= n ? self : String(repeating: "0", count: n - count) + self }
}
