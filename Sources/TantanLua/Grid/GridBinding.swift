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
enum GridBinding: LuaBinding, LuaModuleBinding {
  typealias Object = LuaGrid
  typealias Context = TantanHost

  static let gridClass = LuaClass<LuaGrid>(
    name: "tantan.ReorderGrid",
    doc:
      "A long-press drag-to-reorder grid (DraggingSort): layout, editing, drag and drop, delete badges, autoscroll. Indices are 1-based; items are any Lua values told apart by position (duplicates are fine). Every method except reads raises when called from inside a delegate or source callback (re-entrant calls are errors, never queued); reading fields and cell/item/index_at is allowed there. A callback's error reaches the caller unchanged after the grid is consistent.",
    methods: gestureMethods + editingMethods + queryMethods + [RenderBinding.saveMethod()],
    fields: fields,
    describe: { g in
      guard let m = g.current else { return "tantan.ReorderGrid (under construction)" }
      return "tantan.ReorderGrid(count=\(m.count), editing=\(m.editing))"
    })

  /// The delegate and data-source callbacks, from their declarations.
  static var callbackDocs: [LuaDoc] { GridDelegateCallback.docs + GridSourceCallback.docs }

  /// `tantan.grid(config)`: declared like every function, its parameter from the config schema.
  static let constructor = function(
    "tantan.grid",
    "A reorder grid over `items` (any Lua values) or a callback `source` ({count=, item=, move=, delete=}; without `move` the order is fixed: no cell lifts and grid:move() returns false, so no drop is ever accepted and then undone; likewise without `delete` no delete badge shows and grid:delete() is an error); seed defaults 375 x 587 below an 80 pt bar (top_bar), 4 columns, the bar's texts `bar = {title = \"我的关注\", sort = \"排序删除\", done = \"完成\"}` (the button reads sort while not editing and done while editing; pictures draw them with the close button), or a plugin's `preset` as the defaults; unknown keys are errors (see tantan.ReorderGridConfig for every key and its default).",
    config.parameter(), returns: .object(gridClass)
  ) { host, _, r in
    let setup = try readSetup(host, r)
    let g = LuaGrid(host: host, delegate: setup.delegate, source: setup.source, lockedConfig: setup.locked)
    try g.start(config: setup.config, items: setup.items)
    return g
  }

  typealias Model = ReorderGrid<LuaRef>
}

extension LuaResult where Value == Rect {
  /// A frame as `{x=, y=, w=, h=}`.
  static var rect: Self {
    .init("{x: number, y: number, w: number, h: number}") { lua, r in
      lua.newTable(narr: 0, nrec: 4)
      lua.push(r.x); lua.rawSet(-2, "x")
      lua.push(r.y); lua.rawSet(-2, "y")
      lua.push(r.w); lua.rawSet(-2, "w")
      lua.push(r.h); lua.rawSet(-2, "h")
    }
  }
}

extension LuaResult where Value == ReorderGridConfig.BarTitles {
  /// The bar's texts as `{title=, sort=, done=}`.
  static var barTitles: Self {
    .init("{title: string, sort: string, done: string}") { lua, b in
      lua.newTable(narr: 0, nrec: 3)
      for (key, text) in [("title", b.title), ("sort", b.sort), ("done", b.done)] {
        lua.push(text)
        lua.rawSet(-2, key)
      }
    }
  }
}
