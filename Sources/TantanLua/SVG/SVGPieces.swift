import HeadlessUI
import LuaRuntime

/// Small drawings shared by the component renderers.
enum SVGPieces {
  /// A whole document that only says `text` (a component that cannot be drawn yet).
  static func placeholder(width: Double, height: Double, text: String) throws(LuaCallError) -> String {
    var w = SVGWriter(width: width, height: height, title: text)
    w.start("rect"); w.frame(0, 0, width, height); w.attr("fill", "#eef0f4"); w.end()
    w.textElement(SVGLabel.fitted(text, width: width - 20, fontSize: 14)) { w in
      w.attr("x", width / 2); w.attr("y", height / 2); w.attr("font-size", 14); w.attr("text-anchor", "middle")
      w.attr("fill", "#6b7280")
    }
    return try w.finish()
  }

  /// The scroll indicator on the right edge, as UIKit shows it: its length is the visible share
  /// of the content, its position the offset within `minOffset...maxOffset`. Nothing when the
  /// content fits.
  static func scrollIndicator(
    _ w: inout SVGWriter, width: Double, height: Double, visible: Double, content: Double, offset: Double,
    minOffset: Double, maxOffset: Double
  ) {
    guard content > visible, maxOffset > minOffset, height > 12 else { return }
    let track = height - 6
    let length = max(24, track * visible / content)
    let share = ((offset - minOffset) / (maxOffset - minOffset)).clamped(0, 1)
    w.start("rect"); w.frame(width - 6, 3 + share * (track - length), 3, length); w.attr("rx", 1.5)
    w.attr("fill", "#000"); w.attr("fill-opacity", "0.35"); w.end()
  }

  /// An activity indicator: a faint ring and a quarter arc, centred at (cx, cy).
  static func spinner(_ w: inout SVGWriter, cx: Double, cy: Double, r: Double, color: String) {
    w.start("circle"); w.attr("cx", cx); w.attr("cy", cy); w.attr("r", r); w.attr("fill", "none")
    w.attr("stroke", color); w.attr("stroke-opacity", "0.25"); w.attr("stroke-width", r * 0.3); w.end()
    w.start("path"); w.attr("d", SVGPath.arc(cx: cx, cy: cy, r: r, from: -Double.pi / 2, to: 0)); w.attr("fill", "none")
    w.attr("stroke", color); w.attr("stroke-width", r * 0.3); w.attr("stroke-linecap", "round"); w.end()
  }
}
