import LuaRuntime
import TantanLua

/// What the session sends the pages after each turn of its loop, as JSON text frames: `hello`
/// (the components, their buttons and controls), `frame` (the pictures that changed), `events`,
/// `error`, `status`, and the replies `config`, `scenario` and `refused`.
extension PlaySession {
  func flush() {
    guard sockets > 0 else {
      outbox = []
      return
    }
    var messages: [JSONValue] = []
    if helloNeeded {
      helloNeeded = false
      frames.reset()
      messages.append(hello())
    }
    if statusNeeded {
      statusNeeded = false
      messages.append(status())
    }
    if !failureSent {
      failureSent = true
      messages.append(.object([("type", .string("error")), ("error", failure.map(describe) ?? .null)]))
    }
    let changes = frames.changes(build?.pictures() ?? [])
    let now = FileSystem.now()
    if !changes.isEmpty || now - timeSent >= 0.1 {  // the page's clock moves even when nothing else does
      timeSent = now
      messages.append(
        .object([("type", .string("frame")), ("time", time), ("pictures", .object(changes))]))
    }
    if !pendingEvents.isEmpty || droppedEvents > 0 {
      messages.append(
        .object([("type", .string("events")), ("items", .array(pendingEvents)), ("dropped", .int(droppedEvents))]))
      pendingEvents = []
      droppedEvents = 0
    }
    messages += outbox
    outbox = []
    for m in messages { server?.send(m.compact()) }
  }

  var time: JSONValue { PlayArg.number(build?.host?.clock.now ?? 0).json }

  func status() -> JSONValue {
    .object([
      ("type", .string("status")), ("paused", .bool(pacing.paused)), ("speed", PlayArg.number(pacing.speed).json),
      ("recording", .bool(recorder != nil)), ("time", time),
    ])
  }

  func hello() -> JSONValue {
    let components: [JSONValue] = (build?.components ?? []).map { c in
      let adapter = type(of: c.adapter)
      let controls = PlayControls.controls(adapter.configRows).map { control in
        let set = overrides.value(c.label, control.key)
        let value = set.map(Self.luaValue) ?? live(c, control.key)
        return PlayControls.json(
          control, value: value == .nil ? PlayControls.parsedDefault(control) : value, set: set != nil,
          ranges: adapter.ranges)
      }
      return .object([
        ("label", .string(c.label)), ("kind", .string(adapter.kind)),
        (
          "buttons",
          .array(adapter.buttons.map { .object([("name", .string($0.name)), ("title", .string($0.title))]) })
        ),
        ("controls", .array(controls)),
      ])
    }
    return .object([
      ("type", .string("hello")), ("script", .string(script.path)), ("seed", .int(script.seed)),
      ("components", .array(components)),
    ])
  }

  /// What the component reads back for a config key (`deck.threshold`, `deck.durations.swipe`);
  /// nil where it has no such field.
  private func live(_ c: PlayComponent, _ key: String) -> LuaValue {
    guard let build else { return .nil }
    let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
    guard let value = try? build.invoke(c.ref, parts[0], [], call: false) else { return .nil }
    return parts.count == 2 ? value.member(parts[1]) : value
  }

  static func luaValue(_ a: PlayArg) -> LuaValue {
    switch a {
    case .number(let d): return .number(d)
    case .integer(let i): return .integer(i)
    case .bool(let b): return .bool(b)
    case .string(let s): return .string(s)
    }
  }

  /// An error for the page: message, traceback, and the lines around its `file:line`.
  func describe(_ f: PlayFailure) -> JSONValue {
    var pairs: [(String, JSONValue)] = [("message", .string(f.message)), ("traceback", .optional(f.traceback))]
    if let (file, line, text) = f.source {
      let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
      let first = max(1, line - 3)
      let last = min(lines.count, line + 3)
      pairs.append(("file", .string(file)))
      pairs.append(("line", .int(line)))
      if first <= last {  // a line past the text (or past the kept part of it) shows none
        pairs.append(
          (
            "source",
            .array((first...last).map { n in .object([("n", .int(n)), ("text", .string(String(lines[n - 1])))]) })
          ))
      }
    }
    return .object(pairs)
  }
}
