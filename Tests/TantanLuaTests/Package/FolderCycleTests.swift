import Foundation
import XCTest

/// The folders of a target use each other in one direction (architecture.md, "Layers"): a folder
/// uses another when one of its files names a type (or top-level function) declared at the top
/// level of the other's files. Comments and string literals are not read; a name the using folder
/// declares itself (nested types like `Method`) is its own.
final class FolderCycleTests: XCTestCase {
  func testTantanToolsFoldersHaveNoCycle() throws {
    XCTAssertEqual(try cycles(in: "Sources/TantanTools"), [])
  }

  func testTantanLuaFoldersHaveNoCycle() throws {
    XCTAssertEqual(try cycles(in: "Sources/TantanLua"), [])
  }

  /// The finder itself: two folders naming each other's types are a cycle; one way is not.
  func testAFolderCycleIsFound() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("folder-cycles-\(getpid())")
    defer { try? FileManager.default.removeItem(at: dir) }
    let files = [
      "A/A.swift": "struct Alpha { var b: Beta }\n",
      "B/B.swift": "struct Beta { let s = \"Alpha\" }  // Alpha\nenum Gamma {}\n",
      "C/C.swift": "let c = Gamma.self\n",
    ]
    for (path, text) in files {
      let url = dir.appendingPathComponent(path)
      try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try text.write(to: url, atomically: true, encoding: .utf8)
    }
    XCTAssertEqual(try cycles(in: dir.path), [])
    try "struct Beta { var a: Alpha? }\n"
      .write(to: dir.appendingPathComponent("B/B.swift"), atomically: true, encoding: .utf8)
    XCTAssertEqual(try cycles(in: dir.path), ["A <-> B"])
  }

  /// "X <-> Y" (X < Y) for each pair of top-level folders of `root` that use each other.
  func cycles(in root: String) throws -> Set<String> {
    let base = root.hasPrefix("/") ? URL(fileURLWithPath: root) : HostBinary.packageRoot.appendingPathComponent(root)
    let fm = FileManager.default
    var texts: [(folder: String, code: String)] = []
    let paths = try XCTUnwrap(fm.enumerator(atPath: base.path)).compactMap { $0 as? String }
      .filter { $0.hasSuffix(".swift") }
    XCTAssertFalse(paths.isEmpty, "no Swift files in \(root)")
    for path in paths where path.contains("/") {
      let text = try String(contentsOf: base.appendingPathComponent(path), encoding: .utf8)
      texts.append((String(path.split(separator: "/")[0]), text))
    }
    // A declaration at the top level (column 0), and one at any depth (types only).
    let topLevel =
      #/
      (?m) ^ (?:@\w+(?:\([^)]*\))?\s+)*
      (?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated\(unsafe\))\s+)*
      (?:class|struct|enum|protocol|actor|typealias|func) \s+ ([A-Za-z_]\w*)
    /#
    let anyLevel =
      #/
      (?m) ^ \s* (?:@\w+(?:\([^)]*\))?\s+)*
      (?:(?:public|package|internal|private|fileprivate|final|indirect)\s+)*
      (?:class|struct|enum|protocol|actor|typealias) \s+ ([A-Za-z_]\w*)
    /#
    var owners: [String: Set<String>] = [:]
    var own: [String: Set<String>] = [:]
    for (folder, text) in texts {
      for m in text.matches(of: topLevel) { owners[String(m.1), default: []].insert(folder) }
      for m in text.matches(of: anyLevel) { own[folder, default: []].insert(String(m.1)) }
    }
    let noise = /\/\/[^\n]*|"""[\s\S]*?"""|"(?:\\.|[^"\\\n])*"/
    var uses: [String: Set<String>] = [:]
    for (folder, text) in texts {
      let code = text.replacing(noise, with: " ")
      for m in code.matches(of: /[A-Za-z_]\w*/) {
        let name = String(m.output)
        guard let from = owners[name], own[folder]?.contains(name) != true else { continue }
        for other in from where other != folder { uses[folder, default: []].insert(other) }
      }
    }
    var found: Set<String> = []
    for (a, targets) in uses {
      for b in targets where a < b && uses[b]?.contains(a) == true { found.insert("\(a) <-> \(b)") }
    }
    return found
  }
}
