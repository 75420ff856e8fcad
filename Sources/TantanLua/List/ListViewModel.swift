import LuaRuntime

/// The payload of a list item, header or footer: the user's own Lua value (kept by reference so
/// `list:item()` returns the very table the script gave) and a deep, order-independent snapshot
/// of its contents used only to decide "reloaded".
///
/// Comparison: raw and deep (metatables are ignored); an item's `id` is not part of its payload.
/// The snapshot shares each distinct table (`ViewModelSnapshot`), and so does the comparison.
/// Functions, userdata and threads inside a view model compare by identity (the same function is
/// equal, two different closures are not); they are recorded as a table keyed by `nil`, which no
/// real Lua table can contain, so they never collide with plain data.
struct ListViewModel: Equatable {
  let value: LuaValue
  let ref: LuaRef?
  /// The snapshot's Swift memory, charged to the state's memory limit while it is kept.
  var memory: HostMemory? = nil

  static func == (a: ListViewModel, b: ListViewModel) -> Bool { a.value.sameSnapshot(as: b.value) }
}
