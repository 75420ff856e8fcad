import CLineEditor

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The REPL's line editing on a terminal (libedit, loaded when the REPL starts: see
/// `line_editor.c` for why libedit and why not linked): arrow keys edit the line and walk the
/// history, Tab completes global names and fields (`tantan.af` → `tantan.after`), read without
/// running metamethods. History: the session's statements, kept in `~/.tantan_history`;
/// `TANTAN_HISTORY=FILE` moves the file, `TANTAN_HISTORY=` (empty) keeps none.
final class LineEditor {
  /// nil when libedit cannot be loaded: the REPL then reads plain lines.
  static func start(_ lua: Lua) -> LineEditor? {
    let file = historyFile(
      getenv("TANTAN_HISTORY").map { String(cString: $0) }, home: getenv("HOME").map { String(cString: $0) })
    let started = file.map { tt_edit_begin(lua.L, $0) } ?? tt_edit_begin(lua.L, nil)
    return started != 0 ? LineEditor() : nil
  }

  /// `TANTAN_HISTORY` when set (empty: no file), else `$HOME/.tantan_history` (no home: no file).
  static func historyFile(_ setting: String?, home: String?) -> String? {
    if let setting { return setting.isEmpty ? nil : setting }
    guard let home, !home.isEmpty else { return nil }
    return home.hasSuffix("/") ? home + ".tantan_history" : home + "/.tantan_history"
  }

  /// The line's bytes (not necessarily UTF-8), nil at end of input.
  func read(prompt: String) -> [UInt8]? {
    guard let line = tt_edit_read(prompt) else { return nil }
    defer { free(line) }
    return Array(UnsafeRawBufferPointer(start: line, count: strlen(line)))
  }

  /// Keeps a statement as `lua.c` does: once loaded (or given up on), continuation lines included.
  func remember(_ statement: [UInt8]) {
    (statement + [0]).withUnsafeBufferPointer { p in
      p.withMemoryRebound(to: CChar.self) { tt_edit_remember($0.baseAddress) }
    }
  }

  deinit { tt_edit_end() }
}
