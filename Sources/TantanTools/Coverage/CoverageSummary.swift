extension CoverageWriters {
  /// The table: per file its executable lines, those hit, the percentage and the missed lines as
  /// ranges (`4-5, 9`), then the total.
  static func summary(_ r: CoverageReport) -> String {
    var rows = [["File", "Lines", "Hit", "Percent", "Missed"]]
    for f in r.files {
      rows.append([f.path, String(f.lines.count), String(f.hitCount), percent(f.rate), ranges(f.missed, of: f.lines)])
    }
    rows.append(["Total", String(r.lineCount), String(r.hitCount), percent(r.rate), ""])
    var widths = [Int](repeating: 0, count: 5)
    for row in rows { for (i, c) in row.enumerated() { widths[i] = max(widths[i], c.count) } }
    var s = "coverage: \(r.hitCount) of \(r.lineCount) lines (\(percent(r.rate)))\n"
    for row in rows {
      var line = pad(row[0], widths[0])
      for i in 1...3 { line += "  " + String(repeating: " ", count: widths[i] - row[i].count) + row[i] }
      if !row[4].isEmpty { line += "  " + row[4] }
      s += line + "\n"
    }
    for p in r.problems { s += "not reported: \(p)\n" }
    return s
  }

  /// Missed lines as ranges of consecutive executable lines: `3-5` when 3, 4 and 5 are the
  /// executable lines from 3 to 5 (lines between them that hold no code do not break a range).
  static func ranges(_ missed: [Int], of lines: [Int]) -> String {
    let missedSet = Set(missed)
    var out: [String] = []
    var start: Int?
    var last = 0
    for line in lines {
      if missedSet.contains(line) {
        if start == nil { start = line }
        last = line
      } else if let s = start {
        out.append(s == last ? "\(s)" : "\(s)-\(last)")
        start = nil
      }
    }
    if let s = start { out.append(s == last ? "\(s)" : "\(s)-\(last)") }
    return out.joined(separator: ", ")
  }

  static func percent(_ r: Double) -> String {
    let tenths = Int((r * 1000).rounded())
    return "\(tenths / 10).\(tenths % 10)%"
  }

  private static func pad(_ s: String, _ n: Int) -> String { s + String(repeating: " ", count: max(0, n - s.count)) }
}
