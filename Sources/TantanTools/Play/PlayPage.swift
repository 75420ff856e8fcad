import TantanScripts

/// The playground's one page: `web/play.html` with `web/play.css` and `js/play.js` inlined where
/// it says so (one document, nothing else to request: every request needs the token).
enum PlayPage {
  static let html: String = {
    func text(_ f: (UnsafeMutablePointer<Int>) -> UnsafePointer<CChar>?) -> String {
      var size = 0
      let p = f(&size)
      return String(decoding: UnsafeRawBufferPointer(start: p, count: size), as: UTF8.self)
    }
    let page = text(tt_script_play_page)
    return replace(
      replace(page, "/* play.css */", text(tt_script_play_style)), "/* play.js */", text(tt_script_play_script))
  }()

  /// `page` with the first `marker` replaced by `content`.
  static func replace(_ page: String, _ marker: String, _ content: String) -> String {
    guard let r = find(marker, in: page) else { return page }
    return String(page[..<r.lowerBound]) + content + String(page[r.upperBound...])
  }

  static func find(_ needle: String, in text: String) -> Range<String.Index>? {
    var i = text.startIndex
    while i < text.endIndex {
      if text[i...].hasPrefix(needle) { return i..<text.index(i, offsetBy: needle.count) }
      i = text.index(after: i)
    }
    return nil
  }
}
