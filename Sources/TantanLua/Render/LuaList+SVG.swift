import HeadlessUI
import LuaRuntime

/// The list as a picture of its viewport: what `layout()` reports for the visible area (items,
/// section headers and footers; sticky headers pinned and drawn above the items, as their z of
/// 1024 says), the pull-to-refresh indicator in the gap a pull opens above the content (pulling,
/// armed, refreshing, finishing), the paging state (loading, failed, no more), the content inset
/// at the top as a bar, and the scroll indicator.
///
/// Titles come from the view models as the list last loaded them (`ViewModelLabel`: a string is
/// the title; a table's title/name/text, subtitle/detail/author and color); an item without one
/// is drawn as "Item s.i", a header without one as "Section s".
extension LuaList: SVGDrawable {
  func svgDocument() throws -> String {
    guard let m = current else {
      return try SVGPieces.placeholder(width: 375, height: 667, text: "tantan.List (building)")
    }
    let width = m.config.width
    let height = m.config.height
    let indicator = m.refreshIndicatorHeight
    let shift = indicator - m.offset  // content y + shift = viewport y
    var title = "tantan.List: \(m.sectionCount) sections, \(m.itemCount) items, offset \(SVGNumber.format(m.offset))"
    title += ", refresh \(m.refreshState.rawValue)"
    if m.config.paging != nil { title += ", page \(m.page)\(m.loading ? ", loading" : "")" }
    var w = SVGWriter(width: width, height: height, title: title, meter: svgMeter())
    w.start("rect"); w.frame(0, 0, width, height); w.attr("fill", "#fff"); w.end()
    let painter = ListPainter(width: width)
    if indicator > 0 {
      painter.refresh(
        &w, top: -m.offset, height: indicator, state: m.refreshState, pull: m.pullDistance,
        threshold: m.config.refresh?.threshold ?? 50)
    }
    let visible = Rect(x: 0, y: m.offset - indicator, w: width, h: height)
    let attributes = try m.layout(visible)
    w.start("g"); w.transform(translateX: 0, y: shift); w.open()
    for pinned in [false, true] {
      for a in attributes where (a.z > 0) == pinned && !w.stopped { draw(&w, m, a, painter) }
    }
    w.closeGroup()
    if m.config.paging != nil {
      painter.paging(&w, m, loadError: Self.failureText(m.loadFailure, lua), shift: shift, height: height)
    }
    if m.config.contentInset.top > 0 { painter.bar(&w, height: m.config.contentInset.top) }
    SVGPieces.scrollIndicator(
      &w, width: width, height: height, visible: height,
      content: m.contentHeight + m.config.contentInset.top
        + m.config.contentInset.bottom, offset: m.offset, minOffset: m.minOffset, maxOffset: m.maxOffset)
    return try w.finish()
  }

  private func draw(_ w: inout SVGWriter, _ m: LuaListModel, _ a: ListAttributes, _ p: ListPainter) {
    let section = m.sections[a.section]
    switch a.kind {
    case .item:
      let i = a.index ?? 0
      let label =
        m.cachedItem(at: ListIndexPath(section: a.section, index: i)).map { ViewModelLabel.read($0.payload.value) }
        ?? ViewModelLabel()
      p.item(&w, a.frame, label: label, fallback: "Item \(a.section + 1).\(i + 1)")
    case .header:
      let label = section.header.map { ViewModelLabel.read($0.value) }
      p.header(&w, a.frame, title: label?.title ?? "Section \(a.section + 1)", pinned: a.z > 0)
    case .footer:
      let label = section.footer.map { ViewModelLabel.read($0.value) }
      p.footer(&w, a.frame, title: label?.title ?? "")
    }
  }
}
