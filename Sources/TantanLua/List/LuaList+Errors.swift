import HeadlessUI
import LuaRuntime

/// The one place where the list's Swift errors (`ListError`) become what Lua users read: the
/// error a call raises (`bad argument #1 to 'scroll_to' (offset out of range (741; expected
/// -64..740))`, `release: no pull in progress`) and the `load_error` / `refresh_error` texts.
extension LuaList {
  /// `error` as the Lua error of the running call. `argument` is the stack index of the value the
  /// model checked: the call's first argument (2 for methods, after `self`; 1 for `tantan.list`
  /// and `done`).
  func convert(_ error: any Error, argument: Int32) -> LuaCallError {
    switch error {
    case let e as DescribedCallbackError: return lua.convert(e.error)
    case let e as ListError:
      let (text, aboutArgument) = ListErrorWords.of(e, lua)
      return aboutArgument ? .argument(argument, text) : .message(text)
    default: return lua.convert(error)
    }
  }

  /// `list.load_error`: a load fails with a `ListError` only through `done(items)`.
  static func loadErrorText(_ failure: ListFailure?, _ lua: Lua) -> String? {
    guard case .error(let e as ListError)? = failure else { return failure?.text }
    let (text, aboutArgument) = ListErrorWords.of(e, lua)
    return aboutArgument ? "bad argument #1 to 'done' (\(text))" : text
  }

  /// `list.refresh_error`: the message alone (`duplicate item id 5`, not which argument).
  static func refreshErrorText(_ failure: ListFailure?, _ lua: Lua) -> String? {
    guard case .error(let e as ListError)? = failure else { return failure?.text }
    return ListErrorWords.of(e, lua).text
  }
}

/// A callback's error with its text, for models that keep the text (`load_error`).
struct DescribedCallbackError: Error, CustomStringConvertible {
  let error: LuaError
  let description: String
}

/// The Lua wording of each `ListError`.
enum ListErrorWords {
  /// The message, and whether it is about the call's argument (raised as `bad argument #n to
  /// 'f' (message)`) or stands alone (already naming the function: `pull: ...`).
  static func of(_ error: ListError, _ lua: Lua) -> (text: String, aboutArgument: Bool) {
    func n(_ v: Double) -> String { number(v, lua) }
    switch error {
    case .invalidConfig(let key, let reason): return (config(key, reason, lua), true)
    case .invalidData(let problem, let origin): return (data(problem, lua), origin == .given)
    case .offsetNotANumber: return ("number expected, got nan", true)
    case .offsetOutOfRange(let y, let lo, let hi): return ("offset out of range (\(n(y)); expected \(n(lo))..\(n(hi)))", true)
    case .invalidPullDistance(let d): return ("distance must be a finite number >= 0, got \(n(d))", true)
    case .noRefreshConfigured: return ("pull: the list has no refresh config", false)
    case .pullAwayFromTop(let y, let top): return ("pull: the list is scrolled to \(n(y)); pull works at the top (\(n(top)))", false)
    case .noPullInProgress: return ("release: no pull in progress", false)
    case .refreshAlreadyRunning(let state): return ("refresh: already \(state.rawValue)", false)
    case .noRefreshInProgress: return ("done: no refresh in progress", false)
    case .refreshCompletedTwice: return ("done: done called twice (this refresh already finished)", false)
    case .refreshAbandoned: return ("done: this refresh was abandoned", false)
    case .loadCompletedTwice(let page): return ("done: done called twice (page \(page) already completed)", false)
    case .noSectionToAppend: return ("done: the list has no section to append items to", false)
    }
  }

  static func data(_ problem: ListDataProblem, _ lua: Lua) -> String {
    switch problem {
    case .duplicateSectionID(let id): return "duplicate section id \(self.id(id))"
    case .duplicateItemID(let id): return "duplicate item id \(self.id(id))"
    case .invalidSectionColumns(let s, let c): return "section \(id(s)): columns must be >= 1, got \(c)"
    case .headerWithoutHeight(let s): return "section \(id(s)) has a header but header_height is 0 (it would not show)"
    case .footerWithoutHeight(let s): return "section \(id(s)) has a footer but footer_height is 0 (it would not show)"
    case .invalidItemHeight(let h, let item): return "item height must be a finite number >= 0, got \(number(h, lua)) (item \(id(item)))"
    case .heightCountMismatch(let heights, let items): return "\(heights) item heights for \(items) items"
    case .negativeCount(let n, nil): return "section_count returned \(n) (expected a count >= 0)"
    case .negativeCount(let n, _): return "item_count returned \(n) (expected a count >= 0)"
    }
  }

  static func config(_ key: ListConfigKey, _ reason: ListConfigProblem, _ lua: Lua) -> String {
    let name = self.name(key)
    switch reason {
    // Floats as Lua prints them (`0.0`), except estimated_item_height, whose message always
    // printed whole numbers bare.
    case .notFiniteNonNegative(let v): return "\(name) must be a finite number >= 0, got \(lua.formatNumber(v))"
    case .notFinitePositive(let v):
      return "\(name) must be a finite number > 0, got \(key == .estimatedItemHeight ? number(v, lua) : lua.formatNumber(v))"
    case .belowMinimum(let v, let minimum): return "\(name) must be >= \(minimum), got \(v)"
    case .needsDataSource: return "\(name) needs a source (a list of values measures every item)"
    case .needsComputedHeight: return "\(name) needs item_height to be a function"
    }
  }

  /// The config key as `tantan.list{...}` spells it.
  static func name(_ key: ListConfigKey) -> String {
    switch key {
    case .width: return "width"
    case .height: return "height"
    case .columns: return "columns"
    case .itemHeight: return "item_height"
    case .estimatedItemHeight: return "estimated_item_height"
    case .headerHeight: return "header_height"
    case .footerHeight: return "footer_height"
    case .spacingLine: return "spacing.line"
    case .spacingItem: return "spacing.item"
    case .insetsTop: return "insets.top"
    case .insetsLeft: return "insets.left"
    case .insetsBottom: return "insets.bottom"
    case .insetsRight: return "insets.right"
    case .contentInsetTop: return "content_inset.top"
    case .contentInsetBottom: return "content_inset.bottom"
    case .refreshThreshold: return "refresh.threshold"
    case .refreshFinishDuration: return "refresh.finish_duration"
    case .pagingPageSize: return "paging.page_size"
    case .pagingPrefetch: return "paging.prefetch"
    }
  }

  /// An id as Lua code writes it: integers bare, strings quoted (`42`, `"top10"`).
  static func id(_ id: ListID) -> String {
    switch id {
    case .int(let n): return String(n)
    case .string(let s): return "\"\(s)\""
    }
  }

  /// Numbers in list messages: whole numbers as Lua prints integers (`741`, `-64`), NaN as `nan`
  /// (whatever its sign bit), the rest with Lua's `%.14g` (`Lua.formatNumber`: `0.5`, `inf`).
  static func number(_ v: Double, _ lua: Lua) -> String {
    if v.isNaN { return "nan" }
    if abs(v) < 1e15, let whole = Int64(exactly: v) { return String(whole) }
    return lua.formatNumber(v)
  }
}
