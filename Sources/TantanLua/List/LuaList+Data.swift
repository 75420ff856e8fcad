import CLua
import HeadlessUI
import LuaRuntime

typealias LuaListModel = ListModel<ListViewModel>
typealias LuaListItem = ListItem<ListViewModel>
typealias LuaListSection = ListSection<ListViewModel>

/// A problem in list data, located by `where` ("sections[2].items[3]"); callers turn it into a
/// bad argument or a message.
struct ListDataError: Error {
  let message: String
}

/// Reading sections and items from Lua tables (raw access: view models are plain data).
extension Lua {
  /// The `id` of the table at `t`: an integer or a string.
  func listID(_ t: Int32, _ location: String) throws(ListDataError) -> ListID {
    rawGet(t, "id")
    defer { pop() }
    return try listIDValue(-1, location, what: "id")
  }

  /// The value at `i` as an id (`what` names it in errors).
  func listIDValue(_ i: Int32, _ location: String, what: String) throws(ListDataError) -> ListID {
    switch type(i) {
    case LUA_TSTRING: return .string(string(i) ?? "")
    case LUA_TNUMBER:
      guard let n = integer(i) else {
        throw ListDataError(message: "\(location): \(what) must be an integer or a string, got \(string(i) ?? "?")")
      }
      return .int(Int64(n))
    case LUA_TNIL, LUA_TNONE: throw ListDataError(message: "\(location): missing \(what) (an integer or a string)")
    default: throw ListDataError(message: "\(location): \(what) must be an integer or a string, got \(typeName(i))")
    }
  }

  /// A view model for the value at `i` (kept by reference, snapshot for comparison).
  func listViewModel(_ i: Int32, skipID: Bool, handle: LuaStateHandle, _ location: String) throws(ListDataError)
    -> ListViewModel
  {
    let memory = HostMemory(handle)
    var walk = ViewModelSnapshot(self, memory: memory)
    let value: LuaValue
    do { value = try walk.value(i, skipID: skipID) } catch {
      throw ListDataError(message: "\(location): \(error.message)")
    }
    pushValue(i)
    return ListViewModel(value: value, ref: LuaRef(popping: self, handle: handle), memory: memory)
  }

  /// An item table at `i`.
  func listItem(_ i: Int32, handle: LuaStateHandle, _ location: String) throws(ListDataError) -> LuaListItem {
    guard type(i) == LUA_TTABLE else { throw ListDataError(message: "\(location): table expected, got \(typeName(i))") }
    let id = try listID(i, location)
    return ListItem(id: id, payload: try listViewModel(i, skipID: true, handle: handle, location))
  }

  /// An array of item tables at `i` (`items` of a section, or a loaded page).
  func listItems(_ i: Int32, handle: LuaStateHandle, _ location: String) throws(ListDataError) -> [LuaListItem] {
    try listArray(i, location) { (k, at) throws(ListDataError) in try listItem(k, handle: handle, at) }
  }

  /// An array of section tables `{id=, header=, footer=, columns=, items={...}}` at `i`.
  func listSections(_ i: Int32, handle: LuaStateHandle, _ location: String) throws(ListDataError) -> [LuaListSection] {
    try listArray(i, location) { (k, at) throws(ListDataError) in try listSection(k, handle: handle, at) }
  }

  /// The array at `i`, each element read by `element(stack index, location)`.
  private func listArray<T>(_ i: Int32, _ location: String, _ element: (Int32, String) throws(ListDataError) -> T)
    throws(ListDataError) -> [T]
  {
    let i = absIndex(i)
    guard type(i) == LUA_TTABLE else { throw ListDataError(message: "\(location): table expected, got \(typeName(i))") }
    let n = rawLength(i)
    var values: [T] = []
    values.reserveCapacity(n)
    for k in stride(from: 1, through: n, by: 1) {
      rawGet(i, index: k)
      defer { pop() }
      values.append(try element(-1, "\(location)[\(k)]"))
    }
    return values
  }

  static let sectionKeys: Set<String> = ["id", "header", "footer", "columns", "items"]

  func listSection(_ i: Int32, handle: LuaStateHandle, _ location: String) throws(ListDataError) -> LuaListSection {
    let i = absIndex(i)
    guard type(i) == LUA_TTABLE else { throw ListDataError(message: "\(location): table expected, got \(typeName(i))") }
    // Unknown keys are typos (`itmes`), not silently empty sections.
    pushNil()
    while lua_next(L, i) != 0 {
      pop()
      let key = type(-1) == LUA_TSTRING ? string(-1) : nil
      guard let key, Self.sectionKeys.contains(key) else {
        let name = key.map { "'\($0)'" } ?? "a \(typeName(-1)) key"
        pop()
        throw ListDataError(
          message: "\(location): unknown key \(name) (known keys: columns, footer, header, id, items)")
      }
    }
    var section = ListSection<ListViewModel>(id: try listID(i, location))
    if rawGet(i, "header") != LUA_TNIL {
      defer { pop() }
      section.header = try listViewModel(-1, skipID: false, handle: handle, "\(location).header")
    } else {
      pop()
    }
    if rawGet(i, "footer") != LUA_TNIL {
      defer { pop() }
      section.footer = try listViewModel(-1, skipID: false, handle: handle, "\(location).footer")
    } else {
      pop()
    }
    if rawGet(i, "columns") != LUA_TNIL {
      defer { pop() }
      guard let c = integer(-1), c >= 1, c <= 1000 else {
        throw ListDataError(
          message:
            "\(location).columns: integer 1..1000 expected, got \(type(-1) == LUA_TNUMBER ? string(-1) ?? "?" : typeName(-1))"
        )
      }
      section.columns = c
    } else {
      pop()
    }
    if rawGet(i, "items") != LUA_TNIL {
      defer { pop() }
      section.items = try listItems(-1, handle: handle, "\(location).items")
    } else {
      pop()
    }
    return section
  }
}
