import CLuaShim
import LuaRuntime

/// Entry point of the `tantan-host` executable: `lua`-style options, then the interpreter.
/// A first argument naming a subcommand (`test`, `merge-reports`) runs it instead: it wins over a
/// script of that name, which runs as `tantan-host ./test`.
public enum TantanCLI {
  public static let subcommands: [String: @Sendable ([String], String) -> Int32] = [
    "test": { TestCommand.main($0, progname: $1) },
    "merge-reports": { MergeReports.main($0, progname: $1) },
  ]

  public static func main(_ argv: [String]) -> Int32 {
    let options: InterpreterOptions
    let progname = argv.first.flatMap { $0.isEmpty ? nil : $0 } ?? "tantan-host"
    if argv.count > 1, let sub = subcommands[argv[1]] {
      return sub(Array(argv.dropFirst(2)), progname)
    }
    do {
      options = try InterpreterOptions.parse(argv, valued: HostInterpreter.valuedOptions, flags: HostInterpreter.flagOptions)
    } catch {
      writeError("\(progname): \(error)\n" + InterpreterOptions.usage(progname: progname, hostOptions: HostInterpreter.optionHelp))
      return 1
    }
    if let dir = options.long["emit-meta"] {
      if let err = ApiDocs.emit(to: dir) { writeError("\(progname): \(err)\n"); return 1 }
      return 0
    }
    let state: LuaState
    do { state = try LuaState() } catch {
      writeError("\(progname): \(error)\n")
      return 1
    }
    let hostInterpreter = HostInterpreter()
    let status = Interpreter(state: state, options: options, host: hostInterpreter).run()
    state.close()
    return status
  }

  static func writeError(_ s: String) {
    var s = s
    s.withUTF8 { b in b.withMemoryRebound(to: CChar.self) { tt_write_stderr($0.baseAddress, $0.count) } }
  }
}
