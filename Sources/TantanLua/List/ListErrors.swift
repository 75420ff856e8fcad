import HeadlessUI
import LuaRuntime

/// The one place where the list's Swift errors (`ListError`) become what Lua users read: the
/// error a call raises (`bad argument #1 to 'scroll_to' (offset out of range (741; expected
/// -64..740))`, `release: no pull in progress`) and the `load_error` / `refresh_error` texts.
/// Positions come from the running call's declared parameters (`site`).
extension ListBinding {
  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    if let e = passThrough(error) { return e }
    switch error {
    case let e as DescribedCallbackError: return .lua(e.error)
    case let e as ListError:
      let (text, about) = ListErrorWords.of(e, lua)
      switch about {
      case .firstArgument: return .argument(site.firstArgument, text)
      case .parameter(let name): return .argument(site.argument(name), text)
      case .standalone: return .message(text)
      }
    case LuaList.BindingError.building:
      return .message("\(site.name): the list is still being built (called from one of its data callbacks)")
    case LuaList.BindingError.measuring:
      return .message("\(site.name): cannot change the list from inside item_height or a source callback")
    default: return lua.convert(error)
    }
  }

  /// `done(...)` as errors see it: its argument 1 is the value.
  static let done = LuaCallSite(name: "done", parameters: ["value"], firstArgument: 1)
}

extension LuaList {
  /// `list.load_error` and `list.refresh_error`: the message alone (`duplicate item id 5: ...`,
  /// not which argument).
  static func failureText(_ failure: ListFailure?, _ lua: Lua) -> String? {
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
  /// What a message is about: an argument (raised as `bad argument #n to 'f' (message)`), or
  /// nothing (it already names the function: `pull: ...`).
  enum About: Equatable {
    /// The call's first argument (the value every list call checks).
    case firstArgument
    /// The argument of this Swift parameter.
    case parameter(String)
    case standalone
  }

  static func of(_ error: ListError, _ lua: Lua) -> (text: String, about: About) {
    func n(_ v: Double) -> String { number(v, lua) }
    let (first, standalone) = (About.firstArgument, About.standalone)
    switch error {
    case .indexOutOfRange(let parameter, let i, let count):
      // Shown 1-based as given (`math.mininteger` stays itself).
      let shown = i == Int.min ? String(Int.min) : String(i + 1)
      return (
        "\(parameter) out of range (\(shown); \(count == 0 ? "no \(parameter == "index" ? "items" : "\(parameter)s")" : "expected 1..\(count)"))",
        .parameter(parameter)
      )
    case .invalidConfig(let key, let reason): return (config(key, reason, lua), first)
    case .invalidData(let problem, let origin): return (data(problem, lua), origin == .given ? first : standalone)
    case .offsetNotANumber: return ("number expected, got nan", first)
    case .offsetOutOfRange(let y, let lo, let hi):
      return ("offset out of range (\(n(y)); expected \(n(lo))..\(n(hi)))", first)
    case .invalidPullDistance(let d): return ("distance must be a finite number >= 0, got \(n(d))", first)
    case .noRefreshConfigured: return ("pull: the list has no refresh config", standalone)
    case .pullAwayFromTop(let y, let top):
      return ("pull: the list is scrolled to \(n(y)); pull works at the top (\(n(top)))", standalone)
    case .noPullInProgress: return ("release: no pull in progress", standalone)
    case .refreshAlreadyRunning(let state): return ("refresh: already \(state.rawValue)", standalone)
    case .noRefreshInProgress: return ("done: no refresh in progress", standalone)
    case .refreshCompletedTwice: return ("done: done called twice (this refresh already finished)", standalone)
    case .refreshAbandoned: return ("done: this refresh was abandoned", standalone)
    case .loadCompletedTwice(let page): return ("done: done called twice (page \(page) already completed)", standalone)
    case .noSectionToAppend: return ("done: the list has no section to append items to", standalone)
    }
  }

  static func data(_ problem: ListDataProblem, _ lua: Lua) -> String {
    switch problem {
    case .duplicateSectionID(let id): return "duplicate section id \(self.id(id))"
    case .duplicateItemID(let id, let a, let b):
      let places =
        a.section == b.section
        ? "items \(a.index + 1) and \(b.index + 1) of section \(self.id(a.section))"
        : "item \(a.index + 1) of section \(self.id(a.section)) and item \(b.index + 1) of section \(self.id(b.section))"
      return "duplicate item id \(self.id(id)): \(places)"
    case .invalidSectionColumns(let s, let c): return "section \(id(s)): columns must be >= 1, got \(c)"
    case .headerWithoutHeight(let s): return "section \(id(s)) has a header but header_height is 0 (it would not show)"
    case .footerWithoutHeight(let s): return "section \(id(s)) has a footer but footer_height is 0 (it would not show)"
    case .invalidItemHeight(let h, let item):
      return "item height must be a finite number >= 0, got \(number(h, lua)) (item \(id(item)))"
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
      return
        "\(name) must be a finite number > 0, got \(key == .estimatedItemHeight ? number(v, lua) : lua.formatNumber(v))"
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
    case .itemHeight: return ListBinding.itemHeightKey
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

  /// Numbers in list messages: whole numbers bare (`741`, `-64`, `0` for -0), others exactly
  /// (`0.30000000000000004`), `nan` whatever its sign bit (`Lua.formatExact`).
  static func number(_ v: Double, _ lua: Lua) -> String { Lua.formatExact(v) }
}

/// List errors that reach Lua outside a list method (from a timer inside `clock:advance`).
extension ListError: LuaWordedError {
  func luaCallError(_ lua: Lua) -> LuaCallError {
    ListBinding.luaError(self, at: ClockBinding.advanceSite, lua)
  }
}
