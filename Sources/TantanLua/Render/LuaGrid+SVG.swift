import HeadlessUI
import LuaRuntime

/// The grid as a picture of the seed's screen: the bar above the grid (`GridBarPainter`), then the
/// grid's visible area (the viewport at the scroll offset): the cells that
/// intersect it with their titles in the seed's style (grey rounded label, delete badge at the
/// top-left corner while editing, none on locked cells nor over a source without `delete`), the dragged item's slot left empty
/// (a dashed outline), the floating snapshot under the finger on top, and a scroll indicator.
///
/// Titles come from the items: a string or number is the title, a table is read like a view
/// model (`ViewModelLabel`). A grid over a callback `source` is labelled by index ("#3"): the
/// renderer never calls Lua code, so drawing cannot change the grid or its event log.
extension LuaGrid: SVGDrawable {
  func svgDocument() throws -> String {
    guard let m = current else {
      return try SVGPieces.placeholder(width: 375, height: 587, text: "tantan.ReorderGrid (under construction)")
    }
    let width = m.config.width
    let height = m.config.height
    let bar = m.config.resolvedTopBar
    var title = "tantan.ReorderGrid: \(m.count) items"
    if m.editing { title += ", editing" }
    if let d = m.dragging { title += ", dragging item \(d + 1)" }
    title += ", offset \(SVGNumber.format(m.offset))"
    var w = SVGWriter(width: width, height: bar + height, title: title, meter: svgMeter())
    let style = GridPainter(ratio: m.config.ratio)
    GridBarPainter(ratio: m.config.ratio, width: width, height: bar)
      .draw(&w, title: m.config.bar.title, button: m.editButtonTitle)
    // The grid's viewport, below the bar (a nested viewport clips what scrolled out).
    w.start("svg"); w.attr("x", 0); w.attr("y", bar); w.attr("width", width); w.attr("height", height)
    w.attr("viewBox", "0 0 \(SVGNumber.format(width)) \(SVGNumber.format(height))"); w.open()
    w.start("rect"); w.frame(0, 0, width, height); w.attr("fill", "#fafafa"); w.end()
    w.start("g"); w.transform(translateX: 0, y: -m.offset); w.open()
    let locked = Set(m.locked)
    for i in m.visible where !w.stopped {
      guard let frame = try? m.frame(i) else { continue }
      if i == m.dragging {
        style.emptySlot(&w, frame)
        continue
      }
      let isLocked = locked.contains(i)
      style.cell(&w, frame, title: label(m, i), locked: isLocked, badge: m.editing && !isLocked && m.canDelete)
    }
    if let snapshot = m.snapshot, let d = m.dragging {
      style.snapshot(&w, snapshot, title: label(m, d))
    }
    w.closeGroup()
    SVGPieces.scrollIndicator(
      &w, width: width, height: height, visible: height, content: m.contentHeight, offset: m.offset, minOffset: 0,
      maxOffset: m.maxOffset)
    w.closeGroup("svg")
    return try w.finish()
  }

  /// The title drawn for live index `i`.
  private func label(_ m: ReorderGrid<LuaRef>, _ i: Int) -> String {
    guard source == nil, let item = try? m.item(i) else { return "#\(i + 1)" }
    return ViewModelLabel.read(item, lua).title ?? "#\(i + 1)"
  }
}

/// The seed's cell look (YLDargSortCell): a label inset by half the delete button, grey text and
/// hairline border, corner radius 4 pt x the screen ratio; the delete button (10 pt x ratio) at
/// the cell's top-left corner.
struct GridPainter {
  let ratio: Double
  var badge: Double { 10 * ratio }
  var fontSize: Double { 15 * ratio }

  func cell(_ w: inout SVGWriter, _ f: Rect, title: String, locked: Bool, badge showBadge: Bool) {
    label(&w, f, title: title, fill: locked ? "#efefef" : "#fff", ink: locked ? "#a3a3a3" : "#6e6e6e")
    if showBadge { deleteBadge(&w, x: f.x + badge / 2, y: f.y + badge / 2) }
  }

  func emptySlot(_ w: inout SVGWriter, _ f: Rect) {
    w.start("rect"); w.frame(f.x + badge / 2, f.y + badge / 2, f.w - badge, f.h - badge); w.attr("rx", 4 * ratio)
    w.attr("fill", "none"); w.attr("stroke", "#b8b8b8"); w.attr("stroke-width", "1"); w.attr("stroke-dasharray", "4 3");
    w.end()
  }

  /// The lifted cell, centred on the finger, with a shadow under it.
  func snapshot(_ w: inout SVGWriter, _ f: Rect, title: String) {
    w.start("rect"); w.frame(f.x + badge / 2 + 1, f.y + badge / 2 + 3, f.w - badge, f.h - badge);
    w.attr("rx", 4 * ratio)
    w.attr("fill", "#000"); w.attr("fill-opacity", "0.18"); w.end()
    label(&w, f, title: title, fill: "#fff7ec", ink: "#e67e22")
  }

  private func label(_ w: inout SVGWriter, _ f: Rect, title: String, fill: String, ink: String) {
    let lw = f.w - badge
    let lh = f.h - badge
    w.start("rect"); w.frame(f.x + badge / 2, f.y + badge / 2, lw, lh); w.attr("rx", 4 * ratio); w.attr("fill", fill)
    w.attr("stroke", ink); w.attr("stroke-width", "1"); w.end()
    let size = min(fontSize, lh * 0.6)
    w.textElement(SVGLabel.fitted(title, width: lw - 4, fontSize: size)) { w in
      w.attr("x", f.midX); w.attr("y", f.midY + size * 0.35); w.attr("font-size", size); w.attr("text-anchor", "middle")
      w.attr("fill", ink)
    }
  }

  private func deleteBadge(_ w: inout SVGWriter, x: Double, y: Double) {
    let r = badge * 0.8
    w.start("circle"); w.attr("cx", x); w.attr("cy", y); w.attr("r", r); w.attr("fill", "#8e8e93")
    w.attr("stroke", "#fff"); w.attr("stroke-width", "1"); w.end()
    let a = r * 0.45
    var p = SVGPath()
    p.move(x - a, y - a); p.line(x + a, y + a); p.move(x + a, y - a); p.line(x - a, y + a)
    w.start("path"); w.attr("d", p); w.attr("stroke", "#fff"); w.attr("stroke-width", r * 0.3)
    w.attr("stroke-linecap", "round"); w.end()
  }
}
