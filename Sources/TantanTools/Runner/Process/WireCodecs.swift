import TantanLua

/// The runner's values on the wire (see `Wire.swift`): each type writes its fields in one order
/// and reads them back in the same order.
extension WireWriter {
  mutating func put(_ s: ScenarioInfo) {
    put(s.file)
    put(s.ordinal)
    put(s.name)
    put(s.line)
    put(s.first)
    put(s.last)
    put(s.describes.count)
    for d in s.describes {
      put(d.name)
      put(d.line)
      put(d.last)
    }
    put(s.tags)
    put(s.pendingReason)
  }

  mutating func put(_ f: Failure?) {
    put(f != nil)
    guard let f else { return }
    put(f.kind.rawValue)
    put(f.message)
    put(f.file)
    put(f.line)
    put(f.wanted)
    put(f.found)
    put(f.traceback)
  }

  mutating func put(_ n: PluginNote) {
    put(n.key)
    put(n.message)
    put(n.scenario)
    put(n.hook != nil)
    if let h = n.hook {
      put(h.plugin)
      put(h.hook.rawValue)
      put(h.location)
      put(h.message)
    }
  }

  /// A finished item, as a worker reports it: the JSON report's own encoding of a result (one
  /// codec for the wire and the report), its values sent as fields rather than as JSON text.
  mutating func put(_ r: ScenarioResult) {
    put(JSONReporter.encode(r))
  }

  /// A JSON value as fields: a tag (`n`ull, `t`rue, `f`alse, `i`nt, `d`ecimal, `s`tring, `a`rray,
  /// `o`bject), then its contents (a count first for arrays and objects).
  mutating func put(_ v: JSONValue) {
    switch v {
    case .null: put("n")
    case .bool(let b): put(b ? "t" : "f")
    case .int(let i):
      put("i")
      put(i)
    case .decimal(let d):
      put("d")
      put(d)
    case .string(let text):
      put("s")
      put(text)
    case .array(let items):
      put("a")
      put(items.count)
      for item in items { put(item) }
    case .object(let pairs):
      put("o")
      put(pairs.count)
      for (k, item) in pairs {
        put(k)
        put(item)
      }
    }
  }

  mutating func put(_ a: SnapshotActions) {
    put(a.written)
    put(a.updated)
    put(a.failed)
  }

  /// One attempt's outcome, as a scenario's child process reports it.
  mutating func put(_ o: AttemptOutcome) {
    put(o.status.rawValue)
    put(o.failure)
    put(o.reason)
    put(o.output)
    put(o.snapshotsUsed)
    put(o.snapshotActions)
    put(o.artifacts)
    put(o.trace)
    put(o.notes.count)
    for n in o.notes { put(n) }
    put(o.assertions)
    put(o.pendingTimers)
    put(o.coverage)
  }
}

extension WireReader {
  mutating func scenario() throws(WireError) -> ScenarioInfo {
    let file = try string()
    let ordinal = try int()
    let name = try string()
    let line = try int()
    let first = try int()
    let last = try int()
    var describes: [DescribeInfo] = []
    for _ in 0..<max(try int(), 0) {
      describes.append(DescribeInfo(name: try string(), line: try int(), last: try int()))
    }
    return ScenarioInfo(
      file: file, ordinal: ordinal, name: name, line: line, first: first, last: last, describes: describes,
      tags: try strings(), pendingReason: try optionalString())
  }

  mutating func failure() throws(WireError) -> Failure? {
    guard try bool() else { return nil }
    guard let kind = Failure.Kind(rawValue: try string()) else { throw WireError(description: "bad failure kind") }
    return Failure(
      kind: kind, message: try string(), file: try optionalString(), line: try optionalInt(),
      wanted: try optionalString(), found: try optionalString(), traceback: try optionalString())
  }

  mutating func note() throws(WireError) -> PluginNote {
    let key = try string()
    let message = try string()
    let scenario = try string()
    var hook: HookFailure?
    if try bool() {
      let plugin = try string()
      guard let kind = PluginRegistry.Hook(rawValue: try string()) else { throw WireError(description: "bad hook") }
      hook = HookFailure(plugin: plugin, hook: kind, location: try string(), message: try string())
    }
    return PluginNote(key: key, message: message, scenario: scenario, hook: hook)
  }

  /// Reads what `put(_: ScenarioResult)` wrote into `r` (the coordinator keeps its own scenario
  /// and index).
  mutating func result(into r: inout ScenarioResult) throws(WireError) {
    let value = try json(depth: 0)
    do {
      let decoded = try JSONReporter.decodeResult(value)
      let (scenario, index) = (r.scenario, r.index)
      r = decoded
      (r.scenario, r.index) = (scenario, index)
    } catch {
      throw WireError(description: "bad result: \(error)")
    }
  }

  /// Reads what `put(_: JSONValue)` wrote (at most 64 levels deep).
  mutating func json(depth: Int) throws(WireError) -> JSONValue {
    guard depth < 64 else { throw WireError(description: "JSON value nested too deep") }
    switch try string() {
    case "n": return .null
    case "t": return .bool(true)
    case "f": return .bool(false)
    case "i": return .int(try int())
    case "d": return .decimal(try string())
    case "s": return .string(try string())
    case "a":
      var items: [JSONValue] = []
      for _ in 0..<max(try int(), 0) { items.append(try json(depth: depth + 1)) }
      return .array(items)
    case "o":
      var pairs: [(String, JSONValue)] = []
      for _ in 0..<max(try int(), 0) { pairs.append((try string(), try json(depth: depth + 1))) }
      return .object(pairs)
    case let tag: throw WireError(description: "bad JSON tag '\(tag)'")
    }
  }

  mutating func snapshotActions() throws(WireError) -> SnapshotActions {
    SnapshotActions(written: try strings(), updated: try strings(), failed: try strings())
  }

  mutating func outcome() throws(WireError) -> AttemptOutcome {
    guard let status = Status(rawValue: try string()) else { throw WireError(description: "bad status") }
    var o = AttemptOutcome(status: status)
    o.failure = try failure()
    o.reason = try optionalString()
    o.output = try string()
    o.snapshotsUsed = try strings()
    o.snapshotActions = try snapshotActions()
    o.artifacts = try strings()
    o.trace = try optionalString()
    for _ in 0..<max(try int(), 0) { o.notes.append(try note()) }
    o.assertions = try optionalInt()
    o.pendingTimers = try strings()
    o.coverage = try lineCoverage()
    return o
  }
}
