import CLua
import CLuaShim
import LuaRuntime
import TantanLua

/// `tantan-host` as a drop-in `lua`: the stock interpreter plus the `tantan` module, limits,
/// the sandbox and `--seed`.
final class HostInterpreter: InterpreterHost {
  /// The host's options after lua's own (`-e`, `-l`, ...): declared once, here and in
  /// `SharedOptions` (the ones `test` shares); parsing, the usage text and `Settings` read them.
  static let options: [OptionSpec] = [
    SharedOptions.seed, SharedOptions.maxMemory, SharedOptions.maxInstructions, SharedOptions.timeout,
    OptionSpec(
      long: "emit-meta", argument: .required("DIR"),
      help: "write the LuaLS stubs (tantan.d.lua) and API reference (API.md) to DIR and exit"),
    SharedOptions.sandbox, SharedOptions.plugin, SharedOptions.strictPlugins, SharedOptions.trace,
    OptionSpec(
      long: "trace-file", argument: .required("FILE"), defaultValue: "tantan-trace.html",
      help: "where --trace writes the script's trace (given alone, it means --trace on)"),
    OptionSpec(
      long: "coverage", argument: .required("FORMAT=FILE"),
      help: "count the lines run and write lcov=FILE, cobertura=FILE or summary[=FILE] (repeatable)"),
    OptionSpec(
      long: "coverage-include", argument: .required("PAT"),
      help: "report files matching this Lua pattern (luacov's include; repeatable; .luacov too)"),
    OptionSpec(
      long: "coverage-exclude", argument: .required("PAT"),
      help: "leave out files matching this Lua pattern (luacov's exclude; repeatable)"),
  ]
  static var valuedOptions: Set<String> { Set(options.filter { $0.argument != .none }.map(\.long)) }
  static var flagOptions: Set<String> { Set(options.filter { $0.argument == .none }.map(\.long)) }
  /// The usage text's lines for the host options (after lua's own).
  static var optionHelp: String { OptionSpec.help(options, width: 22) }

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
    /// Where the trace goes (nil: no trace), and whether only a failed run keeps it.
    var trace: String?
    var traceOnlyFailures = false
    var coverage: [CoverageOutput] = []
  }

  static func settings(_ o: InterpreterOptions) throws(InterpreterOptions.ParseError) -> Settings {
    var s = Settings()
    do throws(OptionParser.Error) {
      s.seed = try o.long["seed"].map { v throws(OptionParser.Error) in try SharedOptions.integer("seed", v) }
      s.maxMemory = try o.long["max-memory"].flatMap { v throws(OptionParser.Error) in
        try SharedOptions.limit("max-memory", v)
      }
      s.maxInstructions = try o.long["max-instructions"].flatMap { v throws(OptionParser.Error) in
        try SharedOptions.limit("max-instructions", v)
      }
      s.timeout = try o.long["timeout"].flatMap { v throws(OptionParser.Error) in try SharedOptions.seconds(v) }
    } catch {
      throw .badValue(option: error.option ?? "", message: error.detail ?? error.description)
    }
    s.sandbox = o.long["sandbox"] != nil
    s.plugins = o.values("plugin")
    s.strictPlugins = o.long["strict-plugins"] != nil
    // --trace MODE, where to: --trace-file; a value that is not a mode is the file (as before).
    var file = o.long["trace-file"]
    if file?.isEmpty == true { throw .badValue(option: "--trace-file", message: "file name expected, got ''") }
    var mode: SharedOptions.TraceMode = file == nil ? .off : .on
    if let v = o.long["trace"] {
      guard !v.isEmpty else { throw .badValue(option: "--trace", message: "a mode or file name expected, got ''") }
      if let m = SharedOptions.TraceMode(rawValue: v) {
        mode = m
      } else {
        mode = .on
        file = file ?? v
      }
    }
    if mode != .off {
      s.trace = file ?? options.first { $0.long == "trace-file" }?.defaultValue
      s.traceOnlyFailures = mode == .retainOnFailure
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
      trace = ScriptTrace(
        host: host, path: path, title: options.script ?? "(command line)", progname: options.progname,
        onlyFailures: settings.traceOnlyFailures)
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
