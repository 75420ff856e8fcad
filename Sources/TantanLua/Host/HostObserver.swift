import LuaRuntime

/// Where a tool watching one host hooks in (TantanTools' trace recorder, for `--trace` and
/// `test --trace`): the module tells it about component events and lets it wrap the functions Lua
/// calls later, and knows nothing of what it records. Installed with `host.observer = ...`.
package protocol HostObserver: AnyObject {
  /// A component's event (`component`: "deck", "grid", "list", ...; `owner`: which one).
  func event(_ event: Event, component: String, owner: AnyObject?)
  /// The function Lua gets for `body`, named `name` of `owner` (or `label` once it is gone), when
  /// it is called later, outside the call that received it (a list's `done` completion).
  func deferredCall(
    _ name: String, of owner: AnyObject, label: String, _ body: @escaping LuaSwiftFunction
  ) -> LuaSwiftFunction
}
