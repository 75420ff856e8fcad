import HeadlessUI
import LuaRuntime

extension LuaList {
  /// The model's budget: what the list keeps (sections, items it holds, heights, layouts being
  /// collected) is charged to the state's memory limit, given back when the list goes; the
  /// model's loops over counts count instructions on the running thread and read the clock.
  func makeBudget() -> ModelBudget {
    let memory = HostMemory(host.state.handle)
    let link = self.link
    return ModelBudget(
      charge: { total in try memory.charge(total) },
      tick: { steps in try link.hold(orThrow: LuaList.gone) { try $0.lua.hostTick(steps) } })
  }
}
