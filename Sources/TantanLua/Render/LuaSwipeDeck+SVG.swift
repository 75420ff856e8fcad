import HeadlessUI
import LuaRuntime

/// The deck as a picture: the container, then every visible card from the bottom of the stack
/// up, each with its frame, rotation, scale and alpha as sampled at `tantan.clock.now` (so a
/// card mid-drag or mid-flight is drawn where it is), its view model's title and colour, and on
/// the top card the LIKE/NOPE stamp from `deck.overlay` (while dragged, flying off, snapping back or
/// coming back by undo), its opacity the overlay's progress.
///
/// The picture is the container (a rounded grey area) with a margin of `DeckPainter.margin` on
/// every side. Defaults: a card without a title is "Card N" (its 1-based item index); without a colour it
/// takes a palette colour by item index. The empty deck shows `source.empty`'s title or
/// "No more cards" in a dashed outline.
extension LuaSwipeDeck: SVGDrawable {
  func svgDocument() throws -> String {
    guard let m = current else {
      return try SVGPieces.placeholder(
        width: config.width, height: config.height, text: "tantan.SwipeDeck (constructing)")
    }
    let cards = m.cards
    var title = "tantan.SwipeDeck: \(m.state.rawValue)"
    if let top = cards.first { title += ", top item \(top.index + 1) of \(m.count)" }
    let margin = DeckPainter.margin
    var w = SVGWriter(width: config.width, height: config.height, title: title, margin: margin, meter: svgMeter())
    w.start("rect"); w.frame(-margin, -margin, config.width + 2 * margin, config.height + 2 * margin)
    w.attr("fill", "#f7f7fa"); w.end()
    w.start("rect"); w.frame(0, 0, config.width, config.height); w.attr("rx", 6); w.attr("fill", "#e9ebf0"); w.end()
    if cards.isEmpty {
      let frame = m.restFrame(atDepth: 0) ?? Rect(x: 0, y: 0, w: config.width, h: config.height)
      let label = m.emptyModel.map { ViewModelLabel.read($0, host.lua) }
      DeckPainter.empty(&w, frame: frame, text: label?.title ?? "No more cards")
    }
    let indication = m.overlay
    for card in cards.reversed() {
      let label = ViewModelLabel.read(card.model, host.lua)
      var stamp: DeckPainter.Stamp?
      if card.depth == 0, let d = indication, d.progress > 0 {
        stamp = DeckPainter.Stamp(direction: d.direction, like: config.like, opacity: d.progress)
      }
      DeckPainter.card(&w, card, label: label, stamp: stamp)
    }
    return try w.finish()
  }
}

/// Drawing of one card, the stamp and the empty state (shared by nothing else, kept apart so the
/// conformance reads as the list of what is drawn).
enum DeckPainter {
  /// Room around the container, so the stacking offsets and a tilted card stay in the picture.
  static let margin = 32.0

  /// The LIKE/NOPE overlay: which word, where and how opaque.
  struct Stamp {
    var word: String
    var color: String
    /// -1: top left, tilted left (LIKE); 1: top right (NOPE); 0: bottom centre (other directions).
    var side: Double
    var opacity: Double

    init(direction: SwipeDirection, like: SwipeDirection, opacity: Double) {
      self.opacity = opacity
      switch direction {
      case like: (word, color, side) = ("LIKE", "#1fbf6a", -1)
      case like.opposite: (word, color, side) = ("NOPE", "#ff4458", 1)
      default: (word, color, side) = (direction.rawValue.uppercased(), "#2f8cff", 0)
      }
    }
  }

  static func card(_ w: inout SVGWriter, _ card: SwipeCard<LuaRef>, label: ViewModelLabel, stamp: Stamp?) {
    let cw = card.frame.w
    let ch = card.frame.h
    let x = -cw / 2
    let y = -ch / 2
    let radius = min(max(min(cw, ch) * 0.05, 4), 16)
    let color = label.color ?? RGBColor.palette(card.index)
    w.start("g")
    w.transform(
      translateX: card.center.x, y: card.center.y, rotateDegrees: card.rotation * 180 / .pi, scale: card.scale)
    if !SVGNumber.isOne(card.alpha, decimals: 3) { w.attr("opacity", card.alpha, decimals: 3) }
    w.open()
    w.start("rect"); w.frame(x, y + 3, cw, ch); w.attr("rx", radius); w.attr("fill", "#000");
    w.attr("fill-opacity", "0.12"); w.end()
    w.start("rect"); w.frame(x, y, cw, ch); w.attr("rx", radius); w.attr("fill", color.hex)
    w.attr("stroke", "#fff"); w.attr("stroke-width", "2"); w.end()
    let band = min(max(ch * 0.2, 36), 110)
    let titleSize = min(max(cw * 0.075, 12), 28)
    let pad = max(8, cw * 0.05)
    w.start("path"); w.attr("d", SVGPath.bottomRounded(x: x, y: y + ch - band, w: cw, h: band, r: radius))
    w.attr("fill", "#000"); w.attr("fill-opacity", "0.3"); w.end()
    let title = SVGLabel.fitted(label.title ?? "Card \(card.index + 1)", width: cw - 2 * pad, fontSize: titleSize)
    let subtitleSize = titleSize * 0.6
    let subtitle = SVGLabel.fitted(
      label.subtitle ?? "item \(card.index + 1)", width: cw - 2 * pad, fontSize: subtitleSize)
    let base = y + ch - band / 2
    w.textElement(title) { w in
      w.attr("x", x + pad); w.attr("y", base + titleSize * 0.1); w.attr("font-size", titleSize)
      w.attr("font-weight", "bold"); w.attr("fill", "#fff")
    }
    w.textElement(subtitle) { w in
      w.attr("x", x + pad); w.attr("y", base + titleSize * 0.1 + subtitleSize * 1.4); w.attr("font-size", subtitleSize)
      w.attr("fill", "#fff"); w.attr("fill-opacity", "0.85")
    }
    if let stamp { self.stamp(&w, stamp, cardWidth: cw, cardHeight: ch) }
    w.closeGroup()
  }

  /// A stamp with a rounded border, tilted like a rubber stamp, in card coordinates.
  static func stamp(_ w: inout SVGWriter, _ s: Stamp, cardWidth cw: Double, cardHeight ch: Double) {
    let size = min(max(cw * 0.11, 14), 44)
    let boxW = SVGLabel.estimatedEms(s.word) * size + size * 0.8
    let boxH = size * 1.4
    let cx = s.side * (cw / 2 - boxW / 2 - cw * 0.08)
    let cy = s.side == 0 ? ch * 0.1 : -ch / 2 + ch * 0.08 + boxH / 2
    w.start("g")
    w.transform(translateX: cx, y: cy, rotateDegrees: s.side * 15)
    w.attr("opacity", s.opacity, decimals: 3)
    w.open()
    w.start("rect"); w.frame(-boxW / 2, -boxH / 2, boxW, boxH); w.attr("rx", size * 0.2)
    w.attr("fill", "#fff"); w.attr("fill-opacity", "0.15"); w.attr("stroke", s.color);
    w.attr("stroke-width", size * 0.12); w.end()
    w.textElement(s.word) { w in
      w.attr("y", size * 0.36); w.attr("font-size", size); w.attr("font-weight", "bold");
      w.attr("text-anchor", "middle")
      w.attr("fill", s.color); w.attr("letter-spacing", size * 0.05)
    }
    w.closeGroup()
  }

  static func empty(_ w: inout SVGWriter, frame f: Rect, text: String) {
    w.start("rect"); w.frame(f.x + 8, f.y + 8, f.w - 16, f.h - 16); w.attr("rx", 12); w.attr("fill", "none")
    w.attr("stroke", "#a0a6b4"); w.attr("stroke-width", "2"); w.attr("stroke-dasharray", "8 6"); w.end()
    let size = min(max(f.w * 0.06, 12), 22)
    w.textElement(SVGLabel.fitted(text, width: f.w - 40, fontSize: size)) { w in
      w.attr("x", f.midX); w.attr("y", f.midY + size * 0.35); w.attr("font-size", size)
      w.attr("text-anchor", "middle"); w.attr("fill", "#6b7280")
    }
  }
}
