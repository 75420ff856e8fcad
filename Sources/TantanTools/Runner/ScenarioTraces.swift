import TantanLua

/// `tantan-host test --trace on|off|retain-on-failure`: one HTML trace per scenario attempt in
/// `--trace-dir` (default `tantan-traces/`), named from the scenario's file, line and name so
/// names are stable from run to run; `retain-on-failure` writes only failed attempts. Traces a
/// previous run left in the folder (files carrying the viewer's generator tag) are removed first,
/// so the folder holds exactly this run's traces; a `--shard` removes only its own scenarios'
/// traces, so shards run one after another into one folder keep each other's.
enum ScenarioTraces {
  typealias Mode = SharedOptions.TraceMode

  /// Prepares the folder; nil, or why it cannot be used. With `only`, stale traces of other
  /// scenarios stay.
  static func prepare(_ dir: String, only names: [Int: String]? = nil) -> String? {
    guard FileSystem.makeDirectories(dir) else { return "cannot create the trace folder \(dir)" }
    let own = names.map { Set($0.values) }
    for name in FileSystem.list(dir) where name.hasSuffix(".html") {
      if let own, !own.contains(scenarioName(ofFile: name)) { continue }
      let path = FileSystem.join(dir, name)
      // The tag is in the head: read 512 bytes, not a trace of megabytes.
      if let head = FileSystem.read(path, limit: 512), head.contains(TraceViewer.generator) {
        _ = FileSystem.remove(path)
      }
    }
    return nil
  }

  /// The scenario part of a trace file name: without `.html` and an attempt's `-retryN`.
  static func scenarioName(ofFile file: String) -> String {
    var name = file.hasSuffix(".html") ? String(file.dropLast(5)) : file
    if let dash = name.lastIndex(of: "-") {
      let tail = name[name.index(after: dash)...]
      if tail.hasPrefix("retry"), tail.count > 5, tail.dropFirst(5).allSatisfy(\.isNumber) {
        name = String(name[..<dash])
      }
    }
    return name
  }

  /// A file name (without `.html`) per suite index: `deck_spec-L12-swipes-right`, made unique
  /// in suite order (`-2`, `-3`) and marked for `--repeat-each` copies.
  static func names(_ items: [(Int, RunItem)]) -> [Int: String] {
    var used: [String: Int] = [:]
    var names: [Int: String] = [:]
    for (index, item) in items where item.loadFailure == nil {
      let s = item.scenario
      var base = FileSystem.baseName(s.file)
      if base.hasSuffix(".lua") { base.removeLast(4) }
      var name = "\(slug(base))-L\(s.line)-\(slug(s.name))"
      if item.repeatIndex > 0 { name += "-repeat\(item.repeatIndex)" }
      let n = used[name, default: 0] + 1
      used[name] = n
      names[index] = n == 1 ? name : "\(name)-\(n)"
    }
    return names
  }

  /// Lowercase ASCII letters, digits, `_` and `-`; anything else becomes one `-`; at most 48.
  static func slug(_ s: String) -> String {
    var out = ""
    for u in s.unicodeScalars {
      let c = Character(u)
      if u.isASCII && (c.isLetter || c.isNumber || c == "_") {
        out.append(Character(String(c).lowercased()))
      } else if !out.isEmpty && !out.hasSuffix("-") {
        out.append("-")
      }
      if out.count >= 48 { break }
    }
    while out.hasSuffix("-") { out.removeLast() }
    return out.isEmpty ? "scenario" : out
  }

  /// Whether an attempt that ended with `status` keeps its trace.
  static func keeps(_ mode: Mode, _ status: Status) -> Bool {
    switch mode {
    case .off: return false
    case .on: return true
    case .retainOnFailure: return status == .failed || status == .error
    }
  }

  /// The JUnit `system-out` lines that attach traces (Jenkins' JUnit Attachments plugin, GitLab
  /// unit test reports): one `[[ATTACHMENT|path]]` per line, paths relative to the working folder.
  static func attachments(_ paths: [String]) -> String {
    paths.map { "[[ATTACHMENT|\($0)]]\n" }.joined()
  }
}

extension ScenarioSession {
  /// Starts recording this session's state (before the file and the scenario run).
  func startTrace(title: String) {
    let recorder = TraceRecorder(host: host, title: title)
    host.observer = recorder
    TraceInstaller.install(host, recorder)
  }

  /// The trace as HTML with the outcome as its last step; nil when the session was not traced.
  func traceHTML(status: Status, failure: Failure?, meta: [(String, String)]) -> String? {
    guard let recorder = host.observer as? TraceRecorder else { return nil }
    let lua = state.lua
    if let f = failure {
      let source = f.file.map { "@" + $0 }
      recorder.finish(
        lua, kind: .error, title: JUnitReporter.firstLine(f.headline), error: JUnitReporter.body(f), source: source,
        line: f.line)
    } else {
      recorder.finish(lua, kind: .end, title: "scenario \(status.rawValue)", error: nil, source: nil, line: nil)
    }
    return TraceDocument(status: status.rawValue, meta: meta).html(recorder)
  }
}
