import CLuaShim
import LuaRuntime
import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Entry point of the `tantan-host` executable: `lua`-style options, then the interpreter.
/// A first argument naming a subcommand (`test`, `merge-reports`) runs it instead: it wins over a
/// script of that name, which runs as `tantan-host ./test`.
package enum TantanCLI {
  static let subcommands: [String: @Sendable ([String], String) -> Int32] = [
    "test": { TestCommand.main($0, progname: $1) },
    "merge-reports": { MergeReports.main($0, progname: $1) },
    "play": { PlayCommand.main($0, progname: $1) },
  ]

  package static func main(_ argv: [String]) -> Int32 {
    var options: InterpreterOptions
    let progname = argv.first.flatMap { $0.isEmpty ? nil : $0 } ?? "tantan-host"
    if argv.count > 1, argv[1] == TestWorker.flag {  // hidden: `test` starts its workers so
      return TestWorker.main(Array(argv.dropFirst(2)), progname: progname)
    }
    if argv.count > 1, let sub = subcommands[argv[1]] {
      return sub(Array(argv.dropFirst(2)), progname)
    }
    do {
      options = try InterpreterOptions.parse(
        argv, valued: HostInterpreter.valuedOptions, flags: HostInterpreter.flagOptions)
      options.rawArgv = rawArguments(matching: argv)
    } catch {
      writeError(
        "\(progname): \(error)\n"
          + InterpreterOptions.usage(progname: progname, hostOptions: []) + HostInterpreter.optionHelp)
      return 1
    }
    if let dir = options.long["emit-meta"] {
      if let err = ApiDocs.emit(to: dir) { writeError("\(progname): \(err)\n"); return 1 }
      return 0
    }
    let state: LuaState
    do { state = try Interpreter.makeState(options) } catch {
      writeError("\(progname): \(error)\n")
      return 1
    }
    let hostInterpreter = HostInterpreter()
    let interpreter = Interpreter(state: state, options: options, host: hostInterpreter)
    defer { state.close() }
    // One protected frame for the whole run, as lua.c's pmain: plugin subcommands too.
    var status = interpreter.protectedMain {
      if let s = subcommand(options, interpreter, hostInterpreter, state) { return s }
      return interpreter.runMain()
    }
    // --strict-plugins: a plugin hook that raised during the run fails it.
    if status == 0, let plugins = hostInterpreter.host?.plugins, plugins.strict, plugins.hookFailed { status = 1 }
    if let err = hostInterpreter.finishTrace(status: status) {
      writeError("\(progname): \(err)\n")
      status = 1
    }
    for err in hostInterpreter.finishCoverage() {
      writeError("\(progname): \(err)\n")
      status = 1
    }
    // The finalizers that run at close are held to the script's limits: one that hit them fails the run.
    state.close()
    if let limit = state.limitMessageAtClose {
      writeError("\(progname): \(limit)\n")
      status = 1
    }
    return status
  }

  /// The process's own argument bytes where `argv` is the process's arguments (Swift repairs bytes
  /// that are not UTF-8 when it makes `CommandLine.arguments`; lua passes them through).
  static func rawArguments(matching argv: [String]) -> [[UInt8]] {
    let count = Int(CommandLine.argc)
    return argv.enumerated().map { i, a in
      guard i < count, let p = CommandLine.unsafeArgv[i] else { return Array(a.utf8) }
      let bytes = Array(UnsafeRawBufferPointer(start: p, count: strlen(p)))
      return String(decoding: bytes, as: UTF8.self) == a ? bytes : Array(a.utf8)
    }
  }

  /// `tantan-host plugins` and plugin subcommands (`tantan-host NAME args`); nil: run as `lua`.
  /// Plugins are loaded into the state only when a plugin folder exists; a name no plugin
  /// registers falls through to the script path with the state already prepared.
  static func subcommand(
    _ options: InterpreterOptions, _ interpreter: Interpreter, _ hi: HostInterpreter, _ state: LuaState
  ) -> Int32? {
    guard PluginCommands.isCandidate(options), let name = options.script else { return nil }
    let listing = name == "plugins"
    if !listing && PluginDiscovery.discover(requested: options.values("plugin")).isEmpty { return nil }
    var options = options
    if listing {  // `plugins --plugin DIR`: the listing's own options, as they work before it
      do throws(InterpreterOptions.ParseError) { try PluginCommands.addListingOptions(&options) } catch {
        writeError(
          "\(options.progname): plugins: \(error)\nusage: \(options.progname) plugins [--plugin DIR]... [--strict-plugins]\n"
        )
        return 1
      }
    }
    interpreter.createArgTable()
    hi.quietPlugins = listing
    guard hi.prepare(state, options: options), let host = hi.host else { return 1 }
    if listing {
      let plugins = host.plugins
      var out = PluginCommands.listing(plugins, requested: options.values("plugin"))
      out.withUTF8 { b in b.withMemoryRebound(to: CChar.self) { tt_write_stdout($0.baseAddress, $0.count) } }
      tt_flush_stdout()
      let broken = plugins.records.contains { $0.status == .failed || $0.status == .refused || $0.status == .skipped }
      return plugins.strict && broken ? 1 : 0
    }
    return PluginCommands.run(name, host: host, interpreter: interpreter, options: options)
  }

  static func writeError(_ s: String) {
    var s = s
    s.withUTF8 { b in b.withMemoryRebound(to: CChar.self) { tt_write_stderr($0.baseAddress, $0.count) } }
  }
}
