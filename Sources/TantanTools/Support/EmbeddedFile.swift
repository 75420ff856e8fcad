/// A file of Sources/TantanScripts built into the binary (`#embed`), as text.
enum EmbeddedFile {
  static func text(_ file: (UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>?) -> String {
    var size = 0
    let bytes = file(&size)
    return String(decoding: UnsafeRawBufferPointer(start: bytes, count: size), as: UTF8.self)
  }
}
