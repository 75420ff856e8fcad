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
package enum ExploreExtension: TantanExtension {
  /// Registry slot of the loaded engine (a state loads the code at most once).
  static let engineKey = "tantan.explore.engine"
  /// Environment variable that sets the run count of every explore (`test --explore-runs N` wins).
  package static let runsVariable = "TANTAN_EXPLORE_RUNS"

  /// The table here; its functions' rows from the LuaLS annotations above their definitions in
  /// the embedded `.lua` files (one declaration, next to the code).
  static var docs: [LuaDoc] {
    [table.doc] + functionDocs
  }

  static var functionDocs: [LuaDoc] { annotations.docs }

  /// The rows and any annotation problems (ExploreDocsTests requires none).
  static var annotations: (docs: [LuaDoc], problems: [String]) {
    scripts.map { LuaAnnotations.functions(in: $0.text, table: "explore", as: "tantan.explore") }
      .reduce(into: ([], [])) { all, one in
        all.docs += one.docs; all.problems += one.problems
      }
  }

  /// The embedded scripts in load order, with the chunk names tracebacks show.
  struct Script: Sendable {
    let chunkName: String
    let load: @Sendable (UnsafeMutablePointer<Int>?) -> UnsafePointer<CChar>?
    var text: String {
      var size = 0
      guard let p = load(&size) else { return "" }
      return String(decoding: UnsafeRawBufferPointer(start: p, count: size), as: UTF8.self)
    }
  }
  static let actionsScript = Script(chunkName: "=[tantan]/explore_actions.lua", load: tt_script_explore_actions)
  static let shrinkScript = Script(chunkName: "=[tantan]/explore_shrink.lua", load: tt_script_explore_shrink)
  static let engineScript = Script(chunkName: "=[tantan]/explore.lua", load: tt_script_explore)
  static var scripts: [Script] { [actionsScript, shrinkScript, engineScript] }

  /// `tantan.explore` starts as an empty table whose `__index` loads the code into it.
  static let table = ModuleField(
    "tantan.explore", "tantan.explore",
    "Gesture exploration for scenario files' explore(name, spec): ready-made actions per component (loaded on first use)."
  ) { host, lua in
    lua.newTable()
    lua.newTable()
    let clock = host.clock
    lua.setFunction(-1, "__index") { (lua: Lua) throws(LuaCallError) -> Int32 in
      try pushEngine(lua, clock: clock, exploreTable: 1)
      lua.pop()
      lua.pushValue(2)
      lua_rawget(lua.L, 1)
      return 1
    }
    lua_setmetatable(lua.L, -2)
  }

  static func install(_ host: TantanHost, module: Int32) { table.install(host, in: module) }

  /// Pushes the engine, loading the code the first time: `explore_actions.lua` fills the
  /// `tantan.explore` table (found in the loaded `tantan` module unless given at `exploreTable`),
  /// `explore_shrink.lua` returns the shrinker and `explore.lua` the engine. A load error is
  /// raised at the caller.
  /// `runs` (`test --explore-runs`) wins over TANTAN_EXPLORE_RUNS.
  package static func pushEngine(
    _ lua: Lua, clock: VirtualClock, exploreTable: Int32? = nil, runs: Int? = nil
  ) throws(LuaCallError) {
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
    // gets the models' own consistency checks (bookkeeping Lua cannot see) as one function.
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      lua.push(modelProblem(lua, 1))
      return 1
    })
    lua.push(function: { (lua: Lua) throws(LuaCallError) -> Int32 in
      let names = eventNames(lua, 1)
      lua.newTable(narr: Int32(clamping: names.count))
      for (i, n) in names.enumerated() {
        lua.push(n)
        lua.rawSet(-2, index: i + 1)
      }
      return 1
    })
    try run(lua, actionsScript, args: [explore, explore + 1, explore + 2])
    tt_remove(lua.L, explore + 1)
    tt_remove(lua.L, explore + 1)
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

  /// The first broken invariant of the deck, grid or list model at `arg` (its own debug-build
  /// checks, run here in every build, plus what a user sees of the deck), or nil: consistent,
  /// closed, or not a component. In Swift: reading `deck.cards` from Lua for the same check
  /// cost more than the step itself (callgrind, scripts/bench's explore rows).
  static func modelProblem(_ lua: Lua, _ arg: Int32) -> String? {
    if let d = DeckBinding.deckClass.object(lua, arg) {
      guard let m = d.model else { return nil }
      let v = m.invariantViolations()
      if !v.isEmpty { return v.joined(separator: "; ") }
      return deckProblem(lua, m)
    }
    if let g = GridBinding.gridClass.object(lua, arg) { return g.current?.checkInvariants() }
    if let l = ListBinding.listClass.object(lua, arg) { return l.model?.invariantViolation() }
    return nil
  }

  /// The names of the callbacks the component at `arg` recorded (its event log), for coverage.
  static func eventNames(_ lua: Lua, _ arg: Int32) -> [String] {
    if let d = DeckBinding.deckClass.object(lua, arg) { return d.log.names }
    if let g = GridBinding.gridClass.object(lua, arg) { return g.log.names }
    if let l = ListBinding.listClass.object(lua, arg) { return l.events.names }
    return []
  }

  /// The deck as a user sees it: a top index in range while cards show, at most `visible`
  /// cards, and no view model on two cards at once (compared as Lua values, raw).
  static func deckProblem(_ lua: Lua, _ m: SwipeDeck<LuaRef>) -> String? {
    let state = m.state
    if let i = m.index {
      if i < 0 || i >= m.count { return "deck.index \(i + 1) out of range 1..\(m.count)" }
    } else if state != .empty {
      return "deck.index is nil while the deck is \(state.rawValue)"
    }
    let models = m.visibleModels
    if models.count > m.config.visible {
      return "deck shows \(models.count) cards, more than visible = \(m.config.visible)"
    }
    guard models.count > 1, lua_checkstack(lua.L, Int32(models.count)) != 0 else { return nil }
    let base = lua.top
    defer { lua.setTop(base) }
    for model in models { _ = model.push(lua) }
    for a in 0..<models.count {
      for b in (a + 1)..<models.count where lua_rawequal(lua.L, base + 1 + Int32(a), base + 1 + Int32(b)) != 0 {
        return "deck shows one model twice (cards \(a + 1) and \(b + 1))"
      }
    }
    return nil
  }

  /// Loads an embedded script and calls it with the values at `args`, leaving its one result.
  private static func run(_ lua: Lua, _ script: Script, args: [Int32]) throws(LuaCallError) {
    var size = 0
    guard let text = script.load(&size) else { throw .message("\(script.chunkName): missing") }
    let status = tt_loadbuffer(lua.L, text, size, script.chunkName, "t")
    guard status == LUA_OK else { throw .lua(lua.popError(status)) }
    for a in args { lua.pushValue(a) }
    do { try lua.call(Int32(args.count), 1) } catch { throw .lua(error) }
  }
}
