import CLua
import LuaRuntime

/// Where a component's `EventLog` reports its events when some plugin registered an `event`
/// hook or the run is traced. Get one with `host.plugins.eventObserver(component:)` (or `EventLog(host:component:)`).
public final class EventObserver {
  let registry: PluginRegistry
  public let component: String

  init(registry: PluginRegistry, component: String) {
    self.registry = registry
    self.component = component
  }

  public func observe(_ event: Event) {
    registry.deliver(event, component: component)
    registry.host?.tracer?.event(event, component: component)
  }
}

extension PluginRegistry {
  /// Calls every hook of `kind`, in registration order, with the arguments `pushArgs` pushes
  /// (it returns how many). A hook that raises is reported with its plugin's name and the error's
  /// `file:line`, then removed: the run goes on without it. Returns the failure messages (the
  /// scenario runner decides whether they fail the scenario; with `strict` they should stop it).
  @discardableResult
  public func runHooks(_ kind: Hook, _ pushArgs: (Lua) -> Int32 = { _ in 0 }) -> [String] {
    guard let host, let list = hooks[kind], !list.isEmpty else { return [] }
    let lua = host.lua
    var failures: [String] = []
    for entry in list {
      guard let fn = entry.value else { continue }
      fn.push(lua)
      let n = pushArgs(lua)
      if lua.pcall(n, 0) { continue }
      let msg = lua.string(-1) ?? "(error object is a \(lua.typeName(-1)) value)"
      lua.pop()
      let line = "plugin '\(entry.plugin)' failed in its '\(kind.rawValue)' hook (\(entry.location)): \(msg)"
      report(line)
      failures.append(line)
      hookFailed = true
      hooks[kind]?.removeAll { $0.value === fn }
    }
    return failures
  }

  /// Runs the `before_scenario` hooks with the scenario's name (for the scenario runner).
  @discardableResult
  public func beforeScenario(_ name: String) -> [String] {
    runHooks(.beforeScenario) { lua in lua.push(name); return 1 }
  }

  /// Runs the `after_scenario` hooks with the scenario's name and whether it passed.
  @discardableResult
  public func afterScenario(_ name: String, passed: Bool, message: String? = nil) -> [String] {
    runHooks(.afterScenario) { lua in
      lua.push(name)
      lua.newTable(narr: 0, nrec: 2)
      lua.push(passed); lua.rawSet(-2, "passed")
      lua.push(message); lua.rawSet(-2, "message")
      return 2
    }
  }

  /// Hands one component event to the `event` hooks as
  /// `{component=, name=, args={..., n=}, text='did_swipe(1, "right")'}`. Events caused by an
  /// event hook itself are not delivered again (no feedback loops).
  func deliver(_ event: Event, component: String) {
    guard !firingEvent, hasEventHooks else { return }
    firingEvent = true
    defer { firingEvent = false }
    runHooks(.event) { lua in
      lua.newTable(narr: 0, nrec: 4)
      lua.push(component); lua.rawSet(-2, "component")
      lua.push(event.name); lua.rawSet(-2, "name")
      lua.push(event.format(lua)); lua.rawSet(-2, "text")
      lua.newTable(narr: Int32(event.args.count), nrec: 1)
      for (i, a) in event.args.enumerated() {
        switch a {
        case .int(let v): lua.push(v)
        case .number(let v): lua.push(v)
        case .string(let v): lua.push(v)
        case .bool(let v): lua.push(v)
        case .none: lua.pushNil()
        case .raw(let v): lua.push(v)
        }
        lua.rawSet(-2, index: i + 1)
      }
      lua.push(event.args.count); lua.rawSet(-2, "n")
      lua.rawSet(-2, "args")
      return 1
    }
  }
}
