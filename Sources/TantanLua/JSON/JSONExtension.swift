import CLua
import CLuaShim
import LuaRuntime

/// `tantan.json`: JSON for view models (`decode`, `encode`, `null`, `array_mt`).
///
/// Written in Swift rather than with Debian's lua-cjson 2.1.0, which cannot keep `[]` apart from
/// `{}` (no `decode_array_with_array_mt`), prints at most 14 significant digits (not lossless),
/// decodes every number as a float and emits keys in hash order. No Foundation: start-up stays cheap.
enum JSONExtension: TantanExtension {
  static var docs: [LuaDoc] {
    [LuaDoc(.field, "tantan.json", "tantan.json", "JSON for view models."),
     LuaDoc(.function, "tantan.json.decode", "fun(text: string): any", "Parses strict JSON (RFC 8259); arrays get tantan.json.array_mt, null is tantan.json.null; malformed input is an error with its line and column."),
     LuaDoc(.function, "tantan.json.encode", "fun(value: any): string", "Compact JSON with sorted keys and exact numbers; functions, NaN, infinities, cycles, sparse or mixed tables are errors naming where they are."),
     LuaDoc(.field, "tantan.json.null", "lightuserdata", "Stands for JSON null in both directions (equal to cjson.null)."),
     LuaDoc(.field, "tantan.json.array_mt", "table", "The metatable marking decoded arrays; set it on a table to encode it as an array, even empty.")]
  }

  static func install(_ host: TantanHost, module: Int32) {
    let lua = host.lua
    lua.newTable(narr: 0, nrec: 4)
    let json = lua.top
    tt_pushlightuserdata(lua.L, nil)
    lua.rawSet(json, "null")
    lua.newTable(narr: 0, nrec: 1)
    lua.push("array"); lua.rawSet(-2, "__jsontype")
    let meta = lua.top
    lua.pushValue(meta)
    lua.rawSet(json, "array_mt")

    lua.pushValue(meta)
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      guard lua.type(1) == LUA_TSTRING else { throw lua.typeError(1, "string") }
      var len = 0
      let p = tt_tostring(lua.L, 1, &len)
      var reader = JSONReader(
        bytes: UnsafeRawBufferPointer(start: p, count: p == nil ? 0 : len),
        sink: LuaJSONSink(lua: lua, arrayMeta: Lua.upvalue(1)))
      do throws(JSONFailure) { try reader.decode() } catch { throw .message("tantan.json.decode: \(error.message)") }
      return 1
    }, upvalues: 1)
    lua.rawSet(json, "decode")

    lua.pushValue(meta)
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      if lua.top == 0 { throw .argument(1, "value expected") }
      var writer = JSONWriter(lua: lua, arrayMeta: Lua.upvalue(1))
      defer { lua.releaseHost(writer.charged) }
      do throws(JSONWriter.Failure) { try writer.encode(1, at: "value") } catch {
        if let limit = error.limit { throw limit }
        throw .message("tantan.json.encode: \(error.message)")
      }
      writer.out.withUnsafeBufferPointer { buf in
        _ = lua_pushlstring(lua.L, UnsafeRawPointer(buf.baseAddress)?.assumingMemoryBound(to: CChar.self), buf.count)
      }
      return 1
    }, upvalues: 1)
    lua.rawSet(json, "encode")

    lua.pop()  // meta
    lua.rawSet(module, "json")
  }
}
