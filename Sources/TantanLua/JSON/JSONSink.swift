import CLua
import CLuaShim
import LuaRuntime

struct JSONFailure: Error {
  let message: String
}

enum JSONLimits {
  /// Deeper nesting is an error both ways (decoding and encoding): the host's one table depth.
  static let maxDepth = TableDepth.limit
  static let depthMessage = TableDepth.message
}

/// Receives what `JSONReader` parses, in document order. An object's key arrives as a `string`,
/// then its value, then `endMember`; an array's element arrives, then `endElement(n)` (1-based).
protocol JSONSink {
  /// Room for one more value; false stops the parse ("out of stack space").
  mutating func reserve() -> Bool
  mutating func null()
  mutating func bool(_ b: Bool)
  mutating func integer(_ n: Int)
  /// `text` is the literal as written, for sinks that keep numbers as text.
  mutating func float(_ d: Double, text: String)
  mutating func string(_ bytes: [UInt8])
  mutating func beginObject()
  mutating func endMember()
  mutating func beginArray()
  mutating func endElement(_ n: Int)
  /// The object or array begun last is complete.
  mutating func endContainer()
  /// The parse failed: drop whatever was built.
  mutating func discard()
}

/// Builds Lua values on the stack for `tantan.json.decode`.
///
/// - Objects become plain tables (a repeated key: the last one wins); arrays become tables with
///   the `tantan.json.array_mt` metatable, so `[]` and `{}` stay apart when encoded again.
/// - `null` becomes `tantan.json.null` (the NULL light userdata, like cjson's), also inside arrays,
///   so their length is kept.
struct LuaJSONSink: JSONSink {
  let lua: Lua
  let arrayMeta: Int32
  let top: Int32

  init(lua: Lua, arrayMeta: Int32) {
    self.lua = lua; self.arrayMeta = arrayMeta; self.top = lua.top
  }

  func reserve() -> Bool { lua_checkstack(lua.L, 4) != 0 }
  func null() { tt_pushlightuserdata(lua.L, nil) }
  func bool(_ b: Bool) { lua.push(b) }
  func integer(_ n: Int) { lua.push(n) }
  func float(_ d: Double, text: String) { lua.push(d) }
  func string(_ bytes: [UInt8]) {
    bytes.withUnsafeBufferPointer { buf in
      _ = lua_pushlstring(lua.L, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self), buf.count)
    }
  }
  func beginObject() { lua.newTable() }
  func endMember() { lua_rawset(lua.L, -3) }
  func beginArray() {
    lua.newTable()
    lua.pushValue(arrayMeta)
    lua_setmetatable(lua.L, -2)
  }
  func endElement(_ n: Int) { lua.rawSet(-2, index: n) }
  func endContainer() {}
  func discard() { lua.setTop(top) }
}
