import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime
import TantanLua

/// One fresh Lua state set up exactly as the `tantan-host` interpreter sets up a script's state
/// (`TantanModule.makeHost`: the `tantan` module, its own virtual clock, `math.randomseed`),
/// plus the runner prelude (with luassert). It loads one file (`collect`), then runs its
/// scenarios in this same state, as busted does (`run`, in increasing order; blocks are entered
/// and left as the scenarios need), and `finish` runs the teardowns still due.
final class ScenarioSession {
  let state: LuaState
  let host: TantanHost
  let file: String
  let config: ExecutionConfig
  private var captured = CapturedOutput()
  /// What the scenario printed, cut at `CapturedOutput.limit` bytes with a marker.
  var output: String { captured.text }
  private(set) var snapshotsUsed: [String] = []
  private(set) var snapshotActions = SnapshotActions()
  /// Files a failed picture snapshot left for review (reference, actual, diff page).
  private(set) var artifacts: [String] = []
  private var runner: LuaRef?
  /// Plugin hooks that raised in this state, and plugins that did not load in it.
  private(set) var hookFailures: [HookFailure] = []
  private(set) var pluginProblems: [String] = []
  /// How many of `hookFailures` came before the first scenario (nil: none ran yet).
  private var loadHookFailures: Int?
  /// Of the last scenario `run` ran (prelude_core.lua's result fields, for the reports): how many
  /// assertions it made (nil when it did not run), the timers and animations it left pending
  /// (they were cancelled), and failures of teardowns that ran before it for blocks it is not in.
  private(set) var lastAssertions: Int?
  private(set) var lastPendingTimers: [String] = []
  private(set) var lastTeardownFailures: [Failure] = []
  /// Line counts banked out of the state, and those forked attempts reported (`--coverage`).
  var coverage = LineCoverage()

  struct SetupError: Error { let failure: Failure }

  init(file: String, config: ExecutionConfig) throws(SetupError) {
    self.file = file
    self.config = config
    do { state = try LuaState() } catch {
      throw SetupError(
        failure: Failure(kind: .error, message: "cannot create a Lua state: \(error)", file: file, line: nil))
    }
    if config.coverage { LineCoverage.start(state) }
    switch TantanModule.makeHost(state, seed: config.seed) {
    case .success(let h): host = h
    case .failure(let e):
      throw SetupError(failure: Failure(kind: .error, message: e.description, file: file, line: nil))
    }
    let lua = state.lua
    let modules: [Prelude.Module]
    switch Prelude.modules {
    case .success(let m): modules = m
    case .failure(let e):
      throw SetupError(failure: Failure(kind: .error, message: "runner prelude: \(e.message)", file: file, line: nil))
    }
    guard Prelude.load(state) else {
      let msg = lua.string(-1) ?? "?"
      throw SetupError(failure: Failure(kind: .error, message: "runner prelude: \(msg)", file: file, line: nil))
    }
    lua.newTable()
    Prelude.pushModules(lua, modules)
    lua.push(config.seed)
    lua.rawSet(-2, "seed")
    lua.push(TableDepth.limit)  // deep comparisons stop where every host walk of tables stops
    lua.rawSet(-2, "depth_limit")
    lua.push(TableDepth.message)
    lua.rawSet(-2, "depth_message")
    // A Lua message handler's way to a callback's own traceback (prelude_errors.lua).
    lua_pushcclosure(lua.L, tt_callback_traceback, 0)
    lua.rawSet(-2, "callback_traceback")
    // Cancels what is pending and starts the clock again at 0 (the end of every scenario);
    // returns what was pending: {{label, due, function or nil}...} in firing order, or nothing.
    lua.setFunction(-1, "clock_reset") { [unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      let clock = self.host.clock
      guard clock.pendingCount > 0 || clock.now != 0 else { return 0 }
      let timers = clock.pendingTimers
      clock.reset()
      guard !timers.isEmpty else { return 0 }
      lua.newTable(narr: Int32(timers.count), nrec: 0)
      for (i, t) in timers.enumerated() {
        lua.newTable(narr: 3, nrec: 0)
        lua.push(t.label)
        lua.rawSet(-2, index: 1)
        lua.push(t.due)
        lua.rawSet(-2, index: 2)
        if let fn = t.detail as? LuaRef {
          _ = fn.push(lua)
          lua.rawSet(-2, index: 3)
        }
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    }
    lua.setFunction(-1, "emit") { [unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      self.captured.append(lua.string(1) ?? "")
      return 0
    }
    lua.setFunction(-1, "snapshot") { [unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      let name = try lua.checkString(1)
      let text = try lua.checkString(2)
      let path = SnapshotStore.path(specFile: self.file, name: name)
      if self.snapshotsUsed.contains(path) {  // a second value would silently replace the first
        lua.pushNil()
        lua.push("snapshot '\(name)' is used twice in this scenario (golden \(path)): give each its own name")
        return 2
      }
      let golden = HostMemory(lua.handle)  // the golden while it is compared
      let outcome = try self.config.snapshots.check(specFile: self.file, name: name, text: text) {
        (n) throws(LuaCallError) in try golden.charge(n)
      }
      self.snapshotsUsed.append(outcome.path)
      self.snapshotActions.record(outcome.action, outcome.path)
      lua.push(outcome.ok)
      lua.push(outcome.message)
      lua.push(outcome.wanted)
      lua.push(outcome.found)
      return 4
    }
    lua.setFunction(-1, "snapshot_svg") { [unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      let name = try lua.checkString(1)
      let svg = try lua.checkString(2)
      let path = SnapshotStore.picturePath(specFile: self.file, name: name)
      if self.snapshotsUsed.contains(path) {
        lua.pushNil()
        lua.push("snapshot_svg '\(name)' is used twice in this scenario (golden \(path)): give each its own name")
        return 2
      }
      let golden = HostMemory(lua.handle)
      let (outcome, artifacts) = try self.config.snapshots.checkPicture(specFile: self.file, name: name, svg: svg) {
        (n) throws(LuaCallError) in try golden.charge(n)
      }
      self.snapshotsUsed.append(outcome.path)
      self.snapshotActions.record(outcome.action, outcome.path)
      self.artifacts += artifacts
      lua.push(outcome.ok)
      lua.push(outcome.message)
      return 2
    }
    // explore(name, spec): the engine loads on the first explore that runs.
    let runs = config.exploreRuns
    lua.setFunction(-1, "explore_engine") { [unowned host] (lua: Lua) throws(LuaCallError) -> Int32 in
      try ExploreBinding.pushEngine(lua, host: host, runs: runs)
      return 1
    }
    guard lua.pcall(1, 1, traceback: true) else {
      let msg = lua.string(-1) ?? "?"
      throw SetupError(failure: Failure(kind: .error, message: "runner prelude: \(msg)", file: file, line: nil))
    }
    runner = state.ref()
    if config.sandbox {  // after the prelude, which keeps what it needs (debug, io) as locals
      guard Sandbox.load(state) == LUA_OK,
        {
          lua.pcall(Sandbox.pushArguments(lua, scriptDir: FileSystem.directory(of: file)), 0, traceback: true)
        }()
      else {
        let msg = lua.string(-1) ?? "?"
        throw SetupError(failure: Failure(kind: .error, message: "sandbox: \(msg)", file: file, line: nil))
      }
      host.sandboxed = true
    }
    if let plugins = config.plugins { try installPlugins(plugins) }
  }

  /// Loads the run's plugins (after the sandbox, under the limits, as the interpreter does) and
  /// hands their assertions to the prelude (`assert.NAME`).
  private func installPlugins(_ plugins: TestPlugins) throws(SetupError) {
    state.setLimits(maxMemory: config.maxMemory, maxInstructions: config.maxInstructions, timeout: config.timeout)
    pluginProblems = plugins.install(into: host) { [unowned self] f in self.hookFailures.append(f) }
    let registry = host.plugins
    guard !registry.assertions.isEmpty else { return }
    let lua = state.lua
    runner?.push(lua)
    lua.rawGet(-1, "plugin_assertions")
    lua_rotate(lua.L, -2, 1)
    lua.pop()
    lua.newTable(narr: 0, nrec: Int32(registry.assertions.count))
    for entry in registry.assertions {
      guard let fn = entry.value else { continue }
      lua.newTable(narr: 0, nrec: 3)
      fn.push(lua); lua.rawSet(-2, "fn")
      lua.push(entry.plugin); lua.rawSet(-2, "plugin")
      lua.push(entry.location); lua.rawSet(-2, "location")
      lua.rawSet(-2, entry.name)
    }
    guard lua.pcall(1, 0) else {
      let msg = lua.string(-1) ?? "?"
      throw SetupError(failure: Failure(kind: .error, message: "runner prelude: \(msg)", file: file, line: nil))
    }
  }

  deinit {
    runner = nil
    state.close()
  }

  /// Pushes `runner[name]` under fresh limits.
  private func pushEntry(_ entry: String) {
    let lua = state.lua
    runner?.push(lua)
    lua.rawGet(-1, entry)
    lua_rotate(lua.L, -2, 1)
    lua.pop()
    state.setLimits(maxMemory: config.maxMemory, maxInstructions: config.maxInstructions, timeout: config.timeout)
  }

  /// Pushes `runner.collect`, the file's chunk and name; nil (stack balanced) with the failure otherwise.
  private func prepareCollect() -> Failure? {
    let lua = state.lua
    pushEntry("collect")
    let status = state.loadFile(file, mode: config.sandbox ? "t" : nil)  // no bytecode in the sandbox
    if status != LUA_OK {
      let msg = state.limitMessage ?? lua.string(-1) ?? "cannot load \(file)"
      lua.pop(2)
      return Failure(kind: .error, message: msg, file: file, line: nil)
    }
    lua.push(file)
    return nil
  }

  /// A failure from a call that did not return normally: a tripped limit, or an internal error.
  private func abnormal(line: Int?) -> Failure {
    let lua = state.lua
    let msg = state.limitMessage ?? lua.errorText(-1)
    lua.pop()
    return Failure(kind: .error, message: msg, file: file, line: line)
  }

  /// Runs the file once: its scenarios (this state can then `run` any of them), or why it failed to
  /// load. `forks`: the scenarios will run in forked copies (garbage is collected first).
  func collect(forks: Bool = true) -> Result<[ScenarioInfo], Failure> {
    if let f = prepareCollect() { return .failure(f) }
    let lua = state.lua
    guard lua.pcall(2, 2, traceback: true) else { return .failure(abnormal(line: nil)) }
    let records = (try? lua.value(-2)) ?? .nil
    let err = (try? lua.value(-1)) ?? .nil
    lua.pop(2)
    guard case .table = records else { return .failure(Self.failure(err, file: file, kind: .error)) }
    let all = records.items.map { Self.scenario($0, file: file) }
    pushEntry("settle")
    lua.push(forks)
    guard lua.pcall(1, 0) else { return .failure(abnormal(line: nil)) }
    return .success(all)
  }

  /// A limit tripped in this state (sticky): it can run nothing more.
  var isSpent: Bool { state.limitMessage != nil }

  /// Forgets what the previous scenario printed and did with goldens (the next one's report starts empty).
  func beginScenario() {
    captured = CapturedOutput()
    snapshotsUsed = []
    snapshotActions = SnapshotActions()
    artifacts = []
  }

  /// Runs the scenario numbered `ordinal` in this state (after `collect`), between the plugins'
  /// `before_scenario` and `after_scenario` hooks (each under the limits, a fresh budget each).
  /// A hook that raises is noted for the report and left out of later states; with
  /// `--strict-plugins` it makes the scenario an error (a failing `before_scenario` skips it).
  func run(_ info: ScenarioInfo) -> (status: Status, failure: Failure?, reason: String?) {
    guard let plugins = config.plugins else { return runScenario(info) }
    let where_ = "\(info.location) \(info.fullName)"
    if plugins.strict, let problem = pluginProblems.first {
      return (.error, Failure(kind: .error, message: problem, file: file, line: info.line), nil)
    }
    for p in pluginProblems { plugins.note(p, p, scenario: where_) }
    let hookInfo = ScenarioHookInfo(
      name: info.name, fullName: info.fullName, file: info.file, line: info.line, tags: info.tags)
    let registry = host.plugins
    // The failures that count for this scenario: the load's and its own hooks' (not those of
    // the scenarios before it in this state).
    let earlier = hookFailures.count
    if loadHookFailures == nil { loadHookFailures = earlier }
    var relevant: [HookFailure] {
      Array(hookFailures.prefix(loadHookFailures ?? 0) + hookFailures.dropFirst(earlier))
    }
    var outcome: (status: Status, failure: Failure?, reason: String?)
    state.setLimits(maxMemory: config.maxMemory, maxInstructions: config.maxInstructions, timeout: config.timeout)
    registry.beforeScenario(hookInfo)
    if plugins.strict, let f = relevant.first {
      outcome = (.error, Self.failure(f), nil)
    } else {
      outcome = runScenario(info)
    }
    if state.limitMessage == nil {  // a tripped limit is sticky: the state can run nothing more
      state.setLimits(maxMemory: config.maxMemory, maxInstructions: config.maxInstructions, timeout: config.timeout)
      registry.afterScenario(
        hookInfo, status: outcome.status.rawValue, message: outcome.failure?.headline ?? outcome.reason)
    }
    if plugins.strict {
      if let f = relevant.first, outcome.status == .passed || outcome.status == .pending {
        outcome = (.error, Self.failure(f), nil)
      }
    } else {
      for f in relevant {
        plugins.note("\(f.plugin)\u{0}\(f.hook.rawValue)\u{0}\(f.location)", f.message, scenario: where_, hook: f)
      }
    }
    return outcome
  }

  /// A hook's failure as the scenario's error, at the hook's `file:line`.
  static func failure(_ f: HookFailure) -> Failure {
    var file: String?
    var line: Int?
    if let colon = f.location.lastIndex(of: ":"), let n = Int(f.location[f.location.index(after: colon)...]) {
      file = String(f.location[..<colon])
      line = n
    }
    return Failure(kind: .error, message: f.message, file: file, line: line)
  }

  private func runScenario(_ info: ScenarioInfo) -> (status: Status, failure: Failure?, reason: String?) {
    let lua = state.lua
    pushEntry("run")
    lua.push(info.ordinal)
    lastAssertions = nil
    lastPendingTimers = []
    lastTeardownFailures = []
    guard lua.pcall(1, 1, traceback: true) else { return (.error, abnormal(line: info.line), nil) }
    defer { lua.pop() }
    let r = (try? lua.value(-1)) ?? .nil
    // New result fields (prelude_core.lua's header): kept for the reports.
    lastAssertions = r["assertions"].int
    lastPendingTimers = r["pending_timers"].items.compactMap(\.text)
    lastTeardownFailures = r["teardown_failures"].items.map { Self.failure($0, file: file, kind: .error) }
    switch r["status"].text {
    case "passed": return (.passed, nil, nil)
    case "pending": return (.pending, nil, r["reason"].text ?? "")
    case "failed": return (.failed, Self.failure(r, file: file, kind: .failure), nil)
    default:
      var f = Self.failure(r, file: file, kind: .error)
      if f.line == nil { f.line = info.line }
      return (.error, f, nil)
    }
  }

  /// Before `next` runs in this state: leaves the blocks it is not in (prelude_core.lua's
  /// `leave_for`), so their teardowns' output and failures are the previous scenario's.
  func leave(before next: ScenarioInfo) -> [Failure] {
    let lua = state.lua
    pushEntry("leave_for")
    lua.push(next.ordinal)
    guard lua.pcall(1, 1, traceback: true) else { return [abnormal(line: nil)] }
    defer { lua.pop() }
    return ((try? lua.value(-1)) ?? .nil).items.map { Self.failure($0, file: file, kind: .error) }
  }

  /// Leaves every block still entered, running their teardowns (prelude_core.lua's `finish`):
  /// their failures (each a teardown's error, not a scenario's).
  func finish() -> [Failure] {
    let lua = state.lua
    pushEntry("finish")
    guard lua.pcall(0, 1, traceback: true) else { return [abnormal(line: nil)] }
    defer { lua.pop() }
    return ((try? lua.value(-1)) ?? .nil).items.map { Self.failure($0, file: file, kind: .error) }
  }

  static func failure(_ r: LuaValue, file: String, kind: Failure.Kind) -> Failure {
    Failure(
      kind: kind, message: r["message"].text ?? "error", file: r["file"].text ?? file, line: r["line"].int,
      wanted: r["wanted"].text, found: r["found"].text, traceback: r["traceback"].text)
  }

  static func scenario(_ r: LuaValue, file: String) -> ScenarioInfo {
    ScenarioInfo(
      file: file, ordinal: r["ordinal"].int ?? 0, name: r["name"].text ?? "", line: r["line"].int ?? 0,
      first: r["first"].int ?? 0, last: r["last"].int ?? 0,
      describes: r["describes"].items.map {
        DescribeInfo(name: $0["name"].text ?? "", line: $0["line"].int ?? 0, last: $0["last"].int ?? 0)
      },
      tags: r["tags"].items.compactMap(\.text),
      pendingReason: r["pending"] == .bool(true) ? (r["reason"].text ?? "") : nil)
  }
}
