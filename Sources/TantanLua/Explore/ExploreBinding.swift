import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime
import TantanScripts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tantan.explore`: ready-made gesture actions and the engine behind the runner's
/// `explore(name, spec)`. Its Lua code (`Sources/TantanScripts/lua/explore*.lua`, embedded in the
/// binary) is compiled on first use only: `tantan-host -e ''` pays for one empty table.
package enum ExploreBinding: TantanExtension {
  /// Registry slot of the loaded engine (a state loads the code at most once).
  static let engineKey = "tantan.explore.engine"
  /// Environment variable that sets the run count of every explore (`test --explore-runs N` wins).
  package static let runsVariable = "TANTAN_EXPLORE_RUNS"

  /// The table here; its functions' rows from the LuaLS annotations above their definitions in
  /// the embedded `.lua` files (one declaration, next to the code). Each component's actions
  /// (`deck_actions`) are documented with the component (`ComponentEntry.docs`).
  static var docs: [LuaDoc] {
    [table.doc] + annotations(scripts).docs
  }

  /// The rows and any annotation problems of `scripts` (ExploreDocsTests requires none).
  static func annotations(_ scripts: [EmbeddedScript]) -> (docs: [LuaDoc], problems: [String]) {
    scripts.map { LuaAnnotations.functions(in: $0.text, table: "explore", as: "tantan.explore") }
      .reduce(into: ([], [])) { all, one in
        all.docs += one.docs; all.problems += one.problems
      }
  }

  /// The embedded scripts in load order, with the chunk names tracebacks show (each component's
  /// part is its entry's `explore`, loaded by explore_actions.lua).
  static let actionsScript = EmbeddedScript(chunkName: "=[tantan]/explore_actions.lua", load: tt_script_explore_actions)
  static let shrinkScript = EmbeddedScript(chunkName: "=[tantan]/explore_shrink.lua", load: tt_script_explore_shrink)
  static let engineScript = EmbeddedScript(chunkName: "=[tantan]/explore.lua", load: tt_script_explore)
  static var scripts: [EmbeddedScript] { [actionsScript, shrinkScript, engineScript] }

  /// `tantan.explore` starts as an empty table whose `__index` loads the code into it.
  static let table = ModuleField(
    "tantan.explore", "tantan.explore",
    "Gesture exploration for scenario files' explore(name, spec): ready-made actions per component (loaded on first use)."
  ) { host, lua in
    lua.newTable()
    lua.newTable()
    lua.setFunction(-1, "__index") { [unowned host] (lua: Lua) throws(LuaCallError) -> Int32 in
      try pushEngine(lua, host: host, exploreTable: 1)
      lua.pop()
      lua.pushValue(2)
      lua_rawget(lua.L, 1)
      return 1
    }
    lua_setmetatable(lua.L, -2)
  }

  static func install(_ host: TantanHost, module: Int32) { table.install(host, in: module) }

  /// Pushes the engine, loading the code the first time: `explore_actions.lua` fills the
  /// `tantan.explore` table (found in the loaded `tantan` module unless given at `exploreTable`)
  /// with each of the host's components' part, `explore_shrink.lua` returns the shrinker and
  /// `explore.lua` the engine. A load error is raised at the caller.
  /// `runs` (`test --explore-runs`) wins over TANTAN_EXPLORE_RUNS.
  package static func pushEngine(
    _ lua: Lua, host: TantanHost, exploreTable: Int32? = nil, runs: Int? = nil
  ) throws(LuaCallError) {
    let clock = host.clock
    let components = host.components
    if lua.rawGet(Lua.registryIndex, engineKey) == LUA_TTABLE { return }
    lua.pop()
    if let t = exploreTable {
      lua.pushValue(t)
    } else {
      lua.rawGet(Lua.registryIndex, LUA_LOADED_TABLE)
      lua.rawGet(-1, "tantan")
      lua.rawGet(-1, "explore")
      lua_rotate(lua.L, -3, 1)
      lua.pop(2)
      guard lua.type(-1) == LUA_TTABLE else {
        lua.pop(); throw .message("tantan.explore is not available (the tantan module was changed)")
      }
    }
    let explore = lua.top
    // explore_actions.lua fills the table and returns the built-in invariants and coverage; it
    // gets the models' own consistency checks (bookkeeping Lua cannot see) as one function, and
    // the components with their explore scripts.
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      lua.push(components.object(lua, 1)?.invariantViolation(lua))
      return 1
    })
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      let names = components.object(lua, 1)?.eventNames ?? []
      lua.newTable(narr: Int32(clamping: names.count))
      for (i, n) in names.enumerated() {
        lua.push(n)
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    })
    lua.newTable(narr: Int32(clamping: components.entries.count))
    for (i, c) in components.entries.enumerated() {
      lua.newTable(narr: 0, nrec: 3)
      lua.push(c.kind)
      lua.rawSet(-2, "kind")
      lua.push(c.className)
      lua.rawSet(-2, "class")
      try load(lua, c.explore)
      lua.rawSet(-2, "chunk")
      lua.rawSet(-2, index: i + 1)
    }
    try run(lua, actionsScript, args: [explore, explore + 1, explore + 2, explore + 3])
    for _ in 1...3 { tt_remove(lua.L, explore + 1) }
    lua.pushNil()
    lua_setmetatable(lua.L, explore)
    if let runs {
      lua.push(String(runs))
    } else if let runs = getenv(runsVariable) {
      lua.push(String(cString: runs))
    } else {
      lua.pushNil()
    }
    // Each run starts on a clean clock, so a printed sequence replays alone as it ran.
    lua.push(function: { (_: Lua) throws(LuaCallError) -> Int32 in
      clock.reset()
      return 0
    })
    try run(lua, shrinkScript, args: [])
    try run(lua, engineScript, args: [explore, explore + 2, explore + 1, explore + 3, explore + 4])
    guard lua.type(-1) == LUA_TTABLE else { throw .message("tantan.explore: the engine did not load") }
    lua.pushValue(-1)
    lua.rawSet(Lua.registryIndex, engineKey)
    lua_rotate(lua.L, explore, 1)
    lua.setTop(explore)
  }

  /// Loads an embedded script and calls it with the values at `args`, leaving its one result.
  private static func run(_ lua: Lua, _ script: EmbeddedScript, args: [Int32]) throws(LuaCallError) {
    try load(lua, script)
    for a in args { lua.pushValue(a) }
    do { try lua.call(Int32(args.count), 1) } catch { throw .lua(error) }
  }

  /// Pushes a script's chunk, compiled and not run.
  private static func load(_ lua: Lua, _ script: EmbeddedScript) throws(LuaCallError) {
    var text = script.text
    guard !text.isEmpty else { throw .message("\(script.chunkName): missing") }
    let status = text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { tt_loadbuffer(lua.L, $0.baseAddress, $0.count, script.chunkName, "t") }
    }
    guard status == LUA_OK else { throw .lua(lua.popError(status)) }
  }
}
