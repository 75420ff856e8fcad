import CLua
import LuaRuntime
import TantanLua

/// Records the steps of one Lua state for `--trace` and `tantan-host test --trace`. The
/// `TraceInstaller` wraps the state's component methods, clock methods and `tantan.*` functions so
/// each outermost call runs through `call(...)`; component event logs report here through the
/// event observer (`EventLog(host:component:)`). Nothing is installed unless tracing is on.
///
/// A long run keeps its first `limits.headSteps` steps and its last ones up to `limits.maxSteps`
/// (the end is what explains a failure); the steps between are counted in `omittedSteps`.
final class TraceRecorder {
  struct Limits {
    var maxSteps = 2_000
    var headSteps = 200
    var maxFrameBytes = 24 << 20
    var maxEventsPerStep = 400
  }

  /// A component drawn in every step while it lives: its label (`deck`, `deck#2`), its class
  /// name, and its object (to find the label of a method call's receiver).
  struct Component {
    var label: String
    var className: String
    weak var object: AnyObject?
  }

  unowned let host: TantanHost
  let limits: Limits
  /// What the trace is of: the script's path, or the scenario's full name.
  var title: String
  private(set) var components: [Component] = []
  private var kindCounts: [String: Int] = [:]
  /// A weak-valued registry table: component index + 1 -> userdata (keeps no component alive).
  private var live: LuaRef?
  private(set) var head: [TraceStep] = []
  private var ring: [TraceStep] = []
  private var ringStart = 0
  private(set) var omittedSteps = 0
  var frames: TraceFrameStore
  /// Outermost-call depth: calls made from callbacks inside a step are noted, not stepped.
  private var depth = 0
  private var open: TraceStep?
  /// The open step made something worth a step even though its call is a query.
  private var keepOpen = false
  /// Events fired outside any step, handed to the next step.
  private var loose: [TraceStep.Event] = []
  /// Methods that only read state: a call to one is a step only when it fired events or failed.
  static let queries: Set<String> = [
    "events", "clear_events", "cell", "index_at", "item", "item_count", "header", "footer", "layout", "save_svg", "svg",
  ]

  init(host: TantanHost, title: String, limits: Limits = Limits()) {
    self.host = host
    self.title = title
    self.limits = limits
    frames = TraceFrameStore(maxBytes: limits.maxFrameBytes)
    host.state.keepChunkTexts()  // source lines without opening files (README, Traces)
    let lua = host.lua
    lua.newTable()
    lua.newTable(narr: 0, nrec: 1)
    lua.push("v")
    lua.rawSet(-2, "__mode")
    lua_setmetatable(lua.L, -2)
    live = host.state.ref()
    host.clock.didAdvance = { [unowned self] in self.advanced() }
  }

  /// A call that is not a clock step moved the clock (`tantan.render.frames` samples an
  /// animation): each advance becomes a step of its own, so the trace shows every frame.
  private func advanced() {
    guard depth > 0, let step = open, step.kind != .clock else { return }
    var frame = step
    frame.title += " · t = " + formatSeconds(host.clock.now)
    open?.events = []
    append(frame, host.lua)
  }

  // MARK: calls (from the installed wrappers)

  /// Runs `body` as a step when it is the outermost traced call; inside a step it is noted as a
  /// `call` event instead. `query` calls become steps only when they fired events, moved the clock or
  /// failed; `after` sees the results on the stack top (the installer registers new components there).
  func call(
    _ lua: Lua, kind: TraceStep.Kind, query: Bool, title: () -> String, body: LuaSwiftFunction,
    after: (Lua, Int32) -> Void = { _, _ in }
  ) throws(LuaCallError) -> Int32 {
    let position = lua.callerPosition()
    if depth > 0 {
      if !query { note(TraceStep.Event(tag: "call", text: title() + Self.at(position))) }
      depth += 1
      defer { depth -= 1 }
      let n = try body(lua)
      after(lua, n)
      return n
    }
    open = TraceStep(kind: kind, title: title(), source: position?.source, line: position?.line, time: 0)
    keepOpen = false
    let started = host.clock.now
    open?.events = loose
    loose = []
    depth = 1
    let n: Int32
    do {
      n = try body(lua)
    } catch {
      depth = 0
      close(lua, error: describe(lua, error), keep: true)
      throw error
    }
    depth = 0
    after(lua, n)
    let moved = host.clock.now != started
    close(lua, error: nil, keep: !query || keepOpen || moved || !(open?.events.isEmpty ?? true))
    return n
  }

  /// The open step made a component: kept as a `create` step even though its call is a query.
  func markCreated() {
    guard depth == 0 else { return }  // made inside another step: that step stays what it is
    keepOpen = true
    open?.kind = .create
  }

  /// The message a `LuaCallError` will raise, as the trampoline words it (`luaL_argerror`,
  /// `luaL_where`).
  private func describe(_ lua: Lua, _ error: LuaCallError) -> String {
    switch error {
    case .argument(var arg, let msg):
      var ar = lua_Debug()
      var name = "?"
      if lua_getstack(lua.L, 0, &ar) != 0, lua_getinfo(lua.L, "n", &ar) != 0 {
        if let w = ar.namewhat, String(cString: w) == "method" { arg -= 1 }
        if let n = ar.name { name = String(cString: n) }
      }
      return Self.where(lua) + "bad argument #\(arg) to '\(name)' (\(msg))"
    case .message(let msg): return Self.where(lua) + msg
    case .lua(let e): return e.message(lua)
    }
  }

  /// `luaL_where(L, 1)`: `file:line: ` of the caller, or nothing.
  static func `where`(_ lua: Lua) -> String {
    guard let p = lua.callerPosition() else { return "" }
    return "\(TraceDocument.displayName(p.source)):\(p.line): "
  }

  static func at(_ position: (source: String, line: Int)?) -> String {
    guard let position else { return "" }
    return " at \(TraceDocument.displayName(position.source)):\(position.line)"
  }

  private func note(_ e: TraceStep.Event) {
    if open != nil {
      if open!.events.count < limits.maxEventsPerStep { open!.events.append(e) } else { open!.droppedEvents += 1 }
    } else if loose.count < limits.maxEventsPerStep {
      loose.append(e)
    }
  }

  /// A component event (from the event observer).
  /// An event, tagged with its component's label (`deck`, `deck#2`) once that is registered.
  func event(_ e: Event, component: String, owner: AnyObject?) {
    note(TraceStep.Event(tag: owner.flatMap { label(of: $0) } ?? component, text: e.format(host.lua)))
  }

  private func close(_ lua: Lua, error: String?, keep: Bool) {
    guard var step = open else { return }
    open = nil
    guard keep else {
      loose = step.events  // a query's events (none when not kept) stay for the next step
      return
    }
    step.error = error
    if error != nil && step.kind != .create { step.kind = .error }
    append(step, lua)
  }

  /// Adds a finished step: the time and every live component's frame and state now.
  func append(_ step: TraceStep, _ lua: Lua) {
    var step = step
    step.time = host.clock.now
    step.shots = snapshot(lua)
    if head.count < limits.headSteps {
      head.append(step)
      return
    }
    let cap = max(limits.maxSteps - limits.headSteps, 1)
    if ring.count < cap {
      ring.append(step)
      return
    }
    for s in ring[ringStart].shots { if let f = s.frame { frames.release(f) } }
    ring[ringStart] = step
    ringStart = (ringStart + 1) % cap
    omittedSteps += 1
  }

  /// The run's last step: how it ended, with any events fired after the last step.
  func finish(_ lua: Lua, kind: TraceStep.Kind, title: String, error: String?, source: String?, line: Int?) {
    if let step = open {  // an error unwound through a traced call (a limit): keep that step
      open = nil
      append(step, lua)
    }
    var step = TraceStep(kind: kind, title: title, source: source, line: line, time: 0, error: error)
    step.events = loose
    loose = []
    append(step, lua)
  }

  /// The kept steps in order; `nil` marks where omitted steps were.
  var steps: [TraceStep?] {
    let tail = Array(ring[ringStart...]) + ring[..<ringStart]
    return head.map { $0 } + (omittedSteps > 0 ? [nil] : []) + tail.map { $0 }
  }

  // MARK: components

  /// Registers the component userdata at `i` (when it can be drawn) and returns its label.
  @discardableResult
  func register(_ lua: Lua, _ i: Int32, kind: String) -> String? {
    guard let object = lua.classObject(at: i), object is SVGDrawable else { return nil }
    if let label = label(of: object) { return label }
    let n = kindCounts[kind, default: 0] + 1
    kindCounts[kind] = n
    let label = n == 1 ? kind : "\(kind)#\(n)"
    let i = lua.absIndex(i)
    components.append(Component(label: label, className: lua.typeName(i), object: object))
    live?.push(lua)
    lua.pushValue(i)
    lua.rawSet(-2, index: components.count)
    lua.pop()
    return label
  }

  /// The label of a registered, still living component.
  func label(of object: AnyObject) -> String? {
    components.last { $0.object === object }?.label
  }

  /// Every live component's frame and `tostring` text, in registration order.
  private func snapshot(_ lua: Lua) -> [TraceStep.Shot] {
    guard let live, !components.isEmpty else { return [] }
    var shots: [TraceStep.Shot] = []
    live.push(lua)
    for i in components.indices {
      lua.rawGet(-1, index: i + 1)
      defer { lua.pop() }
      guard let object = lua.classObject(at: -1), object === components[i].object,
        let drawable = object as? SVGDrawable, let picture = try? drawable.svgDocument()
      else { continue }  // a picture refused by the limits: the tripped limit ends the run
      let state = lua.toDisplayString(-1)
      shots.append(TraceStep.Shot(component: i, frame: frames.add(picture), state: state))
    }
    lua.pop()
    return shots
  }
}
