/// Text from view models fitted to a label's width (escaped later by `XMLEscaping`).
enum SVGLabel {
  /// One line of text for a label: whitespace runs (including newlines and tabs) become one
  /// space, other control characters are dropped, and the result is cut with an ellipsis so its
  /// estimated width at `fontSize` fits `width`. The estimate is deterministic (no font
  /// metrics): wide East Asian characters count 1 em, others about half an em.
  static func fitted(_ s: String, width: Double, fontSize: Double) -> String {
    guard width > 0, fontSize > 0 else { return "" }
    let budget = width / fontSize
    var line = ""
    var pendingSpace = false
    // Past what fits, the rest is cut anyway: a long text costs what is shown, not its length.
    var scalars = 0
    var cut = false
    let enough = Int(min(budget, 1e6)) * 4 + 16
    for u in s.unicodeScalars {
      if u.value == 0x20 || u.value == 0x09 || u.value == 0x0A || u.value == 0x0D {
        pendingSpace = !line.isEmpty
        continue
      }
      if u.value < 0x20 || u.value == 0x7F { continue }
      if pendingSpace {
        line += " "
        pendingSpace = false
      }
      line.unicodeScalars.append(u)
      scalars += 1
      if scalars > enough {
        cut = true
        break
      }
    }
    if !cut && estimatedEms(line) <= budget { return line }
    let ellipsis = 1.0
    var used = 0.0
    var kept = ""
    for c in line {
      let w = ems(c)
      if used + w + ellipsis > budget { break }
      used += w
      kept.append(c)
    }
    while kept.last == " " { kept.removeLast() }
    return kept + "\u{2026}"
  }

  static func estimatedEms(_ s: String) -> Double { s.reduce(0) { $0 + ems($1) } }

  private static func ems(_ c: Character) -> Double {
    guard let v = c.unicodeScalars.first?.value else { return 0 }
    if isWide(v) { return 1 }
    if v >= 0x41 && v <= 0x5A { return 0.66 }  // capitals
    if v == 0x20 || v == 0x2E || v == 0x2C || v == 0x69 || v == 0x6C || v == 0x27 { return 0.3 }
    return 0.56
  }

  /// Hangul Jamo, CJK, Hiragana/Katakana, Hangul syllables, full-width forms and emoji planes.
  private static func isWide(_ v: UInt32) -> Bool {
    (0x1100...0x115F).contains(v) || (0x2E80...0xA4CF).contains(v) || (0xAC00...0xD7A3).contains(v)
      || (0xF900...0xFAFF).contains(v) || (0xFE30...0xFE4F).contains(v) || (0xFF00...0xFF60).contains(v)
      || (0xFFE0...0xFFE6).contains(v) || (0x1F300...0x1FAFF).contains(v) || (0x20000...0x3FFFD).contains(v)
  }
}
