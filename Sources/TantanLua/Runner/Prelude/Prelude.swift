import CLua
import LuaRuntime

/// The Lua side of the scenario runner: one chunk, `=tantan-test`, made of the parts below.
/// Called with a table of host functions (`emit`, `snapshot`); returns `{collect=, run=}`.
enum Prelude {
  static let chunkName = "=tantan-test"
  static let source = PreludeFormat.source + "\n" + PreludeAssert.source + "\n" + PreludeCore.source

  /// Pushes the compiled prelude; on failure the message is on the stack instead.
  static func load(_ state: LuaState) -> Bool {
    state.load(source, name: chunkName, mode: "t") == LUA_OK
  }
}
