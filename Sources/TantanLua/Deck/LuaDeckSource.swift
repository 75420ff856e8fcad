import CLua
import HeadlessUI
import LuaRuntime

/// The deck's `source`: an array of view models, or a table of callbacks
/// (`count(deck)`, `card(deck, index, reused)`, `empty(deck)`, optional `id(deck, index)`). An
/// array may have an `empty` function too. A view model's `id` field (an integer or a string) is
/// its identity for `reload{keep_position=true}`.
enum LuaDeckSource {
  case array(LuaRef, empty: LuaRef?)
  case callbacks(Callbacks)

  /// Reads the source table at `index` (argument `arg` of `deck`).
  static func read(_ host: TantanHost, index: Int32, arg: Int32) throws(LuaCallError) -> LuaDeckSource {
    let lua = host.lua
    let cbs = try Callbacks(host, index: index, arg: arg, declared: DeckSourceCallback.self, lua: lua)
    if cbs.has(DeckSourceCallback.count) || cbs.has(DeckSourceCallback.card) {
      guard cbs.has(DeckSourceCallback.count) else { throw .argument(arg, "source.count: function expected, got nil") }
      guard cbs.has(DeckSourceCallback.card) else { throw .argument(arg, "source.card: function expected, got nil") }
      return .callbacks(cbs)
    }
    guard lua.type(index) == LUA_TTABLE else {
      throw .argument(arg, "source: table expected, got \(lua.typeName(index))")
    }
    lua.pushValue(index)
    let table = host.state.ref()
    var emptyFn: LuaRef?
    let t = lua.rawGet(index, "empty")
    if t == LUA_TFUNCTION {
      emptyFn = host.state.ref()
    } else {
      lua.pop()
      if t != LUA_TNIL { throw .argument(arg, "source.empty: function expected, got \(luaTypeName(t))") }
    }
    return .array(table, empty: emptyFn)
  }

  /// The model's view of this source; callbacks get the deck's userdata as first argument.
  func modelSource(_ link: DeckLink) -> SwipeDeckSource<LuaRef> {
    switch self {
    case .array(let table, let emptyFn):
      return SwipeDeckSource(
        count: {
          try Self.withDeck(link) { owner in
            owner.recordSource(.count)
            let lua = owner.host.lua
            table.push(lua)
            defer { lua.pop() }
            return lua.rawLength(-1)
          }
        },
        card: { index, reused in
          try Self.withDeck(link) { owner in
            owner.recordCard(index, reused: reused != nil)
            let lua = owner.host.lua
            table.push(lua)
            lua.rawGet(-1, index: index + 1)
            lua_rotate(lua.L, -2, 1)
            lua.pop()
            return try owner.takeModel(lua, reused: reused, what: "source[\(index + 1)]")
          }
        },
        empty: {
          try Self.withDeck(link) { owner in
            owner.recordSource(.empty)
            guard let emptyFn else { return nil }
            return try owner.callEmpty(emptyFn)
          }
        },
        identity: { model in link.borrow { $0.modelIdentity(model) } ?? nil })
    case .callbacks(let cbs):
      return SwipeDeckSource(
        count: {
          try Self.withDeck(link) { owner in
            owner.recordSource(.count)
            let lua = owner.host.lua
            cbs.push(DeckSourceCallback.count.rawValue, lua)
            owner.pushSelf(lua)
            try lua.call(1, 1)
            defer { lua.pop() }
            return try LuaDeckSource.checkCount(lua, -1)
          }
        },
        card: { index, reused in
          try Self.withDeck(link) { owner in
            owner.recordCard(index, reused: reused != nil)
            let lua = owner.lua
            let handler = lua.pushCallHandler()
            cbs.push(DeckSourceCallback.card.rawValue, lua)
            owner.pushSelf(lua)
            lua.push(index + 1)
            if let reused { reused.push(lua) } else { lua.pushNil() }
            try lua.call(3, 1, handlerAt: handler, removingHandler: true)
            return try owner.takeModel(lua, reused: reused, what: "source.card")
          }
        },
        empty: {
          try Self.withDeck(link) { owner in
            owner.recordSource(.empty)
            guard cbs.has(DeckSourceCallback.empty) else { return nil }
            cbs.push(DeckSourceCallback.empty.rawValue, owner.host.lua)
            return try owner.callEmpty(nil)
          }
        },
        identity: { model in link.borrow { $0.modelIdentity(model) } ?? nil },
        id: cbs.has(DeckSourceCallback.id)
          ? { index in
            try Self.withDeck(link) { owner in
              owner.events.append(Event("id", [.int(index + 1)]))
              let lua = owner.host.lua
              cbs.push(DeckSourceCallback.id.rawValue, lua)
              owner.pushSelf(lua)
              lua.push(index + 1)
              try lua.call(2, 1)
              defer { lua.pop() }
              return try LuaDeckSource.identity(lua, -1, what: "source.id(\(index + 1))")
            }
          } : nil)
    }
  }

  /// Runs a source call with the deck borrowed; once the deck is gone (closed inside a callback)
  /// the call throws `DeckLink.closed`, which the model holds and raises once it is consistent.
  static func withDeck<T>(_ link: DeckLink, _ body: (LuaSwipeDeck) throws -> T) throws -> T {
    guard let result = try link.borrow(body) else { throw DeckLink.closed }
    return result
  }

  /// An identity (`id` field or `source.id` answer): an integer or a string; nil is no identity.
  static func identity(_ lua: Lua, _ i: Int32, what: String) throws -> AnyHashable? {
    switch lua.type(i) {
    case LUA_TNIL: return nil
    case LUA_TSTRING: return AnyHashable(lua.string(i) ?? "")
    case LUA_TNUMBER:
      if let n = lua.integer(i) { return AnyHashable(Int64(n)) }
      throw LuaCallError.message("\(what) must be an integer or a string, got \(lua.string(i) ?? "?")")
    default: throw LuaCallError.message("\(what) must be an integer or a string, got \(lua.typeName(i))")
    }
  }

  /// `count`'s answer: an integer (or an integral float) from 0 to 2^53.
  static func checkCount(_ lua: Lua, _ i: Int32) throws(LuaCallError) -> Int {
    guard lua.type(i) == LUA_TNUMBER else {
      throw .message("source.count must return an integer, got \(lua.typeName(i))")
    }
    let range = 0...SwipeDeckLimits.maxCount
    if let n = lua.integer(i) {
      guard range.contains(n) else {
        throw .message("source.count returned \(n) (expected \(range.lowerBound)..\(range.upperBound))")
      }
      return n
    }
    let d = lua.number(i) ?? .nan
    guard d.isFinite, d == d.rounded() else {
      throw .message("source.count must return an integer, got \(lua.formatNumber(d))")
    }
    // An integral float too large for an integer (1e300).
    throw .message("source.count returned \(lua.formatNumber(d)) (expected \(range.lowerBound)..\(range.upperBound))")
  }
}

/// `lua_typename` for a type tag, without a value on the stack.
func luaTypeName(_ t: Int32) -> String {
  switch t {
  case LUA_TNIL: return "nil"
  case LUA_TBOOLEAN: return "boolean"
  case LUA_TNUMBER: return "number"
  case LUA_TSTRING: return "string"
  case LUA_TTABLE: return "table"
  case LUA_TFUNCTION: return "function"
  case LUA_TUSERDATA, LUA_TLIGHTUSERDATA: return "userdata"
  case LUA_TTHREAD: return "thread"
  default: return "no value"
  }
}

extension LuaSwipeDeck {
  /// Pops a model returned by the source: a table. Returning the `reused` table keeps its
  /// reference (no allocation on the reuse path); anything else gets a new one.
  func takeModel(_ lua: Lua, reused: LuaRef?, what: @autoclosure () -> String) throws -> LuaRef {
    guard lua.type(-1) == LUA_TTABLE else {
      let got = lua.typeName(-1)
      lua.pop()
      throw LuaCallError.message("\(what()) must be a table (a view model), got \(got)")
    }
    if let reused {
      reused.push(lua)
      let same = lua_rawequal(lua.L, -1, -2) != 0
      lua.pop(same ? 2 : 1)
      if same { return reused }
    }
    return host.state.ref()
  }

  /// Calls `empty(deck)` (the function is `fn`, or already pushed when nil): a table or nil.
  func callEmpty(_ fn: LuaRef?) throws -> LuaRef? {
    let lua = host.lua
    if let fn { fn.push(lua) }
    pushSelf(lua)
    try lua.call(1, 1)
    if lua.isNoneOrNil(-1) {
      lua.pop()
      return nil
    }
    return try takeModel(lua, reused: nil, what: "source.empty")
  }
}

extension LuaSwipeDeck {
  /// The `id` field of a view model (raw), as an identity; nil without one.
  func modelIdentity(_ model: LuaRef) -> AnyHashable? {
    let lua = host.lua
    model.push(lua)
    idKey.push(lua)
    lua_rawget(lua.L, -2)
    defer { lua.pop(2) }
    return try? LuaDeckSource.identity(lua, -1, what: "id")
  }
}
