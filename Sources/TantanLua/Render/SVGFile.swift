#if canImport(Glibc)
  import Glibc
#endif
import LuaRuntime

/// A component that can save its picture: `obj:save_svg(path)`.
protocol SVGSavable: SVGDrawable {
  var host: TantanHost { get }
}

extension LuaSwipeDeck: SVGSavable {}
extension LuaGrid: SVGSavable {}
extension LuaList: SVGSavable {}

extension RenderExtension {
  /// The `save_svg` method, added to each drawable class's methods.
  static func saveMethod<T: SVGSavable>() -> LuaClass<T>.Method {
    .init(
      "save_svg", "fun(self, path: string): true",
      "Writes tantan.render.svg(self) to `path` (replacing the file) and returns true; a file that cannot be written is an error with the path and the reason. Not available under --sandbox, which allows no file writes."
    ) { obj, lua throws(LuaCallError) in
      let path = try lua.checkString(2)
      guard !obj.host.sandboxed else {
        throw .message("save_svg: writing files is not allowed in the sandbox (--sandbox)")
      }
      guard !path.utf8.contains(0) else { throw .argument(2, "path contains a zero byte") }
      if let reason = SVGFile.write(path, obj.svgDocument()) { throw .message("save_svg: \(path): \(reason)") }
      lua.push(true)
      return 1
    }
  }
}

enum SVGFile {
  /// Writes `text` to `path`; nil on success, else the system's reason (`strerror`), as
  /// `io.open` reports it.
  static func write(_ path: String, _ text: String) -> String? {
    guard let f = fopen(path, "wb") else { return reason(errno) }
    var text = text
    let written = text.withUTF8 { b in b.isEmpty ? 0 : fwrite(b.baseAddress, 1, b.count, f) }
    let writeError = written == text.utf8.count ? 0 : errno
    let closed = fclose(f) == 0
    if writeError != 0 { return reason(writeError) }
    return closed ? nil : reason(errno)
  }

  private static func reason(_ code: Int32) -> String {
    guard let s = strerror(code) else { return "error \(code)" }
    return String(cString: s)
  }
}
