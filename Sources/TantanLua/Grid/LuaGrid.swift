import CLua
import HeadlessUI
import LuaRuntime

/// The object behind a `tantan.ReorderGrid` userdata: the model over Lua values (`LuaRef`s, told
/// apart by position only), the Lua delegate and data source, and the event log.
final class LuaGrid: CallbackOwner {
  /// Errors of the binding itself (not the model's), worded in `GridErrors.swift`.
  enum BindingError: Error { case underConstruction }

  /// One argument of a callback: a 0-based index (passed and recorded 1-based) or an item.
  enum Arg {
    case index(Int)
    case item(LuaRef)
  }

  let host: TantanHost
  let delegate: Callbacks
  let source: Callbacks?
  /// 1-based locked indices from the config, checked against the source's first count.
  let lockedConfig: [Int]
  var events: EventLog
  /// What the model keeps in Swift for this grid, charged to the state's memory limit before the
  /// model allocates it: an identity per item (8 bytes), plus a reference per item without a source.
  let memory: HostMemory
  static let bytesPerSourceItem = MemoryLayout<Int>.stride
  static let bytesPerArrayItem = 64  // identity, array slot and LuaRef object (measured: ~60)
  /// The stack callbacks use: the running thread (a coroutine's when one called the grid).
  var lua: Lua { host.lua }
  /// Nil only while the model's initialiser asks `source.count` (the grid is being built).
  private(set) var current: ReorderGrid<LuaRef>?

  init(host: TantanHost, delegate: Callbacks, source: Callbacks?, lockedConfig: [Int]) {
    self.host = host; self.delegate = delegate; self.source = source; self.lockedConfig = lockedConfig
    self.events = EventLog(host: host, component: "grid")
    self.memory = HostMemory(host.state.handle)
    events.owner = self
    link.attach(self)
  }

  deinit { link.attach(nil) }

  /// How the model's delegate sink and source closures reach back here (no cycle; cleared on
  /// deinit, so a grid closed inside a callback ends its model's remaining calls cleanly).
  let link = OwnerLink<LuaGrid>()

  /// Pushes this grid's userdata, the first argument of every callback.
  func pushSelf(_ lua: Lua) { GridBinding.gridClass.pushShared(lua, self) }

  /// Pops the top of the current thread's stack into the registry.
  func ref() -> LuaRef { LuaRef(popping: lua, handle: host.state.handle) }

  /// Builds the model (asking `source.count` first when there is a source) and attaches the delegate.
  func start(config: ReorderGridConfig, items: [LuaRef]) throws {
    let model: ReorderGrid<LuaRef>
    if source != nil {
      model = try ReorderGrid(config: config, source: makeSource(), clock: host.clock)
    } else {
      try memory.charge(items.count * Self.bytesPerArrayItem)
      model = try ReorderGrid(config: config, items: items, clock: host.clock)
    }
    model.delegate = GridSink(self, link: link, callbacks: delegate, host: host)
    current = model
  }

  /// The model, or an error for a call made from `source.count` while the grid is being built.
  func model() throws -> ReorderGrid<LuaRef> {
    guard let current else { throw BindingError.underConstruction }
    return current
  }

  /// Records `name(args)` (1-based) and, when the callback exists, calls it with the grid first,
  /// leaving `results` values on the stack. Returns false (nothing pushed) when it is absent.
  func invoke<D: CallbackDeclaration>(_ cbs: Callbacks, _ callback: D, _ args: [Arg], results: Int32) throws -> Bool {
    let slot = callback.rawValue
    events.append(Event(cbs.names[slot], args.map { eventArg($0, lua) }))
    guard cbs.has(slot) else { return false }
    cbs.push(slot, lua)
    pushSelf(lua)
    for a in args {
      switch a {
      case .index(let i): lua.push(i + 1)
      case .item(let r): r.push(lua)
      }
    }
    // Protected, on the calling thread; the error value is kept unchanged for the caller.
    try lua.call(Int32(args.count + 1), results)
    return true
  }

  private func eventArg(_ a: Arg, _ lua: Lua) -> Event.Arg {
    switch a {
    case .index(let i): return .int(i + 1)
    case .item(let r):
      r.push(lua)
      defer { lua.pop() }
      return Event.value(lua, -1)
    }
  }

  /// Formats a callback's result for an error message: `nil`, `-1`, `'x'`, `table`.
  static func describe(_ lua: Lua, _ i: Int32) -> String {
    switch lua.type(i) {
    case LUA_TNUMBER:
      if lua_isinteger(lua.L, i) != 0, let n = lua.integer(i) { return String(n) }
      return lua.formatNumber(lua.number(i) ?? .nan)
    case LUA_TSTRING: return "'\(lua.string(i) ?? "")'"
    case LUA_TBOOLEAN: return lua.bool(i) ? "true" : "false"
    default: return lua.typeName(i)
    }
  }
}

/// A callback answered something unusable: raised at the grid's caller with this message.
struct GridCallbackResultError: Error, CustomStringConvertible {
  let description: String
}
