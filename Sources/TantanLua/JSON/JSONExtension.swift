import LuaRuntime
enum JSONExtension: TantanExtension {
  static var docs: [LuaDoc] { [] }
  static func install(_ host: TantanHost, module: Int32) {}
}
