import CLua
import CLuaShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What an embedding host adds to the stock interpreter.
public protocol InterpreterHost: AnyObject {
  /// Banner for -v and the REPL, e.g. "tantan-host 0.1.0 -- Lua 5.4.4 ...".
  var versionLine: String { get }
  /// Called after the standard libraries and `arg` exist, before LUA_INIT runs. Return false after
  /// reporting an error to stop with status 1.
  func prepare(_ state: LuaState, options: InterpreterOptions) -> Bool
  /// Called with every error message the interpreter reports (`progname: ` left out), before it
  /// is printed: a host recording the run (a trace) keeps it.
  func willReport(_ message: String)
  /// The mode every chunk the interpreter loads (script, stdin, `-e`, `LUA_INIT`, REPL lines) is
  /// loaded in, read after `prepare`: "t" refuses bytecode (a sandbox), nil is lua's "bt".
  var chunkMode: String? { get }
}

extension InterpreterHost {
  public func willReport(_ message: String) {}
  public var chunkMode: String? { nil }
}

/// `lua.c` in Swift: same options, same order of effects, same messages and exit statuses.
/// Every call into Lua is protected; nothing here can raise through a Swift frame.
public final class Interpreter {
  public let state: LuaState
  public let options: InterpreterOptions
  let host: InterpreterHost
  /// nil inside the REPL: `lua.c` drops the program name from interactive error messages.
  var progname: String?
  /// REPL lines read but not used yet (a carriage return ends a line too, as in readline).
  var pendingLines: [[UInt8]] = []
  /// The REPL itself failed (reading `_PROMPT` or `print` raised); the error is on the stack.
  var replFailed = false
  /// Line editing while the REPL reads from a terminal (LineEditor.swift).
  var lineEditor: LineEditor?

  public init(state: LuaState, options: InterpreterOptions, host: InterpreterHost) {
    self.state = state; self.options = options; self.host = host; self.progname = options.progname
  }

  var lua: Lua { state.lua }

  /// A state for `options`, with the standard libraries opened as `lua.c`'s `pmain` opens them:
  /// under `-E` the registry flag `LUA_NOENV` is set first, so `package` ignores `LUA_PATH`,
  /// `LUA_CPATH` and their `_5_4` variants.
  public static func makeState(_ options: InterpreterOptions) throws(LuaStateError) -> LuaState {
    let state = try LuaState(openLibs: false)
    let lua = state.lua
    if options.ignoreEnvironment {
      lua.push(true)
      lua.rawSet(Lua.registryIndex, "LUA_NOENV")
    }
    if tt_openlibs(lua.L) != LUA_OK {
      let msg = lua.string(-1) ?? "cannot open standard libraries"
      state.close()
      throw LuaStateError(description: msg)
    }
    return state
  }

  /// Runs like `lua.c`'s `main`: `pmain` inside one protected frame; returns the exit status.
  public func run() -> Int32 {
    protectedMain { self.runMain() }
  }

  /// Runs `body` inside one protected C frame, as `lua.c`'s `main` runs `pmain`: an error nothing
  /// else caught is reported as `progname: message` with status 1 instead of Lua's panic. Every
  /// step of the run is inside it; `doCall` relies on it (the frame is `pmain`'s C function, so
  /// tracebacks end in `[C]: in ?` and stack overflows happen at lua.c's depth).
  public func protectedMain(_ body: @escaping () -> Int32) -> Int32 {
    var status: Int32 = 1
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      status = body()
      return 0
    })
    lua.pushNil()
    lua.pushNil()  // pmain's two arguments (argc, argv): the chunk's stack layout is lua.c's
    let st = tt_pcall(lua.L, 2, 0, TT_HANDLER_NONE)
    if st != LUA_OK {
      report(st)
      return 1
    }
    return status
  }

  /// `pmain` after the state exists; call it inside `protectedMain`.
  public func runMain() -> Int32 {
    if options.showVersion { writeOut(host.versionLine + "\n") }
    guard report(createArgTable()) == LUA_OK else { return 1 }
    tt_gc_generational(lua.L)
    guard host.prepare(state, options: options) else { return 1 }
    guard runPreamble() else { return 1 }
    if options.script != nil, report(handleScript()) != LUA_OK { return 1 }
    if options.interactive {
      if !repl() { return 1 }
    } else if options.script == nil, !options.hasExecute, !options.showVersion {
      if tt_stdin_is_tty() != 0 {
        writeOut(host.versionLine + "\n")
        if !repl() { return 1 }
      } else {
        // lua.c's pmain ignores this dofile's status: a failing script piped in without any
        // argument is reported, and the exit status is still 0 (with `-` it is 1). A tripped
        // limit (memory, instructions, time: not lua's) still fails the run.
        if report(doFile(nil)) != LUA_OK, limitFailsRun { return 1 }
      }
    }
    return 0
  }

  /// A limit of the host's (memory, instructions, time) tripped: the run fails whatever lua.c does.
  var limitFailsRun: Bool {
    switch tt_limit_tripped(lua.L) {
    case TT_LIMIT_MEMORY, TT_LIMIT_INSTRUCTIONS, TT_LIMIT_TIMEOUT: return true
    default: return false
    }
  }

  /// `lua.c`'s `createargtable`: the global `arg`, the script at index 0. Returns the status of
  /// setting the global (which runs `_G`'s metamethods when it has any).
  @discardableResult
  public func createArgTable() -> Int32 {
    let argv = options.argv
    let script = options.scriptIndex == argv.count ? 0 : options.scriptIndex
    lua.newTable(narr: Int32(max(argv.count - script - 1, 0)), nrec: Int32(script + 1))
    for i in argv.indices {
      pushBytes(options.rawArgument(i))
      lua_rawseti(lua.L, -2, lua_Integer(i - script))
    }
    return tt_setglobal(lua.L, "arg")
  }

  // MARK: bytes (arguments, environment variables and messages need not be UTF-8)

  func pushBytes(_ b: [UInt8]) {
    (b + [0]).withUnsafeBufferPointer { p in
      p.withMemoryRebound(to: CChar.self) { _ = lua_pushlstring(lua.L, $0.baseAddress, b.count) }
    }
  }

  func loadBytes(_ b: [UInt8], name: String) -> Int32 {
    (b + [0]).withUnsafeBufferPointer { p in
      p.withMemoryRebound(to: CChar.self) { tt_loadbuffer(lua.L, $0.baseAddress, b.count, name, host.chunkMode) }
    }
  }

  /// Loads the file named by these bytes (chunk name `@name`).
  func loadFile(bytes b: [UInt8]) -> Int32 {
    (b + [0]).withUnsafeBufferPointer { p in
      p.withMemoryRebound(to: CChar.self) { tt_loadfile(lua.L, $0.baseAddress, host.chunkMode) }
    }
  }

  /// `docall`: a protected call with the traceback handler and the Ctrl-C handler installed.
  /// Called inside `protectedMain`, whose frame stands for `pmain`'s. Ctrl-C raises once, as in
  /// lua.c, unless a `--timeout` is set: then it is sticky, so a runaway ends for sure.
  public func doCall(_ nargs: Int32, _ nresults: Int32) -> Int32 {
    tt_install_sigint(lua.L)
    let status = tt_pcall(lua.L, nargs, nresults, TT_HANDLER_TRACEBACK)
    tt_restore_sigint()
    return status
  }

  /// `report`: prints the message on top (if any) as `progname: msg`.
  @discardableResult
  public func report(_ status: Int32) -> Int32 {
    if status != LUA_OK {
      let t = lua.type(-1)
      var len = 0
      if status == LUA_ERRMEM, let limit = state.limitMessage {
        // An allocation refused by --max-memory raises LUA_ERRMEM, which runs no message handler:
        // name the place where the limit struck, as the sticky hook does for every later error.
        host.willReport(limit)
        message(limit)
      } else if t == LUA_TSTRING || t == LUA_TNUMBER, let p = tt_tostring(lua.L, -1, &len) {
        // The message's own bytes (it may quote a file name or data that is not UTF-8).
        let text = UnsafeRawBufferPointer(start: p, count: len)
        host.willReport(String(decoding: text, as: UTF8.self))
        let bytes = Array((progname.map { "\($0): " } ?? "").utf8) + Array(text) + [0x0A]
        bytes.withUnsafeBufferPointer { b in
          b.withMemoryRebound(to: CChar.self) { tt_write_stderr($0.baseAddress, $0.count) }
        }
      } else {
        host.willReport("(error object is a \(lua.typeName(-1)) value)")
        message("(error object is a \(lua.typeName(-1)) value)")
      }
      lua.pop()
    }
    return status
  }

  func message(_ msg: String) {
    writeErr((progname.map { "\($0): " } ?? "") + msg + "\n")
  }

  func doChunk(_ status: Int32) -> Int32 { status == LUA_OK ? doCall(0, 0) : status }
  func doFile(_ path: String?) -> Int32 { doChunk(state.loadFile(path, mode: host.chunkMode)) }

  /// `LUA_INIT` (unless `-E`), then `-e`, `-l` and `-W` in order; false after reporting an error.
  /// A host running something other than a script (a subcommand) calls it after `prepare`.
  public func runPreamble() -> Bool {
    if !options.ignoreEnvironment, report(handleLuaInit()) != LUA_OK { return false }
    return runActions()
  }

  func handleLuaInit() -> Int32 {
    var name = "=LUA_INIT_5_4"
    var value = getenv("LUA_INIT_5_4")
    if value == nil { name = "=LUA_INIT"; value = getenv("LUA_INIT") }
    guard let value else { return LUA_OK }
    if value[0] == CChar(UInt8(ascii: "@")) { return doChunk(tt_loadfile(lua.L, value + 1, host.chunkMode)) }
    return doChunk(tt_loadbuffer(lua.L, value, strlen(value), name, host.chunkMode))
  }

  func runActions() -> Bool {
    for (i, action) in options.actions.enumerated() {
      switch action {
      case .execute:
        if report(doChunk(loadBytes(options.rawBytes(ofAction: i), name: "=(command line)"))) != LUA_OK { return false }
      case .require:
        if report(doLibrary(options.rawBytes(ofAction: i))) != LUA_OK { return false }
      case .warningsOn:
        lua_warning(lua.L, "@on", 0)
      }
    }
    return true
  }

  /// `-l mod` (global `mod`, the whole name even with a '-', as Lua 5.4.4's `dolibrary`) and
  /// `-l g=mod`.
  func doLibrary(_ spec: [UInt8]) -> Int32 {
    var global = spec
    var module = spec
    if let eq = spec.firstIndex(of: UInt8(ascii: "=")) {
      global = Array(spec[..<eq]); module = Array(spec[(eq + 1)...])
    }
    var status = tt_getglobal(lua.L, "require")
    guard status == LUA_OK else { return status }
    pushBytes(module)
    status = doCall(1, 1)
    if status == LUA_OK {
      status = (global + [0]).withUnsafeBufferPointer { p in
        p.withMemoryRebound(to: CChar.self) { tt_setglobal(lua.L, $0.baseAddress) }
      }
    }
    return status
  }

  func handleScript() -> Int32 {
    let argv = options.argv
    let i = options.scriptIndex
    var status =
      (argv[i] == "-" && argv[i - 1] != "--")
      ? state.loadFile(nil, mode: host.chunkMode) : loadFile(bytes: options.rawArgument(i))
    if status == LUA_OK {
      status = pushScriptArguments()
      guard status >= 0 else { return LUA_ERRRUN }
      status = doCall(status, LUA_MULTRET)
    }
    return status
  }

  /// lua.c's `pushargs`: the script's arguments are `arg[1..#arg]` as the global `arg` stands
  /// now (after `-e` and `-l` ran). Returns their count, or -1 with the chunk replaced by the
  /// error (`'arg' is not a table`, or what `arg`'s metamethods raised).
  private func pushScriptArguments() -> Int32 {
    let status = tt_getglobal(lua.L, "arg")
    if status != LUA_OK || lua.type(-1) != LUA_TTABLE {
      if status == LUA_OK { lua.pop(); lua.push("'arg' is not a table") }
      lua_rotate(lua.L, -2, 1)
      lua.pop()
      return -1
    }
    var len: lua_Integer = 0
    guard tt_len(lua.L, -1, &len) == LUA_OK else {  // __len raised: the error replaces arg and the chunk
      lua_rotate(lua.L, -3, 1)
      lua.pop(2)
      return -1
    }
    let n = Int32(clamping: max(len, 0))
    guard lua_checkstack(lua.L, n + 3) != 0 else {
      lua.pop(2)
      lua.push("stack overflow (too many arguments to script)")
      return -1
    }
    for k in 1...max(n, 1) where n > 0 { lua_rawgeti(lua.L, -k, lua_Integer(k)) }
    lua_rotate(lua.L, -n - 1, -1)
    lua.pop()
    return n
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
