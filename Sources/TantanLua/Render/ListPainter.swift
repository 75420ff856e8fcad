import HeadlessUI

/// How the list's parts look: plain table-view rows with a separator, grey section headers, the
/// refresh control and the paging footer. Frames are in content coordinates unless named `top`.
struct ListPainter {
  let width: Double
  static let ink = "#1c1c1e", secondary = "#8e8e93", tint = "#ff6f61"

  func item(_ w: inout SVGWriter, _ f: Rect, label: ViewModelLabel, fallback: String) {
    w.start("rect"); w.frame(f.x, f.y, f.w, f.h); w.attr("fill", "#fff"); w.end()
    var textX = f.x + 15
    if let color = label.color, f.h >= 16 {
      let s = min(f.h - 12, 36)
      w.start("rect"); w.frame(f.x + 12, f.midY - s / 2, s, s); w.attr("rx", s * 0.2); w.attr("fill", color.hex);
      w.end()
      textX = f.x + 24 + s
    }
    let room = f.x + f.w - textX - 10
    let titleSize = min(16, max(8, f.h * 0.36))
    let hasSubtitle = label.subtitle != nil && f.h >= 40
    let titleY = hasSubtitle ? f.midY - titleSize * 0.15 : f.midY + titleSize * 0.35
    w.textElement(SVGLabel.fitted(label.title ?? fallback, width: room, fontSize: titleSize)) { w in
      w.attr("x", textX); w.attr("y", titleY); w.attr("font-size", titleSize); w.attr("fill", Self.ink)
    }
    if hasSubtitle, let subtitle = label.subtitle {
      let size = titleSize * 0.8
      w.textElement(SVGLabel.fitted(subtitle, width: room, fontSize: size)) { w in
        w.attr("x", textX); w.attr("y", titleY + size * 1.35); w.attr("font-size", size); w.attr("fill", Self.secondary)
      }
    }
    w.start("rect"); w.frame(f.x + 15, f.maxY - 0.5, max(0, f.w - 15), 0.5); w.attr("fill", "#d1d1d6"); w.end()
  }

  func header(_ w: inout SVGWriter, _ f: Rect, title: String, pinned: Bool) {
    w.start("rect"); w.frame(f.x, f.y, f.w, f.h); w.attr("fill", pinned ? "#f2f2f7" : "#f7f7fa"); w.end()
    w.start("rect"); w.frame(f.x, f.maxY - 0.5, f.w, 0.5); w.attr("fill", "#c7c7cc"); w.end()
    let size = min(14, max(8, f.h * 0.4))
    w.textElement(SVGLabel.fitted(title, width: f.w - 30, fontSize: size)) { w in
      w.attr("x", f.x + 15); w.attr("y", f.midY + size * 0.35); w.attr("font-size", size); w.attr("font-weight", "bold")
      w.attr("fill", "#3a3a3c")
    }
  }

  func footer(_ w: inout SVGWriter, _ f: Rect, title: String) {
    w.start("rect"); w.frame(f.x, f.y, f.w, f.h); w.attr("fill", "#f7f7fa"); w.end()
    let size = min(12, max(8, f.h * 0.4))
    w.textElement(SVGLabel.fitted(title, width: f.w - 30, fontSize: size)) { w in
      w.attr("x", f.midX); w.attr("y", f.midY + size * 0.35); w.attr("font-size", size); w.attr("text-anchor", "middle")
      w.attr("fill", Self.secondary)
    }
  }

  /// The refresh control in the gap above the content (viewport y `top`, `height` tall): an arrow
  /// and a progress ring while pulling, the arrow turned up when armed, a spinner while refreshing.
  func refresh(
    _ w: inout SVGWriter, top: Double, height: Double, state: ListRefreshState, pull: Double, threshold: Double
  ) {
    w.start("rect"); w.frame(0, top, width, height); w.attr("fill", "#f2f2f7"); w.end()
    guard height >= 14 else { return }
    let cy = top + height - min(height, 50) / 2
    let r = min(9, height / 4)
    let text: String
    let ringX = width / 2 - 62
    switch state {
    case .pulling, .armed, .idle:
      let armed = state == .armed
      text = armed ? "Release to refresh" : "Pull to refresh"
      let progress = threshold > 0 ? min(pull / threshold, 1) : 1
      w.start("circle"); w.attr("cx", ringX); w.attr("cy", cy); w.attr("r", r); w.attr("fill", "none")
      w.attr("stroke", Self.secondary); w.attr("stroke-opacity", "0.25"); w.attr("stroke-width", r * 0.25); w.end()
      if progress > 0 {
        let end = -Double.pi / 2 + 2 * Double.pi * min(progress, 0.999)
        w.start("path"); w.attr("d", SVGPath.arc(cx: ringX, cy: cy, r: r, from: -Double.pi / 2, to: end))
        w.attr("fill", "none"); w.attr("stroke", Self.tint); w.attr("stroke-width", r * 0.25); w.end()
      }
      var p = SVGPath()
      let a = r * 0.5
      let dir: Double = armed ? -1 : 1
      p.move(ringX, cy - dir * a); p.line(ringX, cy + dir * a)
      p.move(ringX - a * 0.7, cy + dir * a * 0.3); p.line(ringX, cy + dir * a);
      p.line(ringX + a * 0.7, cy + dir * a * 0.3)
      w.start("path"); w.attr("d", p); w.attr("fill", "none"); w.attr("stroke", Self.tint);
      w.attr("stroke-width", r * 0.2)
      w.attr("stroke-linecap", "round"); w.end()
    case .refreshing:
      text = "Refreshing\u{2026}"
      SVGPieces.spinner(&w, cx: ringX, cy: cy, r: r, color: Self.tint)
    case .finishing:
      text = "Updated"
    }
    let size = min(13, height * 0.4)
    w.textElement(text) { w in
      w.attr("x", ringX + r + 10); w.attr("y", cy + size * 0.35); w.attr("font-size", size);
      w.attr("fill", Self.secondary)
    }
  }

  /// The paging state: a pill at the bottom of the viewport while a page loads or after a load
  /// failed; "No more items" below the content once it is visible and there are no more pages.
  func paging(_ w: inout SVGWriter, _ m: ListModel<ListViewModel>, loadError: String?, shift: Double, height: Double) {
    if m.loading || loadError != nil {
      let text = m.loading ? "Loading more\u{2026}" : "Load failed: \(loadError ?? "") (tap to retry)"
      let pillW = min(width - 40, 220)
      let pillH = 32.0
      let x = (width - pillW) / 2
      let y = height - pillH - 12
      w.start("rect"); w.frame(x, y, pillW, pillH); w.attr("rx", pillH / 2); w.attr("fill", "#1c1c1e")
      w.attr("fill-opacity", "0.82"); w.end()
      var textX = x + 16
      if m.loading {
        SVGPieces.spinner(&w, cx: x + 22, cy: y + pillH / 2, r: 7, color: "#fff")
        textX = x + 38
      }
      w.textElement(SVGLabel.fitted(text, width: x + pillW - textX - 12, fontSize: 13)) { w in
        w.attr("x", textX); w.attr("y", y + pillH / 2 + 4.5); w.attr("font-size", 13); w.attr("fill", "#fff")
      }
    } else if !m.hasMore {
      let y = m.contentHeight + shift
      guard height - y >= 24 else { return }
      w.textElement("No more items") { w in
        w.attr("x", width / 2); w.attr("y", y + 20); w.attr("font-size", 12); w.attr("text-anchor", "middle")
        w.attr("fill", Self.secondary)
      }
    }
  }

  /// The content inset at the top (a navigation bar in the seed), drawn over the content.
  func bar(_ w: inout SVGWriter, height: Double) {
    w.start("rect"); w.frame(0, 0, width, height); w.attr("fill", "#f9f9f9"); w.attr("fill-opacity", "0.96"); w.end()
    w.start("rect"); w.frame(0, height - 0.5, width, 0.5); w.attr("fill", "#c7c7cc"); w.end()
  }
}
