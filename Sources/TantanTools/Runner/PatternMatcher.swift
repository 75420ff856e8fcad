import CLua
import LuaRuntime
import TantanLua

/// Lua patterns for `--pattern`, `--filter` and `--filter-out`, matched by Lua itself so they mean
/// what they mean in busted. One small state on the calling thread.
final class PatternMatcher {
  private let state: LuaState
  private let find: LuaRef

  init() throws(RunnerOptions.UsageError) {
    do { state = try LuaState() } catch { throw RunnerOptions.UsageError(description: "\(error)") }
    let code = "local find = string.find return function(s, p) return find(s, p) ~= nil end"
    guard state.load(code, name: "=pattern"), state.lua.pcall(0, 1) else {
      throw RunnerOptions.UsageError(description: "cannot create the pattern matcher")
    }
    find = state.ref()
  }

  deinit { state.close() }

  /// Whether `pattern` matches in `s`; throws for a malformed pattern.
  func matches(_ s: String, _ pattern: String) throws(RunnerOptions.UsageError) -> Bool {
    let lua = state.lua
    find.push(lua)
    lua.push(s)
    lua.push(pattern)
    guard lua.pcall(2, 1) else {
      let msg = lua.string(-1) ?? "malformed pattern"
      lua.pop()
      throw RunnerOptions.UsageError(description: "bad pattern '\(pattern)': \(msg)")
    }
    defer { lua.pop() }
    return lua.bool(-1)
  }

  func validate(_ pattern: String) throws(RunnerOptions.UsageError) { _ = try matches("", pattern) }
}

extension LuaState {
  fileprivate func load(_ code: String, name: String) -> Bool { load(code, name: name, mode: "t") == LUA_OK }
}
