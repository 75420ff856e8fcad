import LuaRuntime
import TantanLua

/// The recorder watches its host through the module's observer point (`host.observer`).
extension TraceRecorder: HostObserver {
  /// A call made later (a list's `done`): a step of its own, named after its owner's label.
  func deferredCall(
    _ name: String, of owner: AnyObject, label: String, _ body: @escaping LuaSwiftFunction
  ) -> LuaSwiftFunction {
    return { [weak owner, unowned self] (lua: Lua) throws(LuaCallError) -> Int32 in
      let label = owner.flatMap { self.label(of: $0) } ?? label
      return try self.call(lua, kind: .call, query: false, title: { "\(label) \(name)(...)" }, body: body)
    }
  }
}
