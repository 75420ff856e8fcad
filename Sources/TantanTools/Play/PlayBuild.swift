import CLua
import CLuaShim
import LuaRuntime
import TantanLua

/// One component a build's script made, kept alive until the build closes.
final class PlayComponent {
  let label: String
  let adapter: any PlayAdapter
  /// The userdata (a strong reference: the script may have dropped its own) and the config table
  /// its constructor got, the panel's values applied.
  let ref: LuaRef
  let config: LuaRef?
  weak var object: AnyObject?

  init(label: String, adapter: any PlayAdapter, ref: LuaRef, config: LuaRef?, object: AnyObject?) {
    self.label = label; self.adapter = adapter; self.ref = ref; self.config = config; self.object = object
  }
  var kind: String { type(of: adapter).kind }
}

/// One run of the script in a fresh state, set up as `tantan-host SCRIPT.lua` sets one up (the
/// interpreter's options, host, sandbox, limits and plugins): the constructors of the playground's
/// components are wrapped first, so each component made gets the panel's values for its label
/// (`deck`, `deck#2`) and stays alive after the script returns; every component event comes here
/// as the host's observer. The session calls into the state through `invoke` only, on its thread.
final class PlayBuild: HostObserver {
  struct EventRecord {
    var owner: ObjectIdentifier?
    var component: String
    var time: Double
    var text: String
  }

  let state: LuaState
  let settings: HostInterpreter.Settings
  private let interpreter: Interpreter
  private let hostInterpreter = HostInterpreter()
  private let overrides: PlayOverrides
  private(set) var components: [PlayComponent] = []
  /// `tantan.clock`, which the session advances frame by frame.
  private(set) var clock: LuaRef?
  /// Events since the session last took them (at most `maxEvents`; the rest are counted).
  private(set) var events: [EventRecord] = []
  private(set) var droppedEvents = 0
  static let maxEvents = 5000
  private var counts: [String: Int] = [:]
  /// The script called `os.exit`: its run ends there, as a normal end.
  private var exited = false
  private var reported: String?

  var host: TantanHost? { hostInterpreter.host }

  init(options: InterpreterOptions, settings: HostInterpreter.Settings, overrides: PlayOverrides) throws(PlayFailure) {
    do { state = try Interpreter.makeState(options) } catch { throw PlayFailure(text: error.description) }
    state.keepChunkTexts()  // the page shows the lines around an error's position
    self.settings = settings
    self.overrides = overrides
    interpreter = Interpreter(state: state, options: options, host: hostInterpreter)
  }

  /// Runs the script (and `LUA_INIT`, `-e`, `-l`, as the interpreter does); the error it stopped
  /// with, if any.
  func run() -> PlayFailure? {
    hostInterpreter.didReport = { [unowned self] in reported = reported ?? $0 }
    hostInterpreter.didPrepare = { [unowned self] host in prepare(host) }
    let status = interpreter.protectedMain { [interpreter] in interpreter.runMain() }
    if status == 0 || (exited && state.limitMessage == nil) { return nil }
    return failure(reported ?? "the script failed (exit status \(status))")
  }

  /// A failure of this build (`fatal` when a limit tripped) with the loaded text of the chunk
  /// its message's `file:line` points into.
  func failure(_ text: String) -> PlayFailure {
    var f = PlayFailure(text: text, fatal: state.limitMessage != nil)
    let (source, line) = ScriptTrace.position(of: f.message) { state.chunkText("@" + $0) != nil }
    if let source, source.hasPrefix("@"), let line, let text = state.chunkText(source) {
      f.source = (String(source.dropFirst()), line, text)
    }
    return f
  }

  func close() {
    components = []
    clock = nil
    state.close()
  }

  // MARK: set-up, before the script runs

  private func prepare(_ host: TantanHost) -> Bool {
    host.observer = self
    let lua = host.lua
    let top = lua.top
    defer { lua.setTop(top) }
    lua.rawGet(Lua.registryIndex, LUA_LOADED_TABLE)
    guard lua.rawGet(-1, "tantan") == LUA_TTABLE else { return true }
    let module = lua.top
    for adapter in PlayComponents.all {
      lua.rawGet(module, adapter.kind)
      if lua.pushWrapped(-1, { [unowned self] body in constructor(adapter, body) }) { lua.rawSet(module, adapter.kind) }
      lua.pop()
    }
    if lua.rawGet(module, "clock") == LUA_TUSERDATA { clock = host.state.ref() } else { lua.pop() }
    wrapExit(lua)
    // The seed again, right before the script: what plugins drew does not shift the script's draws.
    if let seed = settings.seed, state.load("math.randomseed(...)", name: "=(play)") == LUA_OK {
      lua.push(seed)
      _ = lua.pcall(1, 0)
    }
    return true
  }

  /// `tantan.KIND(config, ...)`: the panel's values for this label over a copy of the config,
  /// then the constructor itself (in the same C frame: its errors read as without the playground).
  private func constructor(_ adapter: any PlayAdapter.Type, _ body: @escaping LuaSwiftFunction) -> LuaSwiftFunction {
    return { [unowned self] lua throws(LuaCallError) -> Int32 in
      let n = (counts[adapter.kind] ?? 0) + 1
      counts[adapter.kind] = n
      let label = n == 1 ? adapter.kind : "\(adapter.kind)#\(n)"
      if lua.type(1) == LUA_TTABLE, let values = overrides.values[label], !values.isEmpty {
        PlayOverrides.apply(values, toConfigAt: 1, lua)
      }
      var config: LuaRef?
      if lua.type(1) == LUA_TTABLE {
        lua.pushValue(1)
        config = LuaRef(popping: lua, handle: lua.handle)
      }
      let results = try body(lua)
      if results > 0 {
        let i = lua.top - results + 1
        if let object = lua.classObject(at: i), object is SVGDrawable {
          lua.pushValue(i)
          let ref = LuaRef(popping: lua, handle: lua.handle)
          components.append(
            PlayComponent(label: label, adapter: adapter.init(), ref: ref, config: config, object: object))
        }
      }
      return results
    }
  }

  /// `os.exit` ends the script's run (the state stays for the playground) instead of the server.
  private func wrapExit(_ lua: Lua) {
    guard (try? lua.getGlobal("os")) == LUA_TTABLE else { return }
    lua.push(function: { [unowned self] lua throws(LuaCallError) -> Int32 in
      exited = true
      throw .message("os.exit called: tantan-host play keeps the state and ends the script's run here")
    })
    lua.rawSet(-2, "exit")
    lua.pop()
  }

  // MARK: HostObserver

  func event(_ event: Event, component: String, owner: AnyObject?) {
    guard events.count < Self.maxEvents, let host else {
      droppedEvents += 1
      return
    }
    events.append(
      EventRecord(
        owner: owner.map(ObjectIdentifier.init), component: component, time: host.clock.now,
        text: event.format(host.lua)))
  }

  func deferredCall(_ name: String, of owner: AnyObject, label: String, _ body: @escaping LuaSwiftFunction)
    -> LuaSwiftFunction
  { body }

  func takeEvents() -> (events: [EventRecord], dropped: Int) {
    defer {
      events = []
      droppedEvents = 0
    }
    return (events, droppedEvents)
  }

  /// The label of an event's component (`deck#2`), or its kind when the playground does not track it.
  func label(of e: EventRecord) -> String {
    guard let owner = e.owner else { return e.component }
    return components.first { $0.object.map(ObjectIdentifier.init) == owner }?.label ?? e.component
  }
}
