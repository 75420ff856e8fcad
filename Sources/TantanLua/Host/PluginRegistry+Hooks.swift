import CLua
import LuaRuntime

/// Where a component's `EventLog` reports its events when some plugin registered an `event`
/// hook or the run is traced. Get one with `host.plugins.eventObserver(component:)` (or `EventLog(host:component:)`).
final class EventObserver {
  /// Weak: the registry caches its observers (`eventObserver(component:)`), so a strong reference
  /// back was a retain cycle that kept a closed host's registry, with its presets and hook
  /// references, alive for good. Events after the registry is gone go nowhere.
  weak var registry: PluginRegistry?
  let component: String

  init(registry: PluginRegistry, component: String) {
    self.registry = registry
    self.component = component
  }

  /// Hooks see the component kind; a trace also tells which component (`owner`) it was.
  func observe(_ event: Event, owner: AnyObject?) {
    guard let registry else { return }
    registry.deliver(event, component: component)
    registry.host?.observer?.event(event, component: component, owner: owner)
  }
}

/// One hook that raised: which plugin, which hook, where it is defined, and the whole message
/// (`plugin 'p' failed in its 'before_scenario' hook (file:line): ...`).
package struct HookFailure: Sendable, Equatable {
  package let plugin: String
  package let hook: PluginRegistry.Hook
  package let location: String
  package let message: String

  package init(plugin: String, hook: PluginRegistry.Hook, location: String, message: String) {
    self.plugin = plugin; self.hook = hook; self.location = location; self.message = message
  }
}

/// The scenario a `before_scenario` / `after_scenario` hook is called for.
package struct ScenarioHookInfo: Sendable, Equatable {
  var name: String
  var fullName: String
  var file: String
  var line: Int
  var tags: [String]

  package init(name: String, fullName: String? = nil, file: String = "", line: Int = 0, tags: [String] = []) {
    self.name = name; self.fullName = fullName ?? name; self.file = file; self.line = line; self.tags = tags
  }

  /// Pushes `{name=, full_name=, file=, line=, tags={...}}`.
  func push(_ lua: Lua) {
    lua.newTable(narr: 0, nrec: 8)
    lua.push(name); lua.rawSet(-2, "name")
    lua.push(fullName); lua.rawSet(-2, "full_name")
    lua.push(file); lua.rawSet(-2, "file")
    lua.push(line); lua.rawSet(-2, "line")
    lua.newTable(narr: Int32(tags.count))
    for (i, t) in tags.enumerated() { lua.push(t); lua.rawSet(-2, index: i + 1) }
    lua.rawSet(-2, "tags")
  }
}

extension PluginRegistry {
  /// Calls every hook of `kind`, in registration order, with the arguments `pushArgs` pushes
  /// (it returns how many). A hook that raises is reported with its plugin's name and the error's
  /// `file:line`, then removed: the run goes on without it. Returns the failure messages (the
  /// scenario runner decides whether they fail the scenario; with `strict` they should stop it).
  @discardableResult
  func runHooks(_ kind: Hook, _ pushArgs: (Lua) -> Int32 = { _ in 0 }) -> [String] {
    guard let host, let list = hooks[kind], !list.isEmpty else { return [] }
    let lua = host.lua
    var failures: [String] = []
    for entry in list {
      guard let fn = entry.value else { continue }
      fn.push(lua)
      let n = pushArgs(lua)
      if lua.pcall(n, 0) { continue }
      let msg = lua.errorText(-1)  // a table error with __tostring shows its text
      lua.pop()
      let line = "plugin '\(entry.plugin)' failed in its '\(kind.rawValue)' hook (\(entry.location)): \(msg)"
      report(line)
      failures.append(line)
      hookFailed = true
      hooks[kind]?.removeAll { $0.value === fn }
      onHookFailure?(HookFailure(plugin: entry.plugin, hook: kind, location: entry.location, message: line))
    }
    return failures
  }

  /// Removes the hooks of `kind` that `plugin` registered at `location` (the scenario runner
  /// drops, in every later scenario's state, a hook that failed in an earlier one).
  package func removeHook(_ kind: Hook, plugin: String, location: String) {
    hooks[kind]?.removeAll { $0.plugin == plugin && $0.location == location }
  }

  /// Runs the `before_scenario` hooks with `{name=, full_name=, file=, line=, tags=}`.
  @discardableResult
  package func beforeScenario(_ s: ScenarioHookInfo) -> [String] {
    runHooks(.beforeScenario) { lua in
      s.push(lua); return 1
    }
  }

  /// Runs the `after_scenario` hooks with the same table plus `status` ("passed", "failed",
  /// "error", "pending"), `passed` and `message` (the failure's, or the pending reason).
  @discardableResult
  package func afterScenario(_ s: ScenarioHookInfo, status: String, message: String? = nil) -> [String] {
    runHooks(.afterScenario) { lua in
      s.push(lua)
      lua.push(status); lua.rawSet(-2, "status")
      lua.push(status == "passed"); lua.rawSet(-2, "passed")
      lua.push(message); lua.rawSet(-2, "message")
      return 1
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
