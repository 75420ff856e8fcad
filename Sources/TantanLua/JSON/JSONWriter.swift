import CLua
import CLuaShim
import LuaRuntime

/// Encodes a Lua value as compact, deterministic JSON (raw access: metamethods never run).
///
/// - Object keys are sorted by their bytes, so equal tables always encode the same.
/// - Integers print as integers; floats in the shortest form that reads back to the same double
///   (`0.1`, `1e+300`, `5.0`), so numbers round-trip exactly, floats staying floats.
/// - A table is an array when it has the `tantan.json.array_mt` metatable (so `[]` is possible) or
///   when its keys are exactly 1..n (n >= 1); an object when all keys are strings; `{}` is `{}`.
/// - Errors name where the bad value is (`value.items[2].cb`): functions, userdata other than
///   `tantan.json.null`, NaN and infinities, tables that contain themselves, tables nested deeper than
///   `TableDepth.limit` (200) levels, keys that are neither strings nor array indices, sparse arrays, mixed tables,
///   strings (values) that are not valid UTF-8.
struct JSONWriter {
  struct Failure: Error {
    let message: String
    /// A limit stopped the walk (a shared subtable is encoded again each time it is reached, so
    /// the work is not bounded by the table's size): raised as the limit's error.
    var limit: LuaCallError? = nil
  }

  let lua: Lua
  let arrayMeta: Int32
  var out: [UInt8] = []
  var path: [UnsafeRawPointer] = []
  /// `out`, charged to the state's memory limit (and asked of the system) as it grows; given
  /// back with the writer.
  let memory: HostMemory

  init(lua: Lua, arrayMeta: Int32) {
    self.lua = lua
    self.arrayMeta = arrayMeta
    memory = HostMemory(lua.handle)
  }

  mutating func encode(_ i: Int32, at location: String) throws(Failure) {
    do throws(LuaCallError) {
      try lua.hostTick()  // each value counts as an instruction; the clock is read as the hook does
      if out.count > memory.bytes + 65536 { try memory.charge(out.count) }
    } catch { throw Failure(message: "", limit: error) }
    let i = lua.absIndex(i)
    switch lua.type(i) {
    case LUA_TNIL, LUA_TNONE: append("null")
    case LUA_TBOOLEAN: append(lua.bool(i) ? "true" : "false")
    case LUA_TNUMBER:
      if lua_isinteger(lua.L, i) != 0, let n = lua.integer(i) { append(String(n)); return }
      let d = lua.number(i) ?? .nan
      guard d.isFinite else {
        let name = d.isNaN ? "NaN" : d < 0 ? "-infinity" : "infinity"
        throw Failure(message: "cannot encode \(name) (at \(location)): JSON has no NaN or infinity")
      }
      append(d.description)
    case LUA_TSTRING:
      // JSON text is UTF-8: a Lua string of other bytes cannot be written faithfully.
      guard String(validating: bytes(i), as: UTF8.self) != nil else {
        throw Failure(message: "cannot encode a string that is not valid UTF-8 (at \(location))")
      }
      appendString(i)
    case LUA_TLIGHTUSERDATA where lua_touserdata(lua.L, i) == nil: append("null")
    case LUA_TTABLE: try table(i, at: location)
    default: throw Failure(message: "cannot encode a \(lua.typeName(i)) value (at \(location))")
    }
  }

  mutating func append(_ s: String) { out.append(contentsOf: s.utf8) }

  func bytes(_ i: Int32) -> UnsafeRawBufferPointer {
    var len = 0
    let p = tt_tostring(lua.L, i, &len)
    return UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : len)
  }

  static let hex = Array("0123456789abcdef".utf8)

  mutating func appendString(_ i: Int32) {
    out.append(UInt8(ascii: "\""))
    for b in bytes(i) {
      switch b {
      case UInt8(ascii: "\""): append("\\\"")
      case UInt8(ascii: "\\"): append("\\\\")
      case 0x0A: append("\\n")
      case 0x0D: append("\\r")
      case 0x09: append("\\t")
      case 0x08: append("\\b")
      case 0x0C: append("\\f")
      case 0..<0x20, 0x7F:
        append("\\u00")
        out.append(Self.hex[Int(b >> 4)])
        out.append(Self.hex[Int(b & 15)])
      default: out.append(b)
      }
    }
    out.append(UInt8(ascii: "\""))
  }

  mutating func table(_ i: Int32, at location: String) throws(Failure) {
    guard let ptr = lua_topointer(lua.L, i) else { return }
    guard !path.contains(ptr) else {
      throw Failure(message: "cannot encode a table that contains itself (at \(location))")
    }
    guard path.count < JSONLimits.maxDepth else {
      throw Failure(message: "cannot encode a \(TableDepth.message) (at \(location))")
    }
    guard lua_checkstack(lua.L, 4) != 0 else { throw Failure(message: "out of stack space (at \(location))") }
    path.append(ptr)
    defer { path.removeLast() }
    var markedArray = false
    if lua_getmetatable(lua.L, i) != 0 {
      markedArray = lua_rawequal(lua.L, -1, arrayMeta) != 0
      lua.pop()
    }
    // Classify the keys: strings (object) or integers 1..n (array).
    var keys: [[UInt8]] = []
    var count = 0
    var maxIndex = 0
    lua.pushNil()
    while lua_next(lua.L, i) != 0 {
      lua.pop()
      count += 1
      if lua.type(-1) == LUA_TSTRING {
        guard String(validating: bytes(-1), as: UTF8.self) != nil else {
          lua.pop()
          throw Failure(message: "cannot encode a key that is not valid UTF-8 (at \(location))")
        }
        keys.append(Array(bytes(-1)))
      } else if lua_isinteger(lua.L, -1) != 0, let k = lua.integer(-1), k >= 1 {
        maxIndex = max(maxIndex, k)
      } else {
        let what = lua.type(-1) == LUA_TNUMBER ? "key \(lua.string(-1) ?? "?")" : "a \(lua.typeName(-1)) key"
        lua.pop()
        throw Failure(
          message: "cannot encode a table with \(what) (at \(location)): JSON keys are strings, arrays are 1..n")
      }
    }
    if !keys.isEmpty && keys.count != count {
      throw Failure(message: "cannot encode a table with both array items and string keys (at \(location))")
    }
    if keys.isEmpty && (count > 0 || markedArray) {
      guard count == maxIndex else {
        throw Failure(
          message: "cannot encode a sparse array (at \(location): \(count) items, largest index \(maxIndex))")
      }
      out.append(UInt8(ascii: "["))
      for k in stride(from: 1, through: count, by: 1) {
        if k > 1 { out.append(UInt8(ascii: ",")) }
        lua.rawGet(i, index: k)
        defer { lua.pop() }
        try encode(-1, at: "\(location)[\(k)]")
      }
      out.append(UInt8(ascii: "]"))
      return
    }
    if markedArray { throw Failure(message: "cannot encode an array with string keys (at \(location))") }
    keys.sort { $0.lexicographicallyPrecedes($1) }
    out.append(UInt8(ascii: "{"))
    for (k, key) in keys.enumerated() {
      if k > 0 { out.append(UInt8(ascii: ",")) }
      key.withUnsafeBufferPointer { buf in
        _ = lua_pushlstring(lua.L, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self), buf.count)
      }
      appendString(-1)
      out.append(UInt8(ascii: ":"))
      lua.pushValue(-1)
      lua_rawget(lua.L, i)
      let name = String(decoding: key, as: UTF8.self)
      let child =
        name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } && !name.isEmpty
        ? "\(location).\(name)" : "\(location)[\"\(name)\"]"
      defer { lua.pop(2) }
      try encode(-1, at: child)
    }
    out.append(UInt8(ascii: "}"))
  }
}
