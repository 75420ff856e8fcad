import CLua
import LuaRuntime
import TantanLua

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Plugins in `tantan-host test` (and, for reporters only, `tantan-host merge-reports`).
///
/// Discovery (`--plugin DIR`, `./plugins`, `TANTAN_PLUGIN_PATH`, `~/.config/tantan/plugins`) runs
/// once, and the plugins load once on the main thread into the run's *home* state: failures are
/// reported there, once, and `--strict-plugins` stops the run (status 2). The plugins that loaded
/// are then loaded again, quietly and from compiled chunks (`PluginChunkCache`), into every file's
/// and every scenario's fresh state, so a scenario sees their sources, presets and assertions
/// (`assert.NAME`) and their hooks run around it. Plugin reporters run in the home state after
/// the run, over the finished report; `merge-reports` loads the home state only, for them.
///
/// A hook that raises in a scenario is reported once per hook (plugin, name, `file:line`) and the
/// run goes on without it; with `--strict-plugins` the scenario is an error instead.
///
/// Processes: the coordinator and every worker process load the plugins into their own home
/// state (a worker quietly); a scenario's forked process records its problems in `journal`,
/// which the worker passes on to the coordinator (`note`), which reports them once.
final class TestPlugins: @unchecked Sendable {
  /// The candidates that loaded in the home state, in discovery order (set before any worker starts).
  private(set) var candidates: [PluginCandidate] = []
  /// Every plugin found and how it fared (what `tantan.plugins()` lists in every state).
  private(set) var records: [PluginRecord] = []
  let sandboxed: Bool
  let strict: Bool
  let cache = PluginChunkCache()
  private let progname: String
  /// The subcommand whose messages these are (`test`, `merge-reports`).
  private let command: String
  private let limits: (memory: Int?, instructions: Int?, timeout: Double?)
  private let home: LuaState
  private let homeHost: TantanHost
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  /// First failure of each hook or plugin, by key, with the scenario it happened in.
  private var problems: [String: (message: String, scenario: String)] = [:]
  private var failedHooks: [HookFailure] = []
  /// Every note since `startJournal`: a scenario's process sends its own to the coordinator.
  private(set) var journal: [PluginNote] = []

  func startJournal() { withLock { journal = [] } }

  /// Takes notes from another process (a scenario's, a worker's) as if they were made here.
  func note(_ n: PluginNote) { note(n.key, n.message, scenario: n.scenario, hook: n.hook) }

  /// `--strict-plugins` and a plugin that failed to load or was refused.
  struct StrictFailure: Error {}

  private init(home: LuaState, host: TantanHost, options o: RunnerOptions, progname: String, command: String) {
    self.home = home
    self.homeHost = host
    self.sandboxed = o.sandbox
    self.strict = o.strictPlugins
    self.progname = progname
    self.command = command
    self.limits = (o.maxMemory, o.maxInstructions, o.timeout)
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    home.close()
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  /// Discovers and loads the plugins into the home state; nil when there are none (then the
  /// runner costs what it cost without plugins). Failures are reported on stderr, as `command`'s.
  static func load(
    _ o: RunnerOptions, seed: Int, progname: String, command: String = "test", quiet: Bool = false
  ) throws -> TestPlugins? {
    let found = PluginDiscovery.discover(requested: o.plugins).filter { !o.skippedPlugins.contains($0.dir) }
    guard !found.isEmpty else { return nil }
    let (state, host) = try homeState(o, seed: seed)
    host.plugins.report = quiet ? { _ in } : { msg in FileSystem.write(fd: 2, "\(progname) \(command): \(msg)\n") }
    let plugins = TestPlugins(home: state, host: host, options: o, progname: progname, command: command)
    plugins.armLimits()
    let ok = PluginLoader.load(
      found, into: host, options: .init(sandboxed: o.sandbox, strict: o.strictPlugins, cache: plugins.cache))
    if !ok { throw StrictFailure() }
    // Each candidate left one record, in order.
    plugins.candidates = zip(found, host.plugins.records).filter { $0.1.status == .loaded }.map(\.0)
    plugins.records = host.plugins.records
    return plugins
  }

  /// A state for plugins as the runner's own code runs them: the host, the sandbox (`--sandbox`),
  /// and an `os.exit` that raises.
  static func homeState(_ o: RunnerOptions, seed: Int) throws -> (LuaState, TantanHost) {
    let state = try LuaState()
    guard case .success(let host) = TantanModule.makeHost(state, seed: seed) else {
      state.close()
      throw RunnerOptions.UsageError(description: "cannot set up a state for the plugins")
    }
    if o.sandbox {
      guard Sandbox.load(state) == LUA_OK,
        {
          state.lua.pcall(Sandbox.pushArguments(state.lua, scriptDir: "."), 0)
        }()
      else {
        let msg = state.lua.string(-1) ?? "?"
        state.close()
        throw RunnerOptions.UsageError(description: "sandbox: \(msg)")
      }
    }
    disarmExit(state.lua)
    return (state, host)
  }

  /// A plugin's code (its `setup`, a reporter's `on_start`...) runs in the runner's own process:
  /// its `os.exit` raises instead of ending the run, so the loader or the reporter call reports
  /// it as the plugin's failure (naming the plugin) and the run goes on.
  static func disarmExit(_ lua: Lua) {
    guard (try? lua.getGlobal("os")) == LUA_TTABLE else {
      lua.pop()
      return
    }
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      let code = lua.top == 0 ? "" : lua.toDisplayString(1)
      throw .message("os.exit(\(code)) called by a plugin (the runner keeps running)")
    })
    lua.rawSet(-2, "exit")
    lua.pop()
  }

  private func armLimits() {
    home.setLimits(maxMemory: limits.memory, maxInstructions: limits.instructions, timeout: limits.timeout)
  }

  // MARK: scenario states (worker threads)

  /// Loads the plugins into a file's or scenario's state; hook failures go to `onHookFailure`.
  /// Returns what went wrong loading them there (normally nothing: they loaded in the home state).
  func install(into host: TantanHost, onHookFailure: @escaping (HookFailure) -> Void) -> [String] {
    let registry = host.plugins
    var problems: [String] = []
    registry.report = { problems.append($0) }
    PluginLoader.load(
      candidates, into: host, options: .init(sandboxed: sandboxed, strict: false, quiet: true, cache: cache))
    for r in registry.records where r.status != .loaded {
      problems.append("plugin '\(r.name)' \(r.status.rawValue): \(r.reason ?? "?")")
    }
    registry.records = records
    registry.report = { _ in }  // hook failures are handled through onHookFailure
    registry.onHookFailure = onHookFailure
    for f in withLock({ failedHooks }) { registry.removeHook(f.hook, plugin: f.plugin, location: f.location) }
    return problems
  }

  /// Records a problem seen in a scenario's state (reported once after the run); a failed hook
  /// is left out of the states created after this.
  func note(_ key: String, _ message: String, scenario: String, hook: HookFailure? = nil) {
    withLock {
      journal.append(PluginNote(key: key, message: message, scenario: scenario, hook: hook))
      if problems[key] == nil { problems[key] = (message, scenario) }
      if let hook, !failedHooks.contains(hook) { failedHooks.append(hook) }
    }
  }

  /// The problems seen during the run, one paragraph each, in a stable order (stderr).
  func warnings() -> String {
    let all = withLock { problems }
    return all.keys.sorted().map { key in
      let p = all[key]!
      return "\(progname) \(command): \(p.message)\n  (first in \(p.scenario); the run went on without it)\n"
    }.joined()
  }

  private func withLock<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }

  // MARK: reporters (main thread, after the run)

  var reporterNames: [String] { homeHost.plugins.reporters.map(\.name) }

  /// The report of plugin reporter `name`: `on_start(info)`, `on_result(result)` for each
  /// scenario in report order, `on_finish(summary)`, their returned strings joined. Nil when the
  /// reporter raised or returned something else than a string or nil (reported on stderr).
  func render(_ name: String, _ report: RunReport) -> String? {
    guard let entry = homeHost.plugins.reporter(named: name), let table = entry.value else { return nil }
    let lua = homeHost.lua
    let top = lua.top
    defer { lua.setTop(top) }
    armLimits()
    var out = ""
    func call(_ key: String, _ pushArg: () -> Void) -> Bool {
      lua.setTop(top)
      table.push(lua)
      let t = lua.rawGet(-1, key)
      if t == LUA_TNIL { return true }
      let at = PluginHostObject.definition(lua, -1) ?? entry.location
      func fail(_ why: String) -> Bool {
        FileSystem.write(
          fd: 2,
          "\(progname) \(command): plugin '\(entry.plugin)' failed in its reporter '\(name)' (\(key), \(at)): \(why)\n")
        return false
      }
      guard t == LUA_TFUNCTION else { return fail("\(key) is a \(lua.typeName(-1)), a function expected") }
      pushArg()
      guard lua.pcall(1, 1) else {
        return fail(home.limitMessage ?? lua.errorText(-1))  // a table error with __tostring shows its text
      }
      switch lua.type(-1) {
      case LUA_TNIL: return true
      case LUA_TSTRING:
        out += lua.string(-1) ?? ""
        return true
      default: return fail("\(key) returned a \(lua.typeName(-1)) value; text (a string) or nil expected")
      }
    }
    guard call("on_start", { Self.pushStart(lua, report, reporter: name) }) else { return nil }
    for r in report.results {
      guard call("on_result", { Self.pushResult(lua, r) }) else { return nil }
    }
    guard call("on_finish", { Self.pushSummary(lua, report) }) else { return nil }
    return out
  }

  /// `{reporter=, seed=, shuffled=, shard=, total=}`
  static func pushStart(_ lua: Lua, _ report: RunReport, reporter: String) {
    lua.newTable(narr: 0, nrec: 5)
    lua.push(reporter); lua.rawSet(-2, "reporter")
    lua.push(report.seed); lua.rawSet(-2, "seed")
    lua.push(report.shuffled); lua.rawSet(-2, "shuffled")
    lua.push(report.shard); lua.rawSet(-2, "shard")
    lua.push(report.results.count); lua.rawSet(-2, "total")
  }

  /// `{index=, name=, full_name=, file=, line=, tags=, status=, duration=, message=, failure=,
  /// output=, attempts=, repeat_index=}`; `failure = {kind=, message=, file=, line=, expected=, actual=}`.
  static func pushResult(_ lua: Lua, _ r: ScenarioResult) {
    let s = r.scenario
    lua.newTable(narr: 0, nrec: 14)
    lua.push(r.index + 1); lua.rawSet(-2, "index")
    lua.push(s.name); lua.rawSet(-2, "name")
    lua.push(s.fullName); lua.rawSet(-2, "full_name")
    lua.push(s.file); lua.rawSet(-2, "file")
    lua.push(s.line); lua.rawSet(-2, "line")
    lua.newTable(narr: Int32(s.tags.count))
    for (i, t) in s.tags.enumerated() { lua.push(t); lua.rawSet(-2, index: i + 1) }
    lua.rawSet(-2, "tags")
    lua.push(r.status.rawValue); lua.rawSet(-2, "status")
    lua.push(r.duration); lua.rawSet(-2, "duration")
    lua.push(r.failure?.headline ?? r.reason); lua.rawSet(-2, "message")
    if let f = r.failure {
      lua.newTable(narr: 0, nrec: 6)
      lua.push(f.kind.rawValue); lua.rawSet(-2, "kind")
      lua.push(f.message); lua.rawSet(-2, "message")
      lua.push(f.file); lua.rawSet(-2, "file")
      lua.push(f.line); lua.rawSet(-2, "line")
      lua.push(f.wanted); lua.rawSet(-2, "expected")
      lua.push(f.found); lua.rawSet(-2, "actual")
      lua.rawSet(-2, "failure")
    }
    lua.push(r.output); lua.rawSet(-2, "output")
    lua.push(r.attempts.count + 1); lua.rawSet(-2, "attempts")
    lua.push(r.repeatIndex); lua.rawSet(-2, "repeat_index")
    lua.push(r.assertions); lua.rawSet(-2, "assertions")
    lua.newTable(narr: Int32(r.pendingTimers.count))
    for (i, t) in r.pendingTimers.enumerated() { lua.push(t); lua.rawSet(-2, index: i + 1) }
    lua.rawSet(-2, "pending_timers")
  }

  /// `{total=, passed=, failed=, errors=, pending=, flaky=, duration=, seed=, ok=}`
  static func pushSummary(_ lua: Lua, _ report: RunReport) {
    let c = report.counts
    lua.newTable(narr: 0, nrec: 9)
    for (k, v) in [
      ("total", c.total), ("passed", c.passed), ("failed", c.failed), ("errors", c.errors), ("pending", c.pending),
      ("flaky", c.flaky),
    ] {
      lua.push(v); lua.rawSet(-2, k)
    }
    lua.push(report.duration); lua.rawSet(-2, "duration")
    lua.push(report.seed); lua.rawSet(-2, "seed")
    lua.push(c.failed == 0 && c.errors == 0); lua.rawSet(-2, "ok")
  }
}

/// A problem a plugin had in some scenario (`TestPlugins.note`), reported once after the run.
struct PluginNote: Equatable {
  var key: String
  var message: String
  var scenario: String
  var hook: HookFailure?
}
