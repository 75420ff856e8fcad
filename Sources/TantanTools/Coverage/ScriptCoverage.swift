import CLua
import LuaRuntime
import TantanLua

/// `tantan-host --coverage lcov=PATH script.lua`: the script's lines counted from the start, the
/// reports written when the run ends, normally, with an error, or through `os.exit` (which never
/// returns to the interpreter, so its wrapper writes them first).
final class ScriptCoverage {
  let outputs: [CoverageOutput]
  let filter: CoverageFilter
  private let state: LuaState
  private let progname: String
  private var written = false

  init(state: LuaState, host: TantanHost, outputs: [CoverageOutput], filter: CoverageFilter, progname: String) {
    self.state = state
    self.progname = progname
    self.outputs = outputs
    self.filter = filter
    LineCoverage.start(state)
    wrapExit(host)
  }

  /// Writes the reports (once); the messages of those that could not be written.
  func write() -> [String] {
    guard !written else { return [] }
    written = true
    return CoverageOutput.write(outputs, CoverageReport.make(LineCoverage.read(state), filter: filter))
  }

  /// `os.exit` writes the reports, then exits as before (its argument checked by the original).
  private func wrapExit(_ host: TantanHost) {
    let lua = host.lua
    guard (try? lua.getGlobal("os")) == LUA_TTABLE else { return }
    guard lua.rawGet(-1, "exit") == LUA_TFUNCTION else {
      lua.pop(2)
      return
    }
    let original = host.state.ref()
    lua.push(function: { [unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      for p in self.write() { FileSystem.write(fd: 2, "\(self.progname): \(p)\n") }
      original.push(lua)
      lua_rotate(lua.L, 1, 1)
      do throws(LuaError) { try lua.call(lua.top - 1, 0) } catch { throw .lua(error) }
      return 0
    })
    lua.rawSet(-2, "exit")
    lua.pop()
  }
}
