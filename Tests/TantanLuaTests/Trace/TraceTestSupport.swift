import Foundation
import XCTest

/// A trace file as the tests read it: the HTML text and the trace JSON inside it.
struct TraceFile {
  let html: String
  let data: [String: Any]

  init(path: String) throws {
    html = try String(contentsOfFile: path, encoding: .utf8)
    let open = #"<script type="application/json" id="trace-data">"#
    guard let start = html.range(of: open),
      let end = html.range(of: "</script>", range: start.upperBound..<html.endIndex)
    else {
      throw NSError(domain: "TraceFile", code: 1, userInfo: [NSLocalizedDescriptionKey: "no trace data in \(path)"])
    }
    let json = String(html[start.upperBound..<end.lowerBound])
    data = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any] ?? [:]
  }

  var steps: [[String: Any]] { data["steps"] as? [[String: Any]] ?? [] }
  var titles: [String] { steps.map { $0["title"] as? String ?? "" } }
  var frames: [String] { data["frames"] as? [String] ?? [] }
  var status: String { data["status"] as? String ?? "" }

  /// `[tag, text]` pairs of a step's events, as "tag text".
  func events(_ step: [String: Any]) -> [String] {
    (step["events"] as? [[String]] ?? []).map { $0.joined(separator: " ") }
  }

  /// The frame ids shown at a step (one per live component).
  func frameIDs(_ step: [String: Any]) -> [Int] {
    (step["shots"] as? [[Any]] ?? []).compactMap { $0[1] as? Int }
  }

  func source(_ file: String, line: Int) -> String? {
    ((data["sources"] as? [String: Any])?[file] as? [String: String])?[String(line)]
  }
}

/// A scratch folder with a script, and `tantan-host` run in it.
final class TraceScratch {
  let url: URL

  init() throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("tantan-trace-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func path(_ name: String) -> String { url.appendingPathComponent(name).path }

  func write(_ name: String, _ text: String) throws {
    let file = url.appendingPathComponent(name)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  func run(_ args: [String]) throws -> HostBinary.Result { try HostBinary.run(args, cwd: url) }
}

/// A deck script with a hostile view-model title and a hostile line, a delegate calling back,
/// a caught argument error and a flight stepped on the clock.
let traceSwipeScript = #"""
  local deck = tantan.deck{ source = { {title = "Ann"}, {title = "</script><script>alert(1)</script>"}, {title = "Cy"} },
    delegate = { did_swipe = function(d, i, dir) if i == 2 then d:undo() end end } }
  deck:pan(150, 10, {steps = 3}) -- </script><!-- and U+2028: [\#u{2028}]
  for _ = 1, 3 do tantan.clock:advance(0.05) end
  tantan.clock:settle()
  deck:swipe("left")
  local events = deck:events()
  tantan.clock:settle()
  print(#events, pcall(deck.swipe, deck, "sideways"))
  print(deck.index)

  """#
