import LuaRuntime
import TantanLua

/// A pointer event on one component's picture, in the picture's units (its SVG user space;
/// `height`: the picture's height there), the velocity in those units per second of real time.
struct PlayPointer {
  enum Phase: String, CaseIterable { case down, move, up, cancel }
  var phase: Phase
  var x: Double
  var y: Double
  var vx = 0.0
  var vy = 0.0
  var height = 0.0
}

/// What an adapter reaches its live component through: the methods and fields scripts use.
protocol PlayTarget {
  /// `obj:method(args...)`, recorded for the scenario; its first result.
  @discardableResult func call(_ method: String, _ args: [PlayArg]) throws(PlayFailure) -> LuaValue
  /// A read that changes nothing (a field, or a pure query method): not recorded.
  func read(_ field: String) throws(PlayFailure) -> LuaValue
  func query(_ method: String, _ args: [PlayArg]) throws(PlayFailure) -> LuaValue
  /// The config table the constructor got (the panel's values applied), read raw.
  func config(_ key: String) -> LuaValue
  /// The virtual time, and the real time in seconds times the playback speed (a hold measured
  /// while the clock is paused).
  var now: Double { get }
  var realNow: Double { get }
}

/// How the playground drives one kind of component: how pointer input, the wheel and its buttons
/// map onto its own gesture methods. What the panel shows (the config rows, slider ranges and
/// buttons) is the component's registry entry's (`ComponentEntry.play`).
protocol PlayAdapter: AnyObject {
  /// The component's kind in the registry (`deck`): its constructor under `tantan`, also the
  /// label of the first one made.
  static var kind: String { get }
  init()
  func pointer(_ p: PlayPointer, _ t: PlayTarget) throws(PlayFailure)
  func wheel(_ dy: Double, _ t: PlayTarget) throws(PlayFailure)
  func button(_ name: String, _ t: PlayTarget) throws(PlayFailure)
  /// Once a frame, after the clock advanced (a held press turning into a long press).
  func frame(_ t: PlayTarget) throws(PlayFailure)
}

extension PlayAdapter {
  func wheel(_ dy: Double, _ t: PlayTarget) throws(PlayFailure) {}
  func frame(_ t: PlayTarget) throws(PlayFailure) {}

  /// The config schema's rows (the panel's controls come from them), from the registry.
  static var configRows: [ConfigRow] { ComponentRegistry.builtin.entry(kind: kind)?.configRows() ?? [] }
  /// Slider ranges where the schema's default gives no sensible one.
  static var ranges: [String: ClosedRange<Double>] { ComponentRegistry.builtin.entry(kind: kind)?.play.ranges ?? [:] }
  /// Buttons under the picture: the name sent back, the title.
  static var buttons: [ComponentPlay.Button] { ComponentRegistry.builtin.entry(kind: kind)?.play.buttons ?? [] }
}

/// The components the playground drives: the registry's, in its order, each with its adapter.
enum PlayComponents {
  /// The gesture adapters: every `PlayAdapter` of this module's sources, listed at build time
  /// (Plugins/ConformanceList), so a new adapter edits no list.
  static var adapters: [any PlayAdapter.Type] { TantanToolsConformances.playAdapter }

  static var all: [any PlayAdapter.Type] {
    ComponentRegistry.builtin.entries.compactMap { e in adapters.first { $0.kind == e.kind } }
  }

  static func adapter(_ kind: String) -> (any PlayAdapter.Type)? { all.first { $0.kind == kind } }
}

/// Reading converted values in the adapters (names of their own: the runner has its own helpers).
extension LuaValue {
  var asDouble: Double? {
    switch self {
    case .number(let d): return d
    case .integer(let i): return Double(i)
    default: return nil
    }
  }
  var asIndex: Int? {
    if case .integer(let i) = self { return i }
    return nil
  }
  var truthy: Bool {
    switch self {
    case .nil, .bool(false): return false
    default: return true
    }
  }
  /// `t[key]` of a converted table; `.nil` for anything else.
  func member(_ key: String) -> LuaValue {
    guard case .table(_, let entries) = self else { return .nil }
    return entries.first { $0.key == .string(key) }?.value ?? .nil
  }
}
