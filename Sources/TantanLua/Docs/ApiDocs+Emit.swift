import CLua
import CLuaShim
import LuaRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension ApiDocs {
  static let stubFile = "tantan.d.lua"
  static let referenceFile = "API.md"

  /// `tantan-host --emit-meta DIR`: writes the stubs and the reference; returns an error message.
  package static func emit(to dir: String) -> String? {
    for (name, text) in [(stubFile, stubs()), (referenceFile, reference())] {
      let path = FileSystem.join(dir, name)  // DIR is created when missing
      if let reason = FileSystem.save(path, text) { return "cannot write \(path): \(reason)" }
    }
    return nil
  }

  /// The text `help(x)` prints: the docs of a tantan object, class, the module, or a name.
  static func helpText(_ lua: Lua, _ arg: Int32) -> String {
    let gs = groups(all)
    var name: String?
    if lua.type(arg) == LUA_TSTRING {
      name = lua.string(arg)
    } else if lua.type(arg) == LUA_TUSERDATA {
      name = lua.typeName(arg)
    } else if lua.type(arg) == LUA_TTABLE {
      // The module itself (raw: a metatable on _G must not run from here).
      tt_pushglobaltable(lua.L)
      lua.rawGet(-1, "tantan")
      if lua_rawequal(lua.L, -1, arg) != 0 { name = "tantan" }
      lua.pop(2)
    } else if lua.isNoneOrNil(arg) {
      name = "tantan"
    }
    guard let name else { return "help: no documentation for a \(lua.typeName(arg)) value" }
    if let g = gs.first(where: { $0.name == name }) {
      var out = "\(g.name)" + (g.doc.isEmpty ? "" : ": \(g.doc)") + "\n"
      for m in g.members {
        out += "  \(m.kind == .method ? ":" : ".")\(m.name)  \(m.signature)\n      \(m.doc)\n"
      }
      return out
    }
    let (owner, member) = split(name)
    if let m = gs.first(where: { $0.name == owner })?.members.first(where: { $0.name == member }) {
      return "\(name)  \(m.signature)\n  \(m.doc)\n"
    }
    return "help: no documentation for '\(name)'"
  }

  /// Installs the global `help` (used in the REPL).
  package static func installHelp(_ lua: Lua) {
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      lua.push(helpText(lua, 1))
      do throws(LuaError) {
        try lua.getGlobal("print")
        lua_rotate(lua.L, -2, 1)
        try lua.call(1, 0)
      } catch { throw .lua(error) }
      return 0
    })
    tt_pushglobaltable(lua.L)
    lua_rotate(lua.L, -2, 1)
    lua.rawSet(-2, "help")  // before any script runs: _G has no metatable yet
    lua.pop()
  }
}
