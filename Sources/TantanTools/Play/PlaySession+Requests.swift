import LuaRuntime
import TantanLua

/// What the session does with each page message (validated by `PlayRequest.decode` first).
extension PlaySession {
  func receive(_ item: PlayInbound) {
    switch item {
    case .opened:
      sockets += 1
      frames.reset()
      helloNeeded = true
      statusNeeded = true
      failureSent = failure == nil
    case .closed:
      sockets = max(0, sockets - 1)
    case .refused(let socket, _):
      server?.close(socket)
    case .message(let socket, let bytes):
      do { try perform(try PlayRequest.decode(bytes)) } catch { refuse(error.description, to: socket) }
    }
  }

  /// Tells the page that sent a message why it was not acted on.
  func refuse(_ why: String, to socket: UInt) {
    server?.send(JSONValue.object([("type", .string("refused")), ("reason", .string(why))]).compact(), to: socket)
  }

  func perform(_ request: PlayRequest) throws(PlayRequest.Refusal) {
    switch request {
    case .pointer(let label, let p):
      let c = try component(label)
      act { () throws(PlayFailure) in try c.adapter.pointer(p, handle(c)) }
    case .wheel(let label, let dy):
      let c = try component(label)
      act { () throws(PlayFailure) in try c.adapter.wheel(dy, handle(c)) }
    case .button(let label, let name):
      let c = try component(label)
      guard type(of: c.adapter).buttons.contains(where: { $0.name == name }) else {
        throw .init(description: "\(label) has no button '\(name)'")
      }
      act { () throws(PlayFailure) in try c.adapter.button(name, handle(c)) }
    case .config(let label, let key, let value):
      try configure(label, key, value)
    case .pause(let paused):
      pacing.paused = paused
      statusNeeded = true
    case .step:
      frame()
    case .speed(let s):
      pacing.speed = s
      statusNeeded = true
    case .record(let on):
      record(on)
    case .restart:
      if let f = rebuild(with: overrides) { show(f) }
    }
  }

  /// Runs an adapter's gesture; its error is shown (a tripped limit reruns the script).
  private func act(_ body: () throws(PlayFailure) -> Void) {
    do { try body() } catch { failed(error) }
    takeEvents()
  }

  private func component(_ label: String) throws(PlayRequest.Refusal) -> PlayComponent {
    guard let c = build?.components.first(where: { $0.label == label }) else {
      throw .init(description: "no component '\(label)'")
    }
    return c
  }

  /// A control moved: the script runs again with the value; when the model refuses it, the
  /// current build and the last good value stay and the page shows the model's error.
  private func configure(_ label: String, _ key: String, _ value: PlayArg?) throws(PlayRequest.Refusal) {
    let c = try component(label)
    guard let control = PlayControls.controls(type(of: c.adapter).configRows).first(where: { $0.key == key }) else {
      throw .init(description: "\(label) has no control '\(key)'")
    }
    var value = value
    if control.kind == "integer", case .number(let d)? = value, d == d.rounded(), abs(d) < 1e15 {
      value = .integer(Int(d))
    }
    var candidate = overrides
    candidate.set(label, key, value)
    var reply: [(String, JSONValue)] = [
      ("type", .string("config")), ("component", .string(label)), ("key", .string(key)),
    ]
    if let f = rebuild(with: candidate) {
      reply.append(("error", .string(f.message)))
      show(f)
      helloNeeded = true  // the controls go back to the last good values
    }
    outbox.append(.object(reply))
  }

  private func record(_ on: Bool) {
    if on {
      recorder = nil
      if let f = rebuild(with: overrides) {
        show(f)
      } else {
        recorder = PlayRecorder(labels: build?.components.map(\.label) ?? [])
      }
    } else if let r = recorder {
      recorder = nil
      let source = PlayScenario.Source(
        script: script.path, args: script.args, seed: script.seed, overrides: overrides, command: script.command,
        time: build?.host?.clock.now)
      outbox.append(
        .object([
          ("type", .string("scenario")), ("text", .string(PlayScenario.text(source, r))),
          ("name", .string(PlayScenario.fileName(script.path))),
        ]))
    }
    statusNeeded = true
  }
}
