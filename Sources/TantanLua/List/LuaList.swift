import CLua
import CLuaShim
import HeadlessUI
import LuaRuntime

/// The object behind a `tantan.List` userdata: the model plus the Lua callbacks it calls.
/// Callbacks receive the list's one shared userdata first, as every component's callbacks do.
final class LuaList: CallbackOwner {
  /// Unowned: the host outlives every value of its state (a strong reference would be a cycle
  /// through the state's userdata). No per-item path reads it.
  unowned let host: TantanHost
  /// nil only while the constructor reads the data (a data callback that touches the list then
  /// gets a clear error instead of a half-built list).
  var current: LuaListModel?
  var events: EventLog

  // The callbacks, as `ListCallbacks.swift` declares them; `item_height` as a function.
  var source = Callbacks.none
  /// The delegate's functions, called through `delegateSink` (made with them, in the constructor).
  var delegate = Callbacks.none
  var delegateSink: CallbackSink<LuaList, ListDelegateCallback>?
  var refreshCallbacks = Callbacks.none
  var pagingCallbacks = Callbacks.none
  var itemHeight: LuaRef? { didSet { itemHeightSlot = itemHeight?.ref ?? 0 } }
  /// `itemHeight`'s registry slot, pushed with `lua_rawgeti` (no retain per call).
  private(set) var itemHeightSlot: Int32 = 0
  /// > 0 while a data callback (a source function or item_height) runs: the list is being
  /// measured, so calls that change it are refused (they would be overwritten by the outer load).
  var dataCallbackDepth = 0
  /// How the model's callbacks and the delegate sink reach this object without a cycle (list ->
  /// model -> callbacks): cleared on deinit, so a callback that outlived the list fails cleanly
  /// (`gone`) instead of touching freed memory.
  let link = OwnerLink<LuaList>()
  /// Interned event names of the per-item callbacks (`item_height`, then the source's).
  let itemHeightSymbol: EventLog.Symbol
  let sourceSymbols: [EventLog.Symbol]

  /// Why the list cannot take a call now (worded with the call's name by `ListBinding.luaError`).
  enum BindingError: Error {
    /// The constructor still reads the data (a data callback called the list).
    case building
    /// A data callback runs: a change would be overwritten by the load that called it.
    case measuring
  }

  /// The state's main thread: `lua` asks the shim for the running thread without going
  /// through the host and its state (two class loads per callback).
  private let mainThread: OpaquePointer

  init(host: TantanHost) {
    self.host = host
    mainThread = host.state.main.L
    var events = EventLog(host: host, component: "list")
    itemHeightSymbol = events.symbol(ListBinding.itemHeightKey)
    sourceSymbols = ListSourceCallback.names.map { events.symbol($0) }
    self.events = events
    link.attach(self)
    self.events.owner = self
  }

  deinit { link.attach(nil) }

  /// What a model callback made after the list went throws.
  static func gone() -> any Error { LuaCallError.message("tantan.List: the list is gone") }

  /// Pushes this list's userdata, the first argument of every callback.
  func pushSelf(_ lua: Lua) { ListBinding.listClass.pushShared(lua, self) }

  /// The running thread (a coroutine's when one called into the host).
  var lua: Lua { Lua(tt_current(mainThread)) }

  /// The model, for reading; `BindingError.building` while the constructor still reads the data.
  func model() throws(BindingError) -> LuaListModel {
    guard let current else { throw .building }
    return current
  }

  /// The model, for a change; also refused while a data callback runs.
  func changing() throws(BindingError) -> LuaListModel {
    let model = try model()
    guard dataCallbackDepth == 0 else { throw .measuring }
    return model
  }

  /// Calls callback `slot` of `callbacks` as `fn(list, args..., extra...)`, where `pushExtra`
  /// pushes the extra arguments and returns their count; results are dropped.
  func invoke(_ callbacks: Callbacks, _ slot: Int, args: [Int], pushExtra: (Lua) -> Int32) throws {
    let lua = self.lua
    callbacks.push(slot, lua)
    pushSelf(lua)
    for a in args { lua.push(a) }
    let extra = pushExtra(lua)
    try lua.call(Int32(args.count) + 1 + extra, 0)
  }

  // MARK: - The callbacks the model calls

  /// `item_height(list, section, index, item)` for each of `items` (the first at index `start`):
  /// a finite number >= 0, or an error naming the call. Called for every item of every load, so
  /// the list's userdata is pushed once for the run and the arguments directly, with no temporaries.
  func computeHeights(_ section: Int, _ items: [LuaListItem], _ start: Int) throws -> [Double] {
    let slot = itemHeightSlot
    guard slot != 0 else { return [Double](repeating: 0, count: items.count) }
    let lua = self.lua
    let L = lua.L
    guard lua_checkstack(L, 8) != 0 else { throw LuaCallError.message("item_height: stack overflow") }
    let handler = lua.pushCallHandler()  // one handler for the whole batch
    pushSelf(lua)
    let list = lua_gettop(L)
    defer { lua_settop(L, handler - 1) }
    dataCallbackDepth += 1
    defer { dataCallbackDepth -= 1 }
    // Written in place (no uniqueness check per append); `done` counts the heights so far.
    return try [Double](unsafeUninitializedCapacity: items.count) { heights, done in
      for k in items.indices {  // not `for item in items`: a copy of each item retains its table
        let index = start + k
        events.append(itemHeightSymbol, .int(section + 1), .int(index + 1), count: 2)
        lua_rawgeti(L, Lua.registryIndex, lua_Integer(slot))
        lua_pushvalue(L, list)
        lua_pushinteger(L, lua_Integer(section + 1))
        lua_pushinteger(L, lua_Integer(index + 1))
        let itemSlot = items[k].payload.ref?.ref ?? 0
        if itemSlot != 0 { lua_rawgeti(L, Lua.registryIndex, lua_Integer(itemSlot)) } else { lua_pushnil(L) }
        try lua.call(4, 1, handlerAt: handler, removingHandler: false)
        guard let h = lua.number(-1), h.isFinite, h >= 0 else {
          let got = lua.type(-1) == LUA_TNUMBER ? lua.string(-1) ?? "?" : lua.typeName(-1)
          throw LuaCallError.message(
            "item_height(\(section + 1), \(index + 1)) returned \(got) (a finite number >= 0 expected)")
        }
        lua_settop(L, list)
        heights[k] = h
        done = k + 1
      }
    }
  }

  /// Calls source function `which` with 1-based `args`; the result stays on the stack for `read`.
  func callSource<T>(_ which: Source, _ args: [Int], _ read: (Lua, String) throws(ListDataError) -> T) throws -> T {
    let fn = which.rawValue
    guard source.has(fn) else { throw LuaCallError.message("source.\(which.name) is missing") }
    let first = args.first.map { EventLog.CompactArg.int($0) } ?? .none
    let second = args.count > 1 ? EventLog.CompactArg.int(args[1]) : .none
    events.append(sourceSymbols[fn], first, second, count: args.count)
    let lua = self.lua
    source.push(fn, lua)
    pushSelf(lua)
    for a in args { lua.push(a) }
    dataCallbackDepth += 1
    defer { dataCallbackDepth -= 1 }
    try lua.call(Int32(args.count) + 1, 1)
    defer { lua.pop() }
    // The location is only spelled out on error: this runs once per item of a large source.
    do { return try read(lua, "returned") } catch {
      throw LuaCallError.message(
        "source.\(which.name)(\(args.map(String.init).joined(separator: ", "))) \(error.message)")
    }
  }

  /// The model's view of `source`: section_count, item_count and item are required.
  func dataSource() -> ListDataSource<ListViewModel> {
    let handle = host.state.handle
    func count(_ lua: Lua, _ what: String) throws(ListDataError) -> Int {
      guard let n = lua.integer(-1) else {
        throw ListDataError(message: "\(what) \(lua.typeName(-1)) (an integer count expected)")
      }
      guard n >= 0, n <= 100_000_000 else { throw ListDataError(message: "\(what) \(n) (expected 0..100000000)") }
      return n
    }
    func optionalModel(_ lua: Lua, _ what: String) throws(ListDataError) -> ListViewModel? {
      lua.isNoneOrNil(-1) ? nil : try lua.listViewModel(-1, skipID: false, handle: handle, what)
    }
    let link = self.link
    return ListDataSource(
      sectionCount: { _ in try link.hold(orThrow: LuaList.gone) { try $0.callSource(.sectionCount, [], count) } },
      itemCount: { _, s in try link.hold(orThrow: LuaList.gone) { try $0.callSource(.itemCount, [s + 1], count) } },
      item: { _, s, i in
        try link.hold(orThrow: LuaList.gone) {
          try $0.callSource(.item, [s + 1, i + 1]) { (lua, what) throws(ListDataError) in
            try lua.listItem(-1, handle: handle, what)
          }
        }
      },
      header: source.has(Source.header.rawValue)
        ? { _, s in try link.hold(orThrow: LuaList.gone) { try $0.callSource(.header, [s + 1], optionalModel) } } : nil,
      footer: source.has(Source.footer.rawValue)
        ? { _, s in try link.hold(orThrow: LuaList.gone) { try $0.callSource(.footer, [s + 1], optionalModel) } } : nil,
      sectionID: source.has(Source.sectionID.rawValue)
        ? { _, s in
          try link.hold(orThrow: LuaList.gone) {
            try $0.callSource(.sectionID, [s + 1]) { (lua, what) throws(ListDataError) in
              try lua.listIDValue(-1, what, what: "id")
            }
          }
        }
        : nil)
  }
}
