import CLua
import HeadlessUI
import LuaRuntime

/// Everything one Lua state needs: the state, its virtual clock, and the registered components.
/// One host per state, so scenarios are isolated (each gets a fresh clock).
public final class TantanHost {
  public static let version = "0.1.0"
  /// Rises with every addition to the Lua API; plugins state the minimum they need.
  public static let apiLevel = 2

  public let state: LuaState
  public let clock = VirtualClock()
  public internal(set) var seed: Int?
  /// What plugins registered in this state (sources, presets, assertions, reporters, commands,
  /// hooks) and how each plugin fared. Empty when no plugin was found.
  package let plugins = PluginRegistry()
  /// The tool watching this host (the trace recorder when the run is traced); nil otherwise.
  package var observer: (any HostObserver)?
  /// True when the `--sandbox` prelude ran in this state: host functions that write files refuse.
  package var sandboxed = false

  /// The components its `tantan` module offers (the built-in ones unless told otherwise).
  package let components: ComponentRegistry

  public var lua: Lua { state.lua }

  public convenience init(state: LuaState) { self.init(state: state, components: .builtin) }

  package init(state: LuaState, components: ComponentRegistry) {
    self.state = state
    self.components = components
    plugins.host = self
  }

  deinit {
    // Someone may still hold `plugins`: it must not reach a freed host (it held no weak reference).
    plugins.host = nil
  }
}
