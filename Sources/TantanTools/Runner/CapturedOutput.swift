/// What one scenario prints, kept up to `limit` bytes so a scenario printing 600 MB makes neither a
/// 600 MB report nor a 600 MB string: past the limit the text is cut at a character boundary and
/// a marker line says how many bytes were left out.
struct CapturedOutput {
  static let limit = 1 << 20
  private var kept = ""
  private var keptBytes = 0
  private(set) var dropped = 0

  mutating func append(_ s: String) {
    let n = s.utf8.count
    if dropped > 0 {
      dropped += n
      return
    }
    if keptBytes + n <= Self.limit {
      kept += s
      keptBytes += n
      return
    }
    var used = 0
    var end = s.unicodeScalars.startIndex
    for scalar in s.unicodeScalars {
      let width = UTF8.width(scalar)
      if keptBytes + used + width > Self.limit { break }
      used += width
      end = s.unicodeScalars.index(after: end)
    }
    kept += String(s.unicodeScalars[..<end])
    keptBytes += used
    dropped = n - used
  }

  /// Counts `n` bytes left out (read past the limit elsewhere).
  mutating func skip(_ n: Int) { dropped += n }

  var text: String {
    dropped == 0
      ? kept
      : kept + "\n[tantan-host: output cut here, \(dropped) more bytes not kept (at most \(Self.limit) per scenario)]\n"
  }
}
