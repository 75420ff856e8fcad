import CLua
import CLuaShim
#if canImport(Glibc)
import Glibc
#endif

/// What an embedding host adds to the stock interpreter.
public protocol InterpreterHost: AnyObject {
  /// Banner for -v and the REPL, e.g. "tantan-host 0.1.0 -- Lua 5.4.4 ...".
  var versionLine: String { get }
  /// Called after the standard libraries and `arg` exist, before LUA_INIT runs. Return false after
  /// reporting an error to stop with status 1.
  func prepare(_ state: LuaState, options: InterpreterOptions) -> Bool
}

/// `lua.c` in Swift: same options, same order of effects, same messages and exit statuses.
/// Every call into Lua is protected; nothing here can raise through a Swift frame.
public final class Interpreter {
  public let state: LuaState
  public let options: InterpreterOptions
  let host: InterpreterHost
  /// nil inside the REPL: `lua.c` drops the program name from interactive error messages.
  var progname: String?

  public init(state: LuaState, options: InterpreterOptions, host: InterpreterHost) {
    self.state = state; self.options = options; self.host = host; self.progname = options.progname
  }

  var lua: Lua { state.lua }

  /// Runs like `lua.c`'s `pmain`; returns the process exit status.
  public func run() -> Int32 {
    if options.showVersion { writeOut(host.versionLine + "\n") }
    createArgTable()
    guard host.prepare(state, options: options) else { return 1 }
    guard runPreamble() else { return 1 }
    if options.script != nil, report(handleScript()) != LUA_OK { return 1 }
    if options.interactive {
      repl()
    } else if options.script == nil, !options.hasExecute, !options.showVersion {
      if tt_stdin_is_tty() != 0 {
        writeOut(host.versionLine + "\n")
        repl()
      } else if report(doFile(nil)) != LUA_OK {
        return 1
      }
    }
    return 0
  }

  /// `lua.c`'s `createargtable`: the global `arg`, the script at index 0.
  public func createArgTable() {
    let argv = options.argv
    let script = options.scriptIndex == argv.count ? 0 : options.scriptIndex
    lua.newTable(narr: Int32(max(argv.count - script - 1, 0)), nrec: Int32(script + 1))
    for (i, a) in argv.enumerated() {
      lua.push(a)
      lua_rawseti(lua.L, -2, lua_Integer(i - script))
    }
    state.setGlobal("arg")
  }

  /// `docall`: a protected call with the traceback handler and the Ctrl-C handler installed.
  public func doCall(_ nargs: Int32, _ nresults: Int32) -> Int32 {
    tt_install_sigint(lua.L)
    let status = tt_docall(lua.L, nargs, nresults)
    tt_restore_sigint()
    return status
  }

  /// `report`: prints the message on top (if any) as `progname: msg`.
  @discardableResult
  public func report(_ status: Int32) -> Int32 {
    if status != LUA_OK {
      let msg = lua.string(-1) ?? "(error object is a \(lua.typeName(-1)) value)"
      message(msg)
      lua.pop()
    }
    return status
  }

  func message(_ msg: String) {
    writeErr((progname.map { "\($0): " } ?? "") + msg + "\n")
  }

  func doChunk(_ status: Int32) -> Int32 { status == LUA_OK ? doCall(0, 0) : status }
  func doString(_ code: String, name: String) -> Int32 { doChunk(state.load(code, name: name)) }
  func doFile(_ path: String?) -> Int32 { doChunk(state.loadFile(path)) }

  /// `LUA_INIT` (unless `-E`), then `-e`, `-l` and `-W` in order; false after reporting an error.
  /// A host running something other than a script (a subcommand) calls it after `prepare`.
  public func runPreamble() -> Bool {
    if !options.ignoreEnvironment, report(handleLuaInit()) != LUA_OK { return false }
    return runActions()
  }

  func handleLuaInit() -> Int32 {
    let (name, value): (String, String?) = {
      if let v = getenv("LUA_INIT_5_4") { return ("=LUA_INIT_5_4", String(cString: v)) }
      if let v = getenv("LUA_INIT") { return ("=LUA_INIT", String(cString: v)) }
      return ("", nil)
    }()
    guard let value else { return LUA_OK }
    if value.hasPrefix("@") { return doFile(String(value.dropFirst())) }
    return doString(value, name: name)
  }

  func runActions() -> Bool {
    for action in options.actions {
      switch action {
      case .execute(let code):
        if report(doString(code, name: "=(command line)")) != LUA_OK { return false }
      case .require(let spec):
        if report(doLibrary(spec)) != LUA_OK { return false }
      case .warningsOn:
        lua_warning(lua.L, "@on", 0)
      }
    }
    return true
  }

  /// `-l mod` (global `mod`, or the part after the last '-') and `-l g=mod`.
  func doLibrary(_ spec: String) -> Int32 {
    var global = spec
    var module = spec
    if let eq = spec.firstIndex(of: "=") {
      global = String(spec[..<eq]); module = String(spec[spec.index(after: eq)...])
    } else if let dash = spec.lastIndex(of: "-") {
      global = String(spec[spec.index(after: dash)...])
    }
    lua_getglobal(lua.L, "require")
    lua.push(module)
    let status = doCall(1, 1)
    if status == LUA_OK { state.setGlobal(global) }
    return status
  }

  func handleScript() -> Int32 {
    let argv = options.argv
    let i = options.scriptIndex
    let fname: String? = (argv[i] == "-" && argv[i - 1] != "--") ? nil : argv[i]
    var status = state.loadFile(fname)
    if status == LUA_OK {
      // pushargs: the script's own arguments, from the global 'arg' as lua.c reads them
      guard lua_getglobal(lua.L, "arg") == LUA_TTABLE else {
        lua.pop(2)
        lua.push("'arg' is not a table")
        return LUA_ERRRUN
      }
      let n = argv.count - i - 1
      guard lua_checkstack(lua.L, Int32(n) + 3) != 0 else {
        lua.pop(2)
        lua.push("too many arguments to script")
        return LUA_ERRRUN
      }
      for k in 1...max(n, 1) where n > 0 { lua_rawgeti(lua.L, -Int32(k), lua_Integer(k)) }
      lua_rotate(lua.L, -Int32(n) - 1, -1)
      lua.pop()
      status = doCall(Int32(n), LUA_MULTRET)
    }
    return status
  }
}

func writeOut(_ s: String) {
  var s = s
  s.withUTF8 { b in b.withMemoryRebound(to: CChar.self) { tt_write_stdout($0.baseAddress, $0.count) } }
  tt_flush_stdout()
}

func writeErr(_ s: String) {
  var s = s
  s.withUTF8 { b in b.withMemoryRebound(to: CChar.self) { tt_write_stderr($0.baseAddress, $0.count) } }
}
