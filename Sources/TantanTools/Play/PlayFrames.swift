import TantanLua

/// The pictures last sent to the pages, and what changed since: a picture is sent whole the first
/// time and after that as the lines that changed (a drag moves one card: a few of a deck's lines),
/// or whole when that is shorter. Unchanged pictures are not sent at all.
///
/// The comparison works on the documents' UTF-8 bytes: the common prefix and suffix, widened to
/// whole lines (splitting a 20 KB picture into `Substring` lines every frame cost 3 ms, measured).
struct PlayFrames {
  private var sent: [String: [UInt8]] = [:]

  /// Forget what was sent (a page opened, or the components were rebuilt).
  mutating func reset() { sent = [:] }

  /// The changes for these pictures as `{label: {svg: text}}` or `{label: {at:, remove:, insert:, lines:}}`
  /// (0-based line `at`, `remove` old lines, `insert` new ones joined by newlines, `lines` of them),
  /// and labels that are gone as null. Lines are the text split at every `\n`.
  mutating func changes(_ pictures: [(label: String, svg: String)]) -> [(String, JSONValue)] {
    var out: [(String, JSONValue)] = []
    for (label, svg) in pictures {
      let new = Array(svg.utf8)
      defer { sent[label] = new }
      guard let old = sent[label] else {
        out.append((label, .object([("svg", .string(svg))])))
        continue
      }
      guard old != new else { continue }
      let c = Self.lineChange(old, new)
      if c.insert.count * 2 > new.count {
        out.append((label, .object([("svg", .string(svg))])))
      } else {
        out.append(
          (
            label,
            .object([
              ("at", .int(c.at)), ("remove", .int(c.remove)),
              ("insert", .string(String(decoding: c.insert, as: UTF8.self))), ("lines", .int(c.lines)),
            ])
          ))
      }
    }
    for label in sent.keys.sorted() where !pictures.contains(where: { $0.label == label }) {
      sent[label] = nil
      out.append((label, .null))
    }
    return out
  }

  /// One splice turning `old`'s lines into `new`'s: at line `at`, `remove` lines go and `lines`
  /// lines (the bytes `insert`, newlines between them) come in. The lines kept before and after
  /// are the common prefix and suffix of the bytes, cut back to whole lines.
  static func lineChange(_ old: [UInt8], _ new: [UInt8]) -> (
    at: Int, remove: Int, lines: Int, insert: ArraySlice<UInt8>
  ) {
    let (head, headEnd, tail, tailNewline, oldLines, newLines) = old.withUnsafeBufferPointer { o in
      new.withUnsafeBufferPointer { n in splice(o, n) }
    }
    let lines = newLines - tail - head
    var insert = new[headEnd..<headEnd]
    if lines > 0 {
      // The inserted lines end before the newline that starts the tail (or at the end).
      insert = new[headEnd..<(tail > 0 ? tailNewline + (new.count - old.count) : new.count)]
    }
    return (head, oldLines - tail - head, lines, insert)
  }

  /// The lines before the change (`head`, ending at byte `headEnd`), the lines after it (`tail`,
  /// the first newline of which is at `tailNewline` in `old`) and each text's number of lines.
  private static func splice(_ old: UnsafeBufferPointer<UInt8>, _ new: UnsafeBufferPointer<UInt8>)
    -> (head: Int, headEnd: Int, tail: Int, tailNewline: Int, oldLines: Int, newLines: Int)
  {
    let newline = UInt8(ascii: "\n")
    let shorter = min(old.count, new.count)
    var p = 0
    while p < shorter && old[p] == new[p] { p += 1 }
    var head = 0  // lines wholly in the prefix (each ended by a newline in it)
    var headEnd = 0  // where the first changed line starts
    for i in 0..<p where old[i] == newline {
      head += 1
      headEnd = i + 1
    }
    var s = 0
    while s < shorter - headEnd && old[old.count - 1 - s] == new[new.count - 1 - s] { s += 1 }
    // Lines wholly in the suffix: each starts after a newline that is itself in the suffix.
    var tail = 0
    var tailNewline = -1
    for i in (old.count - s)..<old.count where old[i] == newline {
      tail += 1
      if tailNewline < 0 { tailNewline = i }
    }
    return (head, headEnd, tail, tailNewline, count(newline, in: old) + 1, count(newline, in: new) + 1)
  }

  private static func count(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var n = 0
    for b in bytes where b == byte { n += 1 }
    return n
  }
}
