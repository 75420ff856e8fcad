import CLua
import HeadlessUI
import LuaRuntime

/// The clock's methods, declared through the binding pattern (bench row 1 calls `settle`).
enum ClockBinding: LuaBinding {
  typealias Object = VirtualClock
  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    passThrough(error) ?? lua.convert(error)
  }
}

/// `tantan.clock` (the virtual clock) and `tantan.after(seconds, fn)` timers.
enum ClockExtension: TantanExtension {
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
      ClockBinding.method("advance", "Advances time, firing due timers and animations in order; a callback's error stops the clock at that moment and is raised here. Time stops at 1e9 s (where a microsecond still counts; past it is an argument error) and one call fires at most 1000000 timers (then an error).",
        .nonNegative("seconds"), returns: .none
      ) { clock, s in try clock.advance(by: s) },
      ClockBinding.method("settle", "Runs until no timer or animation is pending; returns how many fired. At most 1000000 timers fire (then an error); a timer due after 1e9 s is an error.",
        returns: .integer
      ) { clock in try clock.settle() },
    ],
    fields: [
      .init("now", "number", "Seconds since the state started, on the virtual clock.") { clock, lua in lua.push(clock.now) },
      .init("pending", "integer", "Timers and animations still pending.") { clock, lua in lua.push(clock.pendingCount) },
    ],
    describe: { "tantan.Clock(now=\($0.now))" })

  static let timerClass = LuaClass<Timer>(
    name: "tantan.Timer", doc: "A handle returned by tantan.after.",
    methods: [
      .init("cancel", "fun(self): boolean", "Cancels the timer; returns false when it already fired or was cancelled.") { t, lua in
        lua.push(t.clock.cancel(t.id))
        return 1
      }
    ],
    fields: [
      .init("pending", "boolean", "True until the timer fires or is cancelled.") { t, lua in lua.push(t.clock.isPending(t.id)) }
    ],
    describe: { "tantan.Timer(\($0.clock.isPending($0.id) ? "pending" : "done"))" })

  static var docs: [LuaDoc] {
    [LuaDoc(.field, "tantan.clock", "tantan.Clock", "The virtual clock."),
     LuaDoc(.function, "tantan.after", "fun(seconds: number, fn: fun()): tantan.Timer", "Calls fn once after `seconds` of virtual time.")]
      + clockClass.docs + timerClass.docs
  }

  /// Swift memory per pending `tantan.after` timer, measured: 1,000,000 timers add 208 MB of
  /// resident memory, 16 MB of it Lua's.
  static let timerBytes = 192

  static func install(_ host: TantanHost, module: Int32) {
    let lua = host.lua
    clockClass.register(lua)
    timerClass.register(lua)
    clockClass.push(lua, host.clock)
    lua.rawSet(module, "clock")
    lua.setFunction(module, "after") { [unowned host] (lua: Lua) throws(LuaCallError) -> Int32 in
      let s = try lua.checkNonNegative(1)
      try lua.checkFunction(2)
      lua.pushValue(2)
      // The pending timer's Swift side (heap entry, closure, reference), charged until it is dropped.
      let memory = try HostMemory(host.state.handle, bytes: timerBytes)
      let fn = host.state.ref()
      let id: VirtualClock.TimerID
      do {
        id = try host.clock.schedule(after: s) { [unowned host] in
          withExtendedLifetime(memory) {}
          let lua = host.lua
          fn.push(lua)
          try lua.call(0, 0)
        }
      } catch { throw lua.convert(error) }
      timerClass.push(lua, Timer(clock: host.clock, id: id))
      return 1
    }
  }
}
