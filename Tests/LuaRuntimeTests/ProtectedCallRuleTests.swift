import Foundation
import XCTest

/// The rule that keeps Lua errors out of Swift frames, checked over every Swift source file.
///
/// A Lua error long-jumps (`lua_error`), and a long jump through a Swift frame skips its releases
/// and `defer`s. So Swift code may call only the parts of the C API that cannot raise: stack
/// manipulation, pushes (the limit allocator never fails while Swift runs), type queries and raw
/// table access (`lua_rawget*`, `lua_rawset*` with keys that are never nil or NaN). Everything
/// that can run a metamethod or raise by design goes through CLuaShim's protected helpers, which
/// run it in C under `lua_pcall`: `tt_getfield`/`tt_setfield`, `tt_getglobal`/`tt_setglobal`,
/// `tt_len`, `tt_tolstring`, `tt_loadbuffer`/`tt_loadfile`, and `tt_pcall` for calls (in Swift:
/// `Lua.call`, `Lua.getField`, `Lua.getGlobal`, ...). Raising happens only in the C trampoline,
/// after the Swift function returned. `lua_next` is allowed: it raises only for a key that is not
/// in the table, which a loop that neither changes the table nor calls Lua never passes.
///
/// Nothing is exempt: the interpreter's steps also run inside one protected frame (`protectedMain`,
/// as lua.c's `pmain`), but that frame is the last resort that keeps the process from Lua's panic,
/// not a licence to raise through Swift.
final class ProtectedCallRuleTests: XCTestCase {
  static let raising = [
    "lua_getglobal", "lua_setglobal", "lua_getfield", "lua_setfield", "lua_gettable", "lua_settable",
    "lua_geti", "lua_seti", "lua_len", "lua_concat", "lua_arith", "lua_compare", "lua_equal", "lua_lessthan",
    "lua_call", "lua_callk", "lua_error", "lua_toclose", "lua_closeslot", "lua_resume", "lua_yield", "lua_yieldk",
    "luaL_error", "luaL_argerror", "luaL_typeerror", "luaL_checkany", "luaL_checkinteger", "luaL_checklstring",
    "luaL_checknumber", "luaL_checkoption", "luaL_checkstack", "luaL_checktype", "luaL_checkudata",
    "luaL_checkversion_", "luaL_optinteger", "luaL_optlstring", "luaL_optnumber", "luaL_len", "luaL_tolstring",
    "luaL_getsubtable", "luaL_requiref", "luaL_callmeta", "luaL_dostring", "luaL_dofile", "luaL_openlibs",
    "luaL_loadstring", "luaL_loadbufferx", "luaL_loadfilex", "luaL_gsub", "luaL_traceback", "luaL_where",
  ]

  func testSwiftCallsNoRaisingLuaAPI() throws {
    let sources = HostSources.root.appendingPathComponent("Sources")
    let pattern = try NSRegularExpression(pattern: "\\b(" + Self.raising.joined(separator: "|") + ")\\s*\\(")
    var found: [String] = []
    let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)!
    for case let url as URL in files where url.pathExtension == "swift" {
      let text = try String(contentsOf: url, encoding: .utf8)
      for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        let code = line.components(separatedBy: "//").first ?? ""  // comments may name them
        let range = NSRange(code.startIndex..., in: code)
        if let m = pattern.firstMatch(in: code, range: range), let r = Range(m.range(at: 1), in: code) {
          found.append("\(url.path.replacingOccurrences(of: sources.path + "/", with: "")):\(n + 1): \(code[r])")
        }
      }
    }
    XCTAssertGreaterThan(Self.raising.count, 40)
    XCTAssertTrue(
      found.isEmpty, "raising Lua API called from Swift (use a protected helper):\n" + found.joined(separator: "\n"))
  }

  /// The check finds what it looks for (a rule that matches nothing would pass forever).
  func testTheCheckFindsACall() throws {
    let pattern = try NSRegularExpression(pattern: "\\b(" + Self.raising.joined(separator: "|") + ")\\s*\\(")
    let line = "    lua_getglobal(lua.L, \"print\")"
    XCTAssertNotNil(pattern.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)))
  }
}

enum HostSources {
  /// The package root, from this file's path.
  static var root: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  }
}
