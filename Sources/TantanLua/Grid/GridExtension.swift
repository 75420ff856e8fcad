import CLua
import HeadlessUI
import LuaRuntime

/// `tantan.grid(config)`: the long-press drag-to-reorder channel grid (DraggingSort's
/// `YLDragSortViewController`) as a `tantan.ReorderGrid` userdata over the `ReorderGrid` model.
///
/// Decisions: a mutating call from inside a delegate or data-source callback is an error (not
/// queued); identity is the position (items are never compared, duplicates are fine); the default
/// hit rule is the seed's (centre distance <= half the snapshot's width and |dy| <= half its
/// height). Indices are 1-based here and 0-based in the model: converted only in this folder.
enum GridExtension: TantanExtension {
  static let gridClass = LuaClass<LuaGrid>(
    name: "tantan.ReorderGrid",
    doc: "A long-press drag-to-reorder grid (DraggingSort): layout, editing, drag and drop, delete badges, autoscroll. Indices are 1-based; items are any Lua values told apart by position (duplicates are fine). Every method except reads raises when called from inside a delegate or source callback (re-entrant calls are errors, never queued); reading fields and cell/item/index_at is allowed there. A callback's error reaches the caller unchanged after the grid is consistent.",
    methods: gestureMethods + editingMethods + queryMethods + [RenderExtension.saveMethod()],
    fields: fields,
    describe: { g in
      guard let m = g.current else { return "tantan.ReorderGrid (under construction)" }
      return "tantan.ReorderGrid(count=\(m.count), editing=\(m.editing))"
    })

  static var docs: [LuaDoc] {
    [LuaDoc(
      .function, "tantan.grid",
      "fun(config?: {width?: number, height?: number, columns?: integer, item?: {w?: number, h?: number}, spacing?: {line?: number, item?: number}, insets?: {top?: number, left?: number, bottom?: number, right?: number}, top_bar?: number, bar?: {title?: string, sort?: string, done?: string}, items?: any[], source?: table, locked?: integer[], target?: \"half_cell\"|\"center_inside\"|\"closest_center\", long_press?: number, autoscroll?: {edge?: number, speed?: number, tick?: number}, delegate?: table, preset?: string}): tantan.ReorderGrid",
      "A reorder grid over `items` (any Lua values) or a callback `source` ({count=, item=, move=, delete=}; without `move` the order is fixed: no cell lifts and grid:move() returns false, so no drop is ever accepted and then undone; likewise without `delete` no delete badge shows and grid:delete() is an error); seed defaults 375 x 587 below an 80 pt bar (top_bar), 4 columns, the bar's texts `bar = {title = \"我的关注\", sort = \"排序删除\", done = \"完成\"}` (the button reads sort while not editing and done while editing; pictures draw them with the close button), or a plugin's `preset` as the defaults; unknown keys are errors.")]
      + gridClass.docs + callbackDocs
  }

  /// The delegate and data-source callbacks; each call is recorded in `grid:events()` (1-based).
  static let callbackDocs: [LuaDoc] = [
    .init(.callback, "tantan.ReorderGridDelegate.will_begin_editing", "fun(grid: tantan.ReorderGrid)", "Before editing turns on (long press, set_editing, toggle_editing); raising aborts it."),
    .init(.callback, "tantan.ReorderGridDelegate.did_end_editing", "fun(grid: tantan.ReorderGrid)", "After editing turned off."),
    .init(.callback, "tantan.ReorderGridDelegate.will_begin_drag", "fun(grid: tantan.ReorderGrid, index: integer)", "Before a cell is lifted (after can_move agreed); raising aborts the lift."),
    .init(.callback, "tantan.ReorderGridDelegate.can_move", "fun(grid: tantan.ReorderGrid, index: integer): boolean", "May the item be lifted or moved? Must return a boolean; absent means yes."),
    .init(.callback, "tantan.ReorderGridDelegate.can_drop", "fun(grid: tantan.ReorderGrid, from: integer, to: integer): boolean", "Asked on each live step (current and candidate index). Must return a boolean; absent means yes."),
    .init(.callback, "tantan.ReorderGridDelegate.did_move", "fun(grid: tantan.ReorderGrid, from: integer, to: integer)", "A live step happened; grid.items shows the live order."),
    .init(.callback, "tantan.ReorderGridDelegate.did_drop", "fun(grid: tantan.ReorderGrid, from: integer, to: integer)", "A drag or move() was committed, original index to final (also when equal)."),
    .init(.callback, "tantan.ReorderGridDelegate.did_cancel", "fun(grid: tantan.ReorderGrid, index: integer)", "A drag was cancelled; the item is back at index."),
    .init(.callback, "tantan.ReorderGridDelegate.did_delete", "fun(grid: tantan.ReorderGrid, index: integer, item: any)", "A delete badge removed item, which was at index."),
    .init(.callback, "tantan.ReorderGridSource.count", "fun(grid: tantan.ReorderGrid): integer", "Required. Asked at construction and by reload(); a non-negative integer."),
    .init(.callback, "tantan.ReorderGridSource.item", "fun(grid: tantan.ReorderGrid, index: integer): any", "Required. Asked lazily; nil for an index below the count is an error."),
    .init(.callback, "tantan.ReorderGridSource.move", "fun(grid: tantan.ReorderGrid, from: integer, to: integer)", "Once per committed move (drop or move()), never on live steps nor when from == to; reorder your data."),
    .init(.callback, "tantan.ReorderGridSource.delete", "fun(grid: tantan.ReorderGrid, index: integer)", "A delete badge was used; remove the item from your data. Without it the grid shows no delete badges and grid:delete() is an error."),
  ]

  static func install(_ host: TantanHost, module: Int32) {
    let lua = host.lua
    gridClass.register(lua)
    lua.setFunction(module, "grid") { [unowned host] (lua: Lua) throws(LuaCallError) -> Int32 in
      let setup = try readSetup(host, lua)
      let g = LuaGrid(host: host, delegate: setup.delegate, source: setup.source, lockedConfig: setup.locked)
      do {
        try g.start(config: setup.config, items: setup.items)
      } catch let e as ComponentError {
        // The model's config errors are about argument 1 of `grid` (no self to skip).
        if case .badArgument(_, _, let msg) = e { throw .argument(1, msg) }
        throw lua.convert(e)
      } catch {
        throw lua.convert(error)
      }
      gridClass.pushShared(lua, g)
      return 1
    }
  }

  typealias Method = LuaClass<LuaGrid>.Method
  typealias Field = LuaClass<LuaGrid>.Field

  typealias Model = ReorderGrid<LuaRef>

  /// Shorthands for the declarations: the body gets the grid's model, fetched under the declared
  /// name (so errors name the method or field). Callbacks use the running thread (`LuaGrid.lua`).
  static func M(
    _ name: String, _ signature: String, _ doc: String,
    _ body: @escaping (Model, Lua) throws(LuaCallError) -> Int32
  ) -> Method {
    Method(name, signature, doc) { g, lua throws(LuaCallError) in try body(try g.model(name), lua) }
  }

  /// `M` for a body that also needs the grid object.
  static func MG(
    _ name: String, _ signature: String, _ doc: String,
    _ body: @escaping (LuaGrid, Model, Lua) throws(LuaCallError) -> Int32
  ) -> Method {
    Method(name, signature, doc) { g, lua throws(LuaCallError) in try body(g, try g.model(name), lua) }
  }

  static func F(
    _ name: String, _ type: String, _ doc: String, _ get: @escaping (Model, Lua) throws(LuaCallError) -> Void
  ) -> Field {
    Field(name, type, doc) { g, lua throws(LuaCallError) in try get(try g.model(name), lua) }
  }

  // MARK: Argument helpers (1-based in, 0-based out)

  /// A 1-based index argument as a 0-based one (the model rejects what is out of range, showing
  /// it 1-based; `math.mininteger` stays itself instead of overflowing).
  static func index(_ lua: Lua, _ arg: Int32) throws(LuaCallError) -> Int {
    let i = try lua.checkInteger(arg)
    return i == Int.min ? Int.min : i - 1
  }

  static func checkBool(_ lua: Lua, _ arg: Int32) throws(LuaCallError) -> Bool {
    guard lua.type(arg) == LUA_TBOOLEAN else { throw lua.typeError(arg, "boolean") }
    return lua.bool(arg)
  }

  /// Runs a model call, turning its errors (bad arguments, wrong state, callback errors) into Lua's.
  static func run<T>(_ lua: Lua, _ body: () throws -> T) throws(LuaCallError) -> T {
    do { return try body() } catch { throw lua.convert(error) }
  }

  static func push(_ lua: Lua, _ r: Rect) {
    lua.newTable(narr: 0, nrec: 4)
    lua.push(r.x); lua.rawSet(-2, "x")
    lua.push(r.y); lua.rawSet(-2, "y")
    lua.push(r.w); lua.rawSet(-2, "w")
    lua.push(r.h); lua.rawSet(-2, "h")
  }

  /// A Lua array of 0-based indices, pushed 1-based.
  static func pushIndices<S: Sequence<Int>>(_ lua: Lua, _ s: S, count: Int) {
    lua.newTable(narr: Int32(clamping: count))
    var k = 0
    for i in s {
      k += 1
      lua.push(i + 1)
      lua.rawSet(-2, index: k)
    }
  }
}
