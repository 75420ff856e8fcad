import LuaRuntime

extension ComponentRegistry {
  /// Every component's reference rows, in registration order, each with its explore actions'
  /// rows (read from the LuaLS annotations in its explore script).
  var docs: [LuaDoc] {
    entries.flatMap {
      $0.docs() + LuaAnnotations.functions(in: $0.explore.text, table: "explore", as: "tantan.explore").docs
    }
  }
}
