import LuaRuntime

/// A value of a module table (`tantan.version`) declared once: its reference row and its push.
struct ModuleField: Sendable {
  let doc: LuaDoc
  let push: @Sendable (TantanHost, Lua) -> Void

  init(_ name: String, _ type: String, _ doc: String, _ push: @escaping @Sendable (TantanHost, Lua) -> Void) {
    self.doc = LuaDoc(.field, name, type, doc); self.push = push
  }

  /// Pushes the value and stores it under the last part of its name in the table at `table`.
  func install(_ host: TantanHost, in table: Int32) {
    let t = host.lua.absIndex(table)
    push(host, host.lua)
    host.lua.rawSet(t, String(doc.name.split(separator: ".").last ?? ""))
  }
}
