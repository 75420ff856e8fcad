import CLua
import CLuaShim

extension Interpreter {
  /// `lua.c`'s `doREPL`: each line is tried as `return <line>` first, `=expr` works, an incomplete
  /// statement continues on a `>>` prompt, results are printed with the global `print`.
  /// Without a terminal the line read is echoed after the prompt, as Debian's readline build does.
  /// Returns false when the REPL itself failed (reading `_PROMPT` or `print` raised): in lua.c that
  /// error leaves `doREPL` and `pmain`, so lua prints the message without its name and exits 1.
  @discardableResult
  func repl() -> Bool {
    let saved = progname
    progname = nil
    defer { progname = saved }
    replFailed = false
    let echo = tt_stdin_is_tty() == 0
    lineEditor = echo ? nil : LineEditor.start(lua)
    defer { lineEditor = nil }
    while let status = loadLine(echo: echo) {
      var st = status
      if st == LUA_OK { st = doCall(0, LUA_MULTRET) }
      if st == LUA_OK { if !printResults() { break } } else { report(st) }
      tt_clear_interrupt(lua.L)
    }
    if replFailed {
      report(LUA_ERRRUN)
      return false
    }
    lua.setTop(0)
    writeOut("\n")
    return true
  }

  /// `get_prompt`: `luaL_tolstring` of `_PROMPT`/`_PROMPT2`; nil with the error on top if it fails.
  private func prompt(first: Bool) -> String? {
    guard tt_getglobal(lua.L, first ? "_PROMPT" : "_PROMPT2") == LUA_OK else { return nil }
    guard lua.type(-1) > LUA_TNIL else {
      lua.pop()
      return first ? "> " : ">> "
    }
    guard tt_tolstring(lua.L, -1) == LUA_OK, let s = lua.string(-1) else {
      lua_rotate(lua.L, -2, 1)
      lua.pop()
      return nil
    }
    lua.pop(2)
    return s
  }

  private func readInput(first: Bool, echo: Bool) -> [UInt8]? {
    guard let p = prompt(first: first) else {
      replFailed = true
      return nil
    }
    if let editor = lineEditor { return editor.read(prompt: p) }
    writeOut(p)
    if pendingLines.isEmpty {
      // Bytes, not a String: a line may hold bytes that are not UTF-8, and lua passes them on.
      // Debian's lua5.4 reads with readline, which ends a line at '\n' and at '\r' alike: "a\r\n"
      // is the line "a" and then an empty line.
      var len = 0
      guard let p = tt_read_line(&len) else { return nil }
      var bytes = Array(UnsafeRawBufferPointer(start: p, count: len))
      if bytes.last == 0x0A { bytes.removeLast() }
      pendingLines = bytes.split(separator: 0x0D, omittingEmptySubsequences: false).map { Array($0) }
    }
    let line = pendingLines.removeFirst()
    if echo {
      (line + [0x0A]).withUnsafeBufferPointer { b in
        b.withMemoryRebound(to: CChar.self) { tt_write_stdout($0.baseAddress, $0.count) }
      }
      tt_flush_stdout()
    }
    return line
  }

  /// Returns the load status with the chunk (or the message) on the stack, or nil at end of input.
  private func loadLine(echo: Bool) -> Int32? {
    lua.setTop(0)
    guard var line = readInput(first: true, echo: echo) else { return nil }
    if line.first == UInt8(ascii: "=") { line = Array("return ".utf8) + line.dropFirst() }
    if loadBytes(Array("return ".utf8) + line + [UInt8(ascii: ";")], name: "=stdin") == LUA_OK {
      if !line.isEmpty { lineEditor?.remember(line) }
      return LUA_OK
    }
    lua.pop()
    while true {
      let status = loadBytes(line, name: "=stdin")
      guard status == LUA_ERRSYNTAX, let msg = lua.string(-1), msg.hasSuffix("<eof>") else {
        lineEditor?.remember(line)
        return status
      }
      lua.pop()
      guard let more = readInput(first: false, echo: echo) else {
        if replFailed { return nil }
        lineEditor?.remember(line)
        _ = loadBytes(line, name: "=stdin")
        return LUA_ERRSYNTAX
      }
      line += [0x0A] + more
    }
  }

  /// `lua_tostring` as `lua_pushfstring("%s")` shows it: strings and numbers (converted in place,
  /// the value is popped next), "(null)" for anything else, as lua.c prints it.
  private func errorText(_ i: Int32) -> String {
    let t = lua.type(i)
    guard t == LUA_TSTRING || t == LUA_TNUMBER else { return "(null)" }
    var len = 0
    guard let p = tt_tostring(lua.L, i, &len) else { return "(null)" }
    return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
  }

  /// Prints the results with the global `print`; false when reading `print` itself raised (in
  /// lua.c that error leaves the REPL like a failing `_PROMPT`), with the error on top.
  private func printResults() -> Bool {
    let n = lua.top
    guard n > 0 else { return true }
    guard lua_checkstack(lua.L, 20) != 0 else { message("too many results to print"); lua.setTop(0); return true }
    guard tt_getglobal(lua.L, "print") == LUA_OK else {
      replFailed = true
      return false
    }
    lua_rotate(lua.L, 1, 1)
    if tt_pcall(lua.L, n, 0, TT_HANDLER_NONE) != LUA_OK {
      message("error calling 'print' (\(errorText(-1)))")
      lua.pop()
    }
    return true
  }
}
