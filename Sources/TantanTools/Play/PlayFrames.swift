import TantanLua

/// The pictures last sent to the pages, and what changed since: a picture is sent whole the first
/// time and after that as the lines that changed (a drag moves one card: a few of a deck's lines),
/// or whole when that is shorter. Unchanged pictures are not sent at all.
struct PlayFrames {
  private var sent: [String: [Substring]] = [:]

  /// Forget what was sent (a page opened, or the components were rebuilt).
  mutating func reset() { sent = [:] }

  /// The changes for these pictures as `{label: {svg: text}}` or `{label: {at:, remove:, insert:}}`
  /// (0-based line `at`, `remove` old lines, `insert` new ones), and labels that are gone as null.
  mutating func changes(_ pictures: [(label: String, svg: String)]) -> [(String, JSONValue)] {
    var out: [(String, JSONValue)] = []
    for (label, svg) in pictures {
      let lines = svg.split(separator: "\n", omittingEmptySubsequences: false)
      defer { sent[label] = lines }
      guard let old = sent[label] else {
        out.append((label, .object([("svg", .string(svg))])))
        continue
      }
      guard old != lines else { continue }
      var head = 0
      while head < old.count && head < lines.count && old[head] == lines[head] { head += 1 }
      var tail = 0
      while tail < old.count - head && tail < lines.count - head
        && old[old.count - 1 - tail] == lines[lines.count - 1 - tail]
      {
        tail += 1
      }
      let inserted = lines[head..<(lines.count - tail)].joined(separator: "\n")
      if inserted.utf8.count * 2 > svg.utf8.count {
        out.append((label, .object([("svg", .string(svg))])))
      } else {
        out.append(
          (
            label,
            .object([
              ("at", .int(head)), ("remove", .int(old.count - tail - head)),
              ("insert", .string(inserted)), ("lines", .int(lines.count - tail - head)),
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
}
