import CLua
import CLuaShim
import LuaRuntime

/// `tantan.json`: JSON for view models (`decode`, `encode`, `null`, `array_mt`).
///
/// Written in Swift rather than with Debian's lua-cjson 2.1.0, which cannot keep `[]` apart from
/// `{}` (no `decode_array_with_array_mt`), prints at most 14 significant digits (not lossless),
/// decodes every number as a float and emits keys in hash order. No Foundation: start-up stays cheap.
enum JSONBinding: TantanExtension, LuaModuleBinding {
  typealias Context = TantanHost

  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    passThrough(error, orMessageAt: site)
  }

  /// Both functions get the array metatable as upvalue 1.
  static let decode = function(
    "tantan.json.decode",
    "Parses strict JSON (RFC 8259); arrays get tantan.json.array_mt, null is tantan.json.null; malformed input is an error with its line and column.",
    .rawString("text"), returns: .pushedByBody("any")
  ) { _, lua, text in
    var len = 0
    let p = tt_tostring(lua.L, text, &len)
    // A string being decoded holds at most the text's length again while the reader builds it.
    let reading = try HostMemory(lua.handle, bytes: len)
    defer { withExtendedLifetime(reading) {} }
    var reader = JSONReader(
      bytes: UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : len),
      sink: LuaJSONSink(lua: lua, arrayMeta: Lua.upvalue(1)))
    do throws(JSONFailure) { try reader.decode() } catch {
      throw LuaCallError.message("tantan.json.decode: \(error.message)")
    }
  }

  static let encode = function(
    "tantan.json.encode",
    "Compact JSON with sorted keys and exact numbers; functions, NaN, infinities, cycles, sparse or mixed tables are errors naming where they are.",
    .value("value"), returns: .pushedByBody("string")
  ) { _, lua, value in
    var writer = JSONWriter(lua: lua, arrayMeta: Lua.upvalue(1))
    do throws(JSONWriter.Failure) { try writer.encode(value, at: "value") } catch {
      if let limit = error.limit { throw limit }
      throw LuaCallError.message("tantan.json.encode: \(error.message)")
    }
    writer.out.withUnsafeBufferPointer { buf in
      _ = lua_pushlstring(lua.L, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self), buf.count)
    }
  }

  static var docs: [LuaDoc] { [table.doc, decode.doc, encode.doc, null.doc, arrayMeta.doc] }

  static let table = ModuleField("tantan.json", "tantan.json", "JSON for view models.") { host, lua in
    lua.newTable(narr: 0, nrec: 4)
    let json = lua.top
    null.install(host, in: json)
    arrayMeta.install(host, in: json)
    for f in [decode, encode] {
      lua.rawGet(json, "array_mt")
      f.install(lua, in: json, context: host, upvalues: 1)
    }
  }

  static let null = ModuleField(
    "tantan.json.null", "lightuserdata", "Stands for JSON null in both directions (equal to cjson.null)."
  ) { _, lua in tt_pushlightuserdata(lua.L, nil) }

  static let arrayMeta = ModuleField(
    "tantan.json.array_mt", "table",
    "The metatable marking decoded arrays; set it on a table to encode it as an array, even empty."
  ) { _, lua in
    lua.newTable(narr: 0, nrec: 1)
    lua.push("array"); lua.rawSet(-2, "__jsontype")
  }

  static func install(_ host: TantanHost, module: Int32) { table.install(host, in: module) }
}
