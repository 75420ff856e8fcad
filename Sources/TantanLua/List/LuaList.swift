import CLua
import HeadlessUI
import LuaRuntime

/// The object behind a `tantan.List` userdata: the model plus the Lua callbacks it calls.
/// Callbacks receive the list's one shared userdata first, as every component's callbacks do.
final class LuaList {
  unowned let host: TantanHost
  /// nil only while the constructor reads the data (a data callback that touches the list then
  /// gets a clear error instead of a half-built list).
  var model: LuaListModel?
  var events: EventLog

  // Data-source callbacks (`source`), in `Source` order; `item_height` as a function.
  var source = Callbacks.none
  var itemHeight: LuaRef?
  var onRefresh: LuaRef?
  var onLoadMore: LuaRef?
  var didScroll: LuaRef?
  /// > 0 while a data callback (a source function or item_height) runs: the list is being
  /// measured, so calls that change it are refused (they would be overwritten by the outer load).
  var dataCallbackDepth = 0

  enum Source: Int, CaseIterable {
    case sectionCount, itemCount, item, header, footer, sectionID
    var name: String { ["section_count", "item_count", "item", "header", "footer", "section_id"][rawValue] }
  }

  init(host: TantanHost) {
    self.host = host
    events = EventLog(host: host, component: "list")
  }

  /// Whole numbers are logged as integers (`did_scroll(30)`), as the event format asks.
  static func eventNumber(_ d: Double) -> Event.Arg {
    if let n = Int(exactly: d) { return .int(n) }
    return .number(d)
  }

  var lua: Lua { host.lua }

  /// The model, or an error when called while the constructor still reads the data.
  func checkModel(_ function: String, mutating: Bool = true) throws(LuaCallError) -> LuaListModel {
    guard let model else { throw .message("\(function): the list is still being built (called from one of its data callbacks)") }
    if mutating, dataCallbackDepth > 0 {
      throw .message("\(function): cannot change the list from inside item_height or a source callback")
    }
    return model
  }

  /// Calls `fn(list, ints..., extra)` where `pushExtra` pushes the extra arguments and returns their count.
  func invoke(_ fn: LuaRef, args: [Int], nresults: Int32, dataCallback: Bool, pushExtra: (Lua) -> Int32) throws {
    let lua = self.lua
    fn.push(lua)
    ListExtension.listClass.pushShared(lua, self)
    for a in args { lua.push(a) }
    let extra = pushExtra(lua)
    if dataCallback { dataCallbackDepth += 1 }
    defer { if dataCallback { dataCallbackDepth -= 1 } }
    try host.call(Int32(args.count) + 1 + extra, nresults)
  }

  // MARK: - The callbacks the model calls

  /// `item_height(list, section, index, item)`: a finite number >= 0, or an error naming the callback.
  func computeHeight(_ section: Int, _ index: Int, _ item: LuaListItem) throws -> Double {
    guard let fn = itemHeight else { return 0 }
    events.append(Event("item_height", [.int(section + 1), .int(index + 1)]))
    try invoke(fn, args: [section + 1, index + 1], nresults: 1, dataCallback: true) { lua in
      if let ref = item.payload.ref { ref.push(lua) } else { lua.pushNil() }
      return 1
    }
    defer { lua.pop() }
    guard let h = lua.number(-1), h.isFinite, h >= 0 else {
      let got = lua.type(-1) == LUA_TNUMBER ? lua.string(-1) ?? "?" : lua.typeName(-1)
      throw LuaCallError.message("item_height(\(section + 1), \(index + 1)) returned \(got) (a finite number >= 0 expected)")
    }
    return h
  }

  /// Calls source function `which` with 1-based `args`; the result stays on the stack for `read`.
  func callSource<T>(_ which: Source, _ args: [Int], _ read: (Lua, String) throws(ListDataError) -> T) throws -> T {
    let fn = which.rawValue
    guard source.has(fn) else { throw LuaCallError.message("source.\(which.name) is missing") }
    events.append(Event(which.name, args.map { .int($0) }))
    source.push(fn, lua)
    ListExtension.listClass.pushShared(lua, self)
    for a in args { lua.push(a) }
    dataCallbackDepth += 1
    defer { dataCallbackDepth -= 1 }
    try host.call(Int32(args.count) + 1, 1)
    defer { lua.pop() }
    // The location is only spelled out on error: this runs once per item of a large source.
    do { return try read(lua, "returned") } catch {
      throw LuaCallError.message("source.\(which.name)(\(args.map(String.init).joined(separator: ", "))) \(error.message)")
    }
  }

  /// The model's view of `source`: section_count, item_count and item are required.
  func dataSource() -> ListDataSource<ListViewModel> {
    let handle = host.state.handle
    func count(_ lua: Lua, _ what: String) throws(ListDataError) -> Int {
      guard let n = lua.integer(-1) else { throw ListDataError(message: "\(what) \(lua.typeName(-1)) (an integer count expected)") }
      guard n >= 0, n <= 100_000_000 else { throw ListDataError(message: "\(what) \(n) (a count in 0..100000000 expected)") }
      return n
    }
    func optionalModel(_ lua: Lua, _ what: String) throws(ListDataError) -> ListViewModel? {
      lua.isNoneOrNil(-1) ? nil : try lua.listViewModel(-1, skipID: false, handle: handle, what)
    }
    return ListDataSource(
      sectionCount: { [unowned self] _ in try self.callSource(.sectionCount, [], count) },
      itemCount: { [unowned self] _, s in try self.callSource(.itemCount, [s + 1], count) },
      item: { [unowned self] _, s, i in
        try self.callSource(.item, [s + 1, i + 1]) { (lua, what) throws(ListDataError) in try lua.listItem(-1, handle: handle, what) }
      },
      header: source.has(Source.header.rawValue) ? { [unowned self] _, s in try self.callSource(.header, [s + 1], optionalModel) } : nil,
      footer: source.has(Source.footer.rawValue) ? { [unowned self] _, s in try self.callSource(.footer, [s + 1], optionalModel) } : nil,
      sectionID: source.has(Source.sectionID.rawValue)
        ? { [unowned self] _, s in try self.callSource(.sectionID, [s + 1]) { (lua, what) throws(ListDataError) in try lua.listIDValue(-1, what, what: "id") } }
        : nil)
  }
}
