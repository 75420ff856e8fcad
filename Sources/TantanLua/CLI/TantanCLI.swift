import CLuaShim
#if canImport(Glibc)
import Glibc
#endif
import LuaRuntime

/// Entry point of the `tantan-host` executable: `lua`-style options, then the interpreter.
public enum TantanCLI {
  public static func main(_ argv: [String]) -> Int32 {
    var options: InterpreterOptions
    let progname = argv.first.flatMap { $0.isEmpty ? nil : $0 } ?? "tantan-host"
    do {
      options = try InterpreterOptions.parse(argv, valued: HostInterpreter.valuedOptions, flags: HostInterpreter.flagOptions)
      options.rawArgv = rawArguments(matching: argv)
    } catch {
      writeError("\(progname): \(error)\n" + InterpreterOptions.usage(progname: progname, hostOptions: HostInterpreter.optionHelp))
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
    let status = Interpreter(state: state, options: options, host: hostInterpreter).run()
    state.close()
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

  static func writeError(_ s: String) {
    var s = s
    s.withUTF8 { b in b.withMemoryRebound(to: CChar.self) { tt_write_stderr($0.baseAddress, $0.count) } }
  }
}
