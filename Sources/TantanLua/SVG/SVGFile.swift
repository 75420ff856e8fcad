import LuaRuntime

/// A component that can save its picture: `obj:save_svg(path)`.
protocol SVGSavable: SVGDrawable {
  var host: TantanHost { get }
}

/// `tantan.render`, declared below the components, which add its `save_svg` method to their
/// classes; its functions, which draw the components, are in Render/RenderBinding.swift.
enum RenderBinding {}

extension RenderBinding {
  /// The `save_svg` method, added to each drawable class's methods.
  static func saveMethod<T: SVGSavable>() -> LuaClass<T>.Method {
    .init(
      "save_svg", parameters: ["path: string"], returns: "true",
      "Writes tantan.render.svg(self) to `path` (replacing the file; as with io.open, its folder must exist) and returns true; a file that cannot be written is an error with the path and the reason. Not available under --sandbox, which allows no file writes."
    ) { obj, lua throws(LuaCallError) in
      let path = try lua.checkString(2)
      guard !obj.host.sandboxed else {
        throw .message("save_svg: writing files is not allowed in the sandbox (--sandbox)")
      }
      guard !path.utf8.contains(0) else { throw .argument(2, "path contains a zero byte") }
      let document: String
      do { document = try obj.svgDocument() } catch { throw lua.convert(error) }
      if let reason = FileSystem.save(path, document, createFolders: false) {
        throw .message("save_svg: \(path): \(reason)")
      }
      lua.push(true)
      return 1
    }
  }
}
