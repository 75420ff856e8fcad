import HeadlessUI

/// The seed's bar above the grid (`YLDragSortViewController.topView`), laid out as the seed does
/// in points times the screen ratio r: the close button (35r square, 15r from the top and the
/// right edge), the title label (13r grey, 20r from the left, centred in the space under the close
/// button), the sort button (12r orange text in a 21r high orange-bordered box with 4r corners,
/// its text's width plus 8r wide, right edge 20r from the screen's, centred on the title) and the
/// hairline under the bar from 20r. The sort button reads `sort` while not editing and `done`
/// while editing, as `finshClick` switches it.
struct GridBarPainter {
  let ratio: Double
  let width: Double
  let height: Double
  static let grey = "#6e6e6e", orange = "#ff8000"

  func draw(_ w: inout SVGWriter, title: String, button text: String) {
    let r = ratio
    w.start("rect"); w.frame(0, 0, width, height); w.attr("fill", "#fff"); w.end()
    // Close button: the `subscribe_close` image, a thin cross.
    let side = 35 * r
    let closeX = width - side - 15 * r
    let closeY = 15 * r
    let a = side * 0.22
    let cx = closeX + side / 2
    let cy = closeY + side / 2
    var cross = SVGPath()
    cross.move(cx - a, cy - a); cross.line(cx + a, cy + a); cross.move(cx + a, cy - a); cross.line(cx - a, cy + a)
    w.start("path"); w.attr("d", cross); w.attr("stroke", Self.grey); w.attr("stroke-width", 1.5 * r)
    w.attr("stroke-linecap", "round"); w.attr("fill", "none"); w.end()
    // Title label, centred in the space under the close button.
    let centerY = (height - (closeY + side)) / 2 + closeY + side
    let titleSize = 13 * r
    w.textElement(title) { w in
      w.attr("x", 20 * r); w.attr("y", centerY + titleSize * 0.35); w.attr("font-size", titleSize);
      w.attr("fill", Self.grey)
    }
    // Sort / done button.
    let buttonSize = 12 * r
    let buttonW = SVGLabel.estimatedEms(text) * buttonSize + 8 * r
    let buttonH = 21 * r
    let buttonX = width - 20 * r - buttonW
    w.start("rect"); w.frame(buttonX, centerY - buttonH / 2, buttonW, buttonH); w.attr("rx", 4 * r);
    w.attr("fill", "#fff")
    w.attr("stroke", Self.orange); w.attr("stroke-width", "0.5"); w.end()
    w.textElement(text) { w in
      w.attr("x", buttonX + buttonW / 2); w.attr("y", centerY + buttonSize * 0.35); w.attr("font-size", buttonSize)
      w.attr("text-anchor", "middle"); w.attr("fill", Self.orange)
    }
    // The hairline under the bar.
    w.start("rect"); w.frame(20 * r, height - 0.5, width, 0.5); w.attr("fill", Self.grey); w.end()
  }
}
