import CLua
import HeadlessUI
import LuaRuntime

/// `tantan.clock` (the virtual clock: its methods, declared through the binding pattern; bench
/// row 1 calls `settle`) and `tantan.after(seconds, fn)` timers. Its errors are worded in
/// `ClockErrors.swift`.
enum ClockBinding: LuaBinding, LuaModuleBinding, TantanExtension {
  typealias Object = VirtualClock
  typealias Context = TantanHost

  static let after = function(
    "tantan.after", "Calls fn once after `seconds` of virtual time.",
    .nonNegative("seconds"), .function("fn", "fun()"),
    returns: .init("tantan.Timer") { lua, t in timerClass.push(lua, t) }
  ) { host, lua, seconds, fn in
    lua.pushValue(fn)
    // The pending timer's Swift side (heap entry, closure, reference), charged until it is dropped.
    let memory = try HostMemory(host.state.handle, bytes: timerBytes)
    let ref = host.state.ref()
    // `detail`: the runner's list of pending timers says where the function was defined.
    let id = try host.clock.schedule(after: seconds, label: "tantan.after timer", detail: ref) {
      [unowned host] in
      withExtendedLifetime(memory) {}
      let lua = host.lua
      ref.push(lua)
      try lua.call(0, 0)
    }
    return Timer(clock: host.clock, id: id)
  }

  final class Timer {
    let clock: VirtualClock
    let id: VirtualClock.TimerID
    init(clock: VirtualClock, id: VirtualClock.TimerID) { self.clock = clock; self.id = id }
  }

  /// The userdata holds the clock itself, not the host: the host has a weak-reference side table
  /// (the plugin registry points back to it), which makes every retain of it several times dearer.
  static let clockClass = LuaClass<VirtualClock>(
    name: "tantan.Clock", doc: "The virtual clock: time passes only when a script advances it.",
    methods: [
      ClockBinding.method(
        "advance",
        "Advances time, firing due timers and animations in order; a callback's error stops the clock at that moment and is raised here. Time stops at 1e9 s (where a microsecond still counts; past it is an argument error) and one call fires at most 1000000 timers (then an error).",
        .nonNegative("seconds"), returns: .none
      ) { clock, s in try clock.advance(by: s) },
      ClockBinding.method(
        "settle",
        "Runs until no timer or animation is pending; returns how many fired. At most 1000000 timers fire (then an error); a timer due after 1e9 s is an error.",
        returns: .integer
      ) { clock in try clock.settle() },
    ],
    fields: [
      .init("now", "number", "Seconds since the state started, on the virtual clock.") { clock, lua in
        lua.push(clock.now)
      },
      .init("pending", "integer", "Timers and animations still pending.") { clock, lua in lua.push(clock.pendingCount)
      },
    ],
    describe: { "tantan.Clock(now=\($0.now))" })

  static let timerClass = LuaClass<Timer>(
    name: "tantan.Timer", doc: "A handle returned by tantan.after.",
    methods: [
      TimerBinding.method(
        "cancel", "Cancels the timer; returns false when it already fired or was cancelled.", returns: .boolean
      ) { t in
        t.clock.cancel(t.id)
      }
    ],
    fields: [
      TimerBinding.field("pending", "True until the timer fires or is cancelled.", .boolean) { t in
        t.clock.isPending(t.id)
      }
    ],
    describe: { "tantan.Timer(\($0.clock.isPending($0.id) ? "pending" : "done"))" })

  static var docs: [LuaDoc] {
    [clockField.doc, after.doc] + clockClass.docs + timerClass.docs
  }

  static let clockField = ModuleField("tantan.clock", "tantan.Clock", "The virtual clock.") { host, lua in
    clockClass.push(lua, host.clock)
  }

  /// Swift memory per pending `tantan.after` timer, measured: 1,000,000 timers add 208 MB of
  /// resident memory, 16 MB of it Lua's.
  static let timerBytes = 192

  static func install(_ host: TantanHost, module: Int32) {
    let lua = host.lua
    clockClass.register(lua)
    timerClass.register(lua)
    clockField.install(host, in: module)
    after.install(lua, in: module, context: host)
  }
}

/// A `tantan.after` timer's handle (the class is `ClockBinding.timerClass`).
enum TimerBinding: LuaBinding {
  typealias Object = ClockBinding.Timer
  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    ClockBinding.luaError(error, at: site, lua)
  }
}
