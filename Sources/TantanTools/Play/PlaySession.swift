import LuaRuntime
import TantanLua

/// The playground's one thread of Lua: it owns the current build (the script's state and the
/// components it made), takes the pages' messages from the server's inbox, drives the clock a
/// frame at a time while a page is open, turns pointer input into the components' gestures
/// (through their adapters), records, reloads the script when it changes on disk, and sends the
/// pages what changed. Nothing else ever touches a Lua state.
final class PlaySession {
  struct Script {
    var options: InterpreterOptions
    var settings: HostInterpreter.Settings
    var path: String
    var args: [String]
    var seed: Int
    /// The command line as the scenario's header shows it.
    var command: String
  }

  /// Nil when measuring frames (scripts/bench): nothing is served.
  let server: PlayServer?
  let script: Script
  private(set) var build: PlayBuild?
  var overrides = PlayOverrides()
  var pacing = PlayPacing()
  var frames = PlayFrames()
  var recorder: PlayRecorder?
  var watch = PlayWatch()
  /// What the pages show: the last error (nil: none), and whether they need the whole picture.
  var failure: PlayFailure?
  var failureSent = true
  var helloNeeded = true
  var statusNeeded = true
  var outbox: [JSONValue] = []
  var pendingEvents: [JSONValue] = []
  var droppedEvents = 0
  var sockets = 0
  /// Real time the page was last sent the virtual time.
  var timeSent = 0.0
  /// Real time when the session started: the hold of a press is measured on it while paused.
  let started = FileSystem.now()

  init(server: PlayServer?, script: Script) {
    self.server = server
    self.script = script
  }

  /// Serves until Ctrl-C; returns the exit status.
  func run() -> Int32 {
    if let f = rebuild(with: overrides) { show(f) }
    while !PlayStop.requested, let server {
      let inbound = server.inbox.take(waiting: pacing.wait(now: FileSystem.now()))
      for item in inbound { receive(item) }
      let due = pacing.due(now: FileSystem.now(), running: sockets > 0 && build != nil)
      for _ in 0..<due { frame() }
      if watch.changed(now: FileSystem.now()) { reload() }
      flush()
    }
    build?.close()
    build = nil
    return 0
  }

  // MARK: builds

  /// Runs the script afresh with `candidate` panel values; on success it replaces the current
  /// build (and a recording starts over on it), else the current build stays and the error is
  /// returned.
  @discardableResult
  func rebuild(with candidate: PlayOverrides) -> PlayFailure? {
    let next: PlayBuild
    do { next = try PlayBuild(options: script.options, settings: script.settings, overrides: candidate) } catch {
      return error
    }
    let failed = next.run()
    PlayStop.resume(interrupted: failed?.message.contains("interrupted!") == true)
    watch.watch(files: [script.path] + PlayWatch.moduleFiles(next, scriptDir: HostInterpreter.directory(script.path)))
    if let failed {
      next.close()
      return failed
    }
    build?.close()
    build = next
    overrides = candidate
    overrides.keep { label in
      guard let c = next.components.first(where: { $0.label == label }) else { return [] }
      return Set(PlayControls.controls(type(of: c.adapter).configRows).map(\.key))
    }
    frames.reset()
    helloNeeded = true
    if recorder != nil { recorder = PlayRecorder(labels: next.components.map(\.label)) }
    takeEvents()
    if failure != nil { show(nil) }
    return nil
  }

  /// The script or a module it required changed on disk: run it again with the panel's values.
  func reload() {
    if let f = rebuild(with: overrides) { show(f) }
  }

  /// One frame: the clock advances by the pacing's step, then each adapter sees the new time.
  func frame() {
    guard let build, let clock = build.clock else { return }
    let dt = pacing.step
    recorder?.record(.advance(dt))
    do { _ = try build.invoke(clock, "advance", [.number(dt)], call: true) } catch { failed(error) }
    for c in build.components where self.build === build {
      do { try c.adapter.frame(handle(c)) } catch { failed(error) }
    }
    takeEvents()
  }

  /// A call failed: its error goes to the pages; a tripped limit leaves a state that can run
  /// nothing more, so the script runs afresh (the error stays shown).
  func failed(_ f: PlayFailure) {
    show(f)
    guard f.fatal else { return }
    if let again = rebuild(with: overrides) { show(again) } else { show(f) }
  }

  func show(_ f: PlayFailure?) {
    failure = f
    failureSent = false
  }

  func handle(_ c: PlayComponent) -> PlayHandle { PlayHandle(session: self, build: build!, component: c) }

  /// Moves the build's new events to the pages (and the recording), tagged with their component.
  func takeEvents() {
    guard let build else { return }
    let (events, dropped) = build.takeEvents()
    droppedEvents += dropped
    for e in events {
      let label = build.label(of: e)
      if let r = recorder, r.labels.contains(label) { r.event(label, e.text) }
      if pendingEvents.count < PlayBuild.maxEvents {
        pendingEvents.append(
          .object([("label", .string(label)), ("time", PlayArg.number(e.time).json), ("text", .string(e.text))]))
      } else {
        droppedEvents += 1
      }
    }
    if dropped > 0, let r = recorder { for l in r.labels { r.lost(l) } }
  }
}

/// How an adapter reaches its component: calls are recorded, reads are not.
struct PlayHandle: PlayTarget {
  unowned let session: PlaySession
  let build: PlayBuild
  let component: PlayComponent

  @discardableResult
  func call(_ method: String, _ args: [PlayArg]) throws(PlayFailure) -> LuaValue {
    do {
      let result = try build.invoke(component.ref, method, args, call: true)
      session.recorder?.record(.call(label: component.label, method: method, args: args, failed: false))
      return result
    } catch {
      session.recorder?.record(.call(label: component.label, method: method, args: args, failed: true))
      throw error
    }
  }
  func read(_ field: String) throws(PlayFailure) -> LuaValue {
    try build.invoke(component.ref, field, [], call: false)
  }
  func query(_ method: String, _ args: [PlayArg]) throws(PlayFailure) -> LuaValue {
    try build.invoke(component.ref, method, args, call: true)
  }
  func config(_ key: String) -> LuaValue { build.config(component, key) }
  var now: Double { build.host?.clock.now ?? 0 }
  var realNow: Double { (FileSystem.now() - session.started) * session.pacing.speed }
}
