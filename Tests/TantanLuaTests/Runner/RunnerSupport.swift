import Foundation
import XCTest

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// A temporary folder of scenario files, and `tantan-host test` run inside it through the binary.
final class SuiteDir {
  let url: URL

  init(_ files: [String: String] = [:]) throws {
    url = FileManager.default.temporaryDirectory.appendingPathComponent("tantan-suite-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    for (path, text) in files { try write(path, text) }
  }

  deinit { try? FileManager.default.removeItem(at: url) }

  func write(_ path: String, _ text: String) throws {
    let file = url.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: file, atomically: true, encoding: .utf8)
  }

  func read(_ path: String) -> String? { try? String(contentsOf: url.appendingPathComponent(path), encoding: .utf8) }
  func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: url.appendingPathComponent(path).path) }
  func remove(_ path: String) { try? FileManager.default.removeItem(at: url.appendingPathComponent(path)) }

  /// `tantan-host test ARGS` in this folder; CI is off unless `env` says otherwise.
  func test(_ args: [String], env: [String: String] = [:], stdin: String? = nil, timeout: TimeInterval = 60) throws
    -> HostBinary.Result
  {
    var e = ["CI": "false"]
    for (k, v) in env { e[k] = v }
    return try HostBinary.run(["test"] + args, stdin: stdin, env: e, cwd: url, timeout: timeout)
  }

  /// Runs one spec file (spec/s_spec.lua in a fresh folder) and returns its JSON report's scenarios.
  static func scenarios(
    _ spec: String, _ args: [String] = [], status: Int32? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws -> [[String: Any]] {
    let dir = try SuiteDir(["spec/s_spec.lua": spec])
    let r = try dir.test(args + ["--reporter", "json"], stdin: "input the runner must not pass on\n")
    if let status { XCTAssertEqual(r.status, status, r.stdout + r.stderr, file: file, line: line) }
    return try json(r.stdout)["scenarios"] as! [[String: Any]]
  }

  func run(_ args: [String], env: [String: String] = [:]) throws -> HostBinary.Result {
    var e = ["CI": "false"]
    for (k, v) in env { e[k] = v }
    return try HostBinary.run(args, env: e, cwd: url)
  }
}

/// A small TAP 14 parser: version, plan, test points with directives, YAML diagnostic blocks.
struct TAPDocument {
  struct Point {
    var ok: Bool
    var number: Int
    var description: String
    var directive: String?
    var yaml: [String: Any] = [:]
  }
  var version: Int?
  var plan: Int?
  var points: [Point] = []
  var comments: [String] = []

  struct ParseError: Error, CustomStringConvertible { let description: String }

  static func parse(_ text: String) throws -> TAPDocument {
    var doc = TAPDocument()
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    var i = 0
    let point = try NSRegularExpression(pattern: #"^(not )?ok (\d+)(?: - (.*?))?(?: # (SKIP|TODO)\b ?(.*))?$"#)
    while i < lines.count {
      let line = lines[i]
      defer { i += 1 }
      if line.isEmpty { continue }
      if line.hasPrefix("TAP version ") {
        doc.version = Int(line.dropFirst(12))
        continue
      }
      if line.hasPrefix("1..") {
        doc.plan = Int(line.dropFirst(3))
        continue
      }
      if line.hasPrefix("#") {
        doc.comments.append(line)
        continue
      }
      if line == "  ---" {
        guard !doc.points.isEmpty else { throw ParseError(description: "YAML block before any test point") }
        var yaml: [String: Any] = [:]
        var nested: String?
        i += 1
        while i < lines.count, lines[i] != "  ..." {
          let l = lines[i]
          guard l.hasPrefix("  ") else { throw ParseError(description: "YAML line not indented: \(l)") }
          let deeper = l.hasPrefix("    ")
          let body = l.trimmingCharacters(in: .whitespaces)
          if deeper, let n = nested, body.hasPrefix("- ") {  // a block sequence item
            var items = yaml[n] as? [Any] ?? []
            items.append(try yamlScalar(String(body.dropFirst(2))))
            yaml[n] = items
            i += 1
            continue
          }
          guard let colon = body.firstIndex(of: ":") else { throw ParseError(description: "bad YAML line: \(l)") }
          let key = String(body[..<colon])
          let raw = body[body.index(after: colon)...].trimmingCharacters(in: .whitespaces)
          let value: Any = raw.isEmpty ? [String: Any]() : try yamlScalar(raw)
          if deeper, let n = nested {
            var m = yaml[n] as? [String: Any] ?? [:]
            m[key] = value
            yaml[n] = m
          } else {
            yaml[key] = value
            nested = raw.isEmpty ? key : nil
          }
          i += 1
        }
        guard i < lines.count else { throw ParseError(description: "unterminated YAML block") }
        doc.points[doc.points.count - 1].yaml = yaml
        continue
      }
      let ns = line as NSString
      guard let m = point.firstMatch(in: line, range: NSRange(location: 0, length: ns.length)) else {
        throw ParseError(description: "not a TAP line: \(line)")
      }
      func group(_ k: Int) -> String? {
        m.range(at: k).location == NSNotFound ? nil : ns.substring(with: m.range(at: k))
      }
      doc.points.append(
        Point(ok: group(1) == nil, number: Int(group(2)!)!, description: group(3) ?? "", directive: group(4)))
    }
    return doc
  }

  /// Double-quoted scalars are JSON strings here; integers and plain words otherwise.
  static func yamlScalar(_ raw: String) throws -> Any {
    if raw.hasPrefix("\"") {
      return try JSONSerialization.jsonObject(with: Data(raw.utf8), options: [.fragmentsAllowed])
    }
    if let n = Int(raw) { return n }
    return raw
  }
}

/// A JUnit document read back with Foundation's XMLParser (which rejects malformed XML).
final class JUnitDocument: NSObject, XMLParserDelegate {
  final class Element {
    let name: String
    let attributes: [String: String]
    var children: [Element] = []
    var text = ""
    init(_ name: String, _ attributes: [String: String]) {
      self.name = name
      self.attributes = attributes
    }
    func all(_ n: String) -> [Element] { children.filter { $0.name == n } }
    func first(_ n: String) -> Element? { children.first { $0.name == n } }
  }

  private var stack: [Element] = []
  var root: Element?
  var error: Error?

  static func parse(_ text: String) throws -> Element {
    let doc = JUnitDocument()
    let parser = XMLParser(data: Data(text.utf8))
    parser.delegate = doc
    guard parser.parse(), let root = doc.root else {
      throw parser.parserError ?? doc.error ?? NSError(domain: "JUnit", code: 1)
    }
    return root
  }

  func parser(
    _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    let e = Element(name, attributes)
    stack.last?.children.append(e)
    stack.append(e)
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) { stack.last?.text += string }

  func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
    let e = stack.removeLast()
    if stack.isEmpty { root = e }
  }

  func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { error = parseError }
}

extension JUnitDocument.Element {
  var testcases: [JUnitDocument.Element] { all("testsuite").flatMap { $0.all("testcase") } }
}

func json(_ text: String) throws -> [String: Any] {
  guard let o = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] else {
    throw NSError(domain: "json", code: 1)
  }
  return o
}

/// A suite with one scenario of each outcome, for reporter and exit-status tests.
enum Fixtures {
  static let mixed = #"""
    describe("outcomes", function()
      it("passes #quick", function() assert.equal(2, 1 + 1) end)
      it("fails on an assertion", function()
        print("printed by the scenario \27[31m <&> \1")
        assert.are.same({ 1, 2 }, { 1, 3 })
      end)
      it("raises a Lua error", function()
        local t = nil
        return t.field
      end)
      pending("is pending")
      it("passes #quick", function() end)
    end)
    it("runs at the top level", function() end)
    """#

  /// Fails on the first attempt, passes on the second (the count lives in a file: states are fresh).
  static let flaky = #"""
    it("is flaky", function()
      local f = io.open("flaky.count", "r")
      local n = f and tonumber(f:read("a")) or 0
      if f then f:close() end
      f = io.open("flaky.count", "w") f:write(tostring(n + 1)) f:close()
      assert.equal(2, n + 1)
    end)
    """#

  /// `count` scenarios spread over `files` files.
  static func generated(files: Int, perFile: Int) -> [String: String] {
    var out: [String: String] = [:]
    for f in 0..<files {
      var s = "describe(\"file \(f)\", function()\n"
      for i in 0..<perFile {
        let tag = i % 3 == 0 ? " #slow" : ""
        s += "  it(\"scenario \(i)\(tag)\", function()\n"
        s += "    local t = {} for k = 1, 50 do t[k] = k * \(i + 1) end\n"
        s += "    tantan.after(0.1, function() t.fired = true end) tantan.clock:advance(1)\n"
        s += "    assert.is_true(t.fired) assert.equal(\(50 * (i + 1)), t[50])\n  end)\n"
      }
      out[String(format: "spec/gen_%03d_spec.lua", f)] = s + "end)\n"
    }
    return out
  }
}
