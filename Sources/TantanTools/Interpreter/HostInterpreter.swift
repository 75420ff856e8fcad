import CLua
import CLuaShim
import LuaRuntime
import TantanLua

/// `tantan-host` as a drop-in `lua`: the stock interpreter plus the `tantan` module, limits,
/// the sandbox and `--seed`.
final class HostInterpreter: InterpreterHost {
  static let valuedOptions: Set<String> = [
    "seed", "max-memory", "max-instructions", "timeout", "emit-meta", "plugin", "trace", "coverage",
    "coverage-include", "coverage-exclude",
  ]
  static let flagOptions: Set<String> = ["sandbox", "strict-plugins"]
  static let optionHelp: [(String, String)] = [
    ("--seed N", "seed math.random (and the test runner's shuffle) with integer N"),
    ("--max-memory BYTES", "fail with 'not enough memory' past this many bytes"),
    ("--max-instructions N", "fail after about N VM instructions (counted per 1000)"),
    ("--timeout SECONDS", "fail after SECONDS of wall-clock time"),
    ("--emit-meta DIR", "write the LuaLS stubs (tantan.d.lua) and API reference (API.md) to DIR and exit"),
    (
      "--sandbox",
      "remove io, os.execute/remove/rename/exit/getenv/tmpname, debug, dofile, loadfile, binary load, C modules"
    ),
    ("--plugin DIR", "load the plugin in DIR, or every plugin folder in DIR (repeatable; before ./plugins)"),
    ("--strict-plugins", "a plugin that fails to load (or whose hook raises) stops the run with status 1"),
    ("--trace FILE", "record every step (gestures, calls, clock) and write an HTML trace viewer to FILE"),
    (
      "--coverage FORMAT=FILE", "count the lines run and write lcov=FILE, cobertura=FILE or summary[=FILE] (repeatable)"
    ),
    ("--coverage-include PAT", "report files matching this Lua pattern (luacov's include; repeatable; .luacov too)"),
    ("--coverage-exclude PAT", "leave out files matching this Lua pattern (luacov's exclude; repeatable)"),
  ]

  var host: TantanHost?
  /// Set once `prepare` ran (a plugin subcommand prepares the state before the interpreter runs).
  var prepared = false
  /// `tantan-host plugins`: load without reporting failures on stderr (the listing shows them).
  var quietPlugins = false
  /// `--trace FILE`: the recording, written when the run ends.
  var trace: ScriptTrace?
  /// `--coverage`: the counts, whose reports are written when the run ends.
  var coverage: ScriptCoverage?
  /// `tantan-host play`: called once the host is set up (sandbox, limits, plugins), before the
  /// script runs; false stops the run. And every error message the interpreter reports.
  var didPrepare: ((TantanHost) -> Bool)?
  var didReport: ((String) -> Void)?
  init() {}

  var versionLine: String { "tantan-host \(TantanHost.version) -- \(String(cString: tt_copyright()))" }

  struct Settings {
    var seed: Int?
    var maxMemory: Int?
    var maxInstructions: Int?
    var timeout: Double?
    var sandbox = false
    var plugins: [String] = []
    var strictPlugins = false
    var trace: String?
    var coverage: [CoverageOutput] = []
  }

  static func settings(_ o: InterpreterOptions) throws(InterpreterOptions.ParseError) -> Settings {
    var s = Settings()
    func int(_ name: String, min: Int) throws(InterpreterOptions.ParseError) -> Int? {
      guard let v = o.long[name] else { return nil }
      guard let i = Int(v), i >= min else {
        throw .badValue(option: "--" + name, message: "integer >= \(min) expected, got '\(v)'")
      }
      return i
    }
    s.seed = try int("seed", min: Int.min)
    s.maxMemory = try int("max-memory", min: 1)
    s.maxInstructions = try int("max-instructions", min: 1)
    if let v = o.long["timeout"] {
      guard let d = Double(v), d.isFinite, d > 0 else {
        throw .badValue(option: "--timeout", message: "positive number of seconds expected, got '\(v)'")
      }
      s.timeout = d
    }
    s.sandbox = o.long["sandbox"] != nil
    s.plugins = o.values("plugin")
    s.strictPlugins = o.long["strict-plugins"] != nil
    if let v = o.long["trace"] {
      guard !v.isEmpty else { throw .badValue(option: "--trace", message: "file name expected, got ''") }
      s.trace = v
    }
    for v in o.values("coverage") {
      switch CoverageOutput.parse(v) {
      case .success(let out): s.coverage.append(out)
      case .failure(let e): throw .badValue(option: "--coverage", message: e.description)
      case nil:
        throw .badValue(
          option: "--coverage", message: "lcov=FILE, cobertura=FILE or summary[=FILE] expected, got '\(v)'")
      }
    }
    return s
  }

  func prepare(_ state: LuaState, options: InterpreterOptions) -> Bool {
    if prepared { return true }
    prepared = true
    let settings: Settings
    do { settings = try Self.settings(options) } catch { return fail(options, "\(error)") }
    let host: TantanHost
    switch TantanModule.makeHost(state, seed: settings.seed) {
    case .success(let h): host = h
    case .failure(let e): return fail(options, e.description)
    }
    self.host = host
    let repl = options.interactive || (options.script == nil && !options.hasExecute && !options.showVersion)
    if repl { ApiDocs.installHelp(state.lua) }
    if settings.sandbox {
      let dir = options.script.map(Self.directory) ?? "."
      guard Sandbox.load(state) == LUA_OK else { return report(state, options) }
      let nargs = Sandbox.pushArguments(state.lua, scriptDir: dir)
      guard state.lua.pcall(nargs, 0, traceback: true) else { return report(state, options) }
      host.sandboxed = true
    }
    if let path = settings.trace {
      trace = ScriptTrace(host: host, path: path, title: options.script ?? "(command line)", progname: options.progname)
    }
    if !settings.coverage.isEmpty {
      let filter: CoverageFilter
      do {
        filter = try CoverageFilter(
          root: CoverageFilter.workingDirectory, config: ".luacov", include: options.values("coverage-include"),
          exclude: options.values("coverage-exclude"))
      } catch { return fail(options, error.description) }
      coverage = ScriptCoverage(
        state: state, host: host, outputs: settings.coverage, filter: filter, progname: options.progname)
    }
    state.setLimits(maxMemory: settings.maxMemory, maxInstructions: settings.maxInstructions, timeout: settings.timeout)
    // Where the count hook cannot run (a C function, a finalizer, a message handler entered from a
    // limit's error) the watchdog ends the process with the limit's message, after this prefix.
    tt_arm_watchdog(state.lua.L, "\(options.progname): ", 1 + (settings.timeout ?? 0) / 10)
    // Plugins load after the sandbox prelude and under the limits, so both apply to them.
    let candidates = PluginDiscovery.discover(requested: settings.plugins)
    if !candidates.isEmpty {
      let progname = options.progname
      host.plugins.report = { msg in PluginRegistry.writeStderr("\(progname): \(msg)\n") }
      let loaded = PluginLoader.load(
        candidates, into: host,
        options: .init(sandboxed: settings.sandbox, strict: settings.strictPlugins, quiet: quietPlugins))
      if !loaded { return false }
    }
    return didPrepare?(host) ?? true
  }

  func willReport(_ message: String) {
    trace?.failed(message)
    didReport?(message)
  }

  /// Under `--sandbox` every chunk is text: unchecked bytecode reads and writes out of bounds.
  var chunkMode: String? { host?.sandboxed == true ? "t" : nil }

  /// Writes the trace, if the run is traced; an error message when it cannot be written.
  func finishTrace(status: Int32) -> String? { trace?.write(status: status) }

  /// Writes the coverage reports, if the run counts lines; the messages of those not written.
  func finishCoverage() -> [String] { coverage?.write() ?? [] }

  private func report(_ state: LuaState, _ o: InterpreterOptions) -> Bool {
    fail(o, state.lua.string(-1) ?? "error")
  }

  private func fail(_ o: InterpreterOptions, _ msg: String) -> Bool {
    var line = "\(o.progname): \(msg)\n"
    line.withUTF8 { b in b.withMemoryRebound(to: CChar.self) { tt_write_stderr($0.baseAddress, $0.count) } }
    return false
  }

  static func directory(_ path: String) -> String {
    guard path != "-", let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }
}

extension InterpreterOptions.ParseError: CustomStringConvertible {
  public var description: String {
    switch self {
    case .needsArgument(let o): return "'\(o)' needs argument"
    case .unrecognized(let o): return "unrecognized option '\(o)'"
    case .badValue(let o, let m): return "bad value for \(o): \(m)"
    }
  }
}
