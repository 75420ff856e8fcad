import HeadlessUI
import LuaRuntime

/// The one place where the grid's Swift errors become the messages Lua users read. Positions come
/// from the running method's declared parameters (`site`), numbers print as `Lua.formatExact` shows them.
extension GridBinding {
  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    if let e = passThrough(error) { return e }
    switch error {
    case let e as ReorderGridError: return luaError(e, at: site, lua)
    case LuaGrid.BindingError.underConstruction:
      return .message("\(site.name): the grid is still being constructed (source.count is running)")
    case let e as GridCallbackResultError: return .message(e.description)
    default: return lua.convert(error)
    }
  }

  static func luaError(_ e: ReorderGridError, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    let n = Lua.formatExact
    func state(_ message: String) -> LuaCallError { .message("\(site.name): \(message)") }
    switch e {
    case .indexOutOfRange(let parameter, let i, let count):
      // Shown 1-based, as every component words a range: `index out of range (13; expected 1..12)`.
      let shown = i == Int.min ? String(Int.min) : String(i + 1)
      let range = count > 0 ? "expected 1..\(count)" : "no items"
      return .argument(site.argument(parameter), "index out of range (\(shown); \(range))")
    case .notFinite(let parameter, let v): return .argument(site.argument(parameter), "number expected, got \(n(v))")
    case .negative(let parameter, let v):
      return .argument(site.argument(parameter), "non-negative number expected, got \(n(v))")
    case .coordinateOverflow(let parameter): return .argument(site.argument(parameter), "number out of range")
    case .offsetOutOfRange(let y, let max):
      return .argument(site.argument("y"), "offset out of range (\(n(y)); expected 0..\(n(max)))")
    case .stepsNotPositive(let s): return .argument(site.argument("steps"), "positive integer expected, got \(s)")
    case .tooManySteps(let max): return .argument(site.argument("steps"), "too many steps (at most \(max))")
    case .lockedItemCannotBeDeleted: return .argument(site.argument("index"), "locked item cannot be deleted")
    case .noDragInProgress: return state("no drag in progress")
    case .dragInProgress: return state("a drag is in progress")
    case .calledFromCallback: return state("cannot be called from inside a delegate or data source callback")
    case .notEditingBadgeHidden: return state("not editing (the delete badge is hidden)")
    case .notEditingPanNeedsEditing:
      return state("not editing (without a long press a drag can start only while editing)")
    case .sourceCannotDelete:
      return state("the data source has no delete function (source.delete is nil, so the delete badge is hidden)")
    case .invalidConfig(let key, let problem):
      // About argument 1 of `tantan.grid` (a preset's or the user's table).
      return .argument(1, "\(configPath(key)): \(configProblem(problem, lua))")
    case .badSourceCount(let count, let max):
      return .message(
        count < 0
          ? "data source count() returned \(count)" : "data source count() returned \(count) (at most \(max) items)")
    case .missingSourceItem(let i, let count):
      return .message("data source count() reports \(count) items but item \(i + 1) of \(count) is missing")
    }
  }

  /// The Lua key (`item.w`) of a config key.
  static func configPath(_ key: ReorderGridConfig.Key) -> String {
    switch key {
    case .width: "width"
    case .height: "height"
    case .columns: "columns"
    case .itemWidth: "item.w"
    case .itemHeight: "item.h"
    case .spacingLine: "spacing.line"
    case .spacingItem: "spacing.item"
    case .insetsTop: "insets.top"
    case .insetsLeft: "insets.left"
    case .insetsBottom: "insets.bottom"
    case .insetsRight: "insets.right"
    case .topBar: "top_bar"
    case .locked: "locked"
    case .longPress: "long_press"
    case .autoscrollEdge: "autoscroll.edge"
    case .autoscrollSpeed: "autoscroll.speed"
    case .autoscrollTick: "autoscroll.tick"
    }
  }

  static func configProblem(_ p: ReorderGridConfig.Problem, _ lua: Lua) -> String {
    let n = Lua.formatExact
    switch p {
    case .notFinite(let v): return "number expected, got \(n(v))"
    case .notPositive(let v): return "positive number expected, got \(n(v))"
    case .negative(let v): return "non-negative number expected, got \(n(v))"
    case .notPositiveInteger(let v): return "positive integer expected, got \(v)"
    case .belowMinimum(let v, let minimum): return "number >= \(n(minimum)) expected, got \(n(v))"
    case .indexOutOfRange(let i): return "index out of range (got \(i == Int.min ? i : i + 1))"
    case .tooNarrow(let columns, let w): return "too narrow for \(columns) columns (item width \(n(w)))"
    case .doesNotFit(let columns, let w, let avail):
      return "\(columns) items of width \(n(w)) do not fit in \(n(avail)) points"
    }
  }
}

/// Grid errors that reach Lua outside a grid method (from a timer inside `clock:advance`).
extension ReorderGridError: LuaWordedError {
  func luaCallError(_ lua: Lua) -> LuaCallError {
    GridBinding.luaError(self, at: ClockBinding.advanceSite, lua)
  }
}
