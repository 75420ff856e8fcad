import CLuaShim

extension LuaState {
  /// The `@file` chunks this state loaded (names without `@`, each once, in load order): the files
  /// a spec file's state read, which `test --watch` watches.
  public var loadedChunks: [String] {
    guard !isClosed else { return [] }
    var out: [String] = []
    while let p = tt_loaded_chunk(main.L, Int32(out.count)) {
      out.append(String(cString: p))
    }
    return out
  }
}
