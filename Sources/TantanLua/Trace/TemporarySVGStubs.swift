// TEMPORARY: delete this file when the SVG renderer (branch `render`) is merged; it makes the
// deck drawable with plain rectangles so the trace recorder can be tested before the real
// `svgDocument()` exists. Nothing else refers to it.

extension LuaSwipeDeck: SVGDrawable {
  func svgDocument() -> String {
    let w = Int(config.width), h = Int(config.height)
    var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(w)\" height=\"\(h)\" viewBox=\"0 0 \(w) \(h)\">"
    s += "<rect width=\"\(w)\" height=\"\(h)\" fill=\"#eef0f5\"/>"
    for c in (model?.cards ?? []).reversed() {
      let deg = Int((c.rotation * 180 / Double.pi * 10).rounded())
      s += "<rect x=\"\(Int(c.frame.x))\" y=\"\(Int(c.frame.y))\" width=\"\(Int(c.frame.w))\" height=\"\(Int(c.frame.h))\""
      s += " rx=\"12\" fill=\"#ff5b6b\" stroke=\"#fff\" stroke-width=\"3\" opacity=\"\(Double(Int(c.alpha * 100)) / 100)\""
      s += " transform=\"rotate(\(Double(deg) / 10) \(Int(c.center.x)) \(Int(c.center.y)))\"/>"
      s += "<text x=\"\(Int(c.center.x))\" y=\"\(Int(c.center.y))\" text-anchor=\"middle\" fill=\"#fff\">\(c.index + 1)</text>"
    }
    return s + "</svg>"
  }
}
