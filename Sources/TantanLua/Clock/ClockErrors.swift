import HeadlessUI
import LuaRuntime

/// The clock's errors as Lua messages, in one place (`clock:advance`, `clock:settle`,
/// `tantan.after`, and `tantan.render.frames`, which advances the clock).
extension ClockBinding {
  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    if let e = passThrough(error) { return e }
    guard let e = error as? VirtualClock.Failure else { return lua.convert(error) }
    let n = Lua.formatExact
    func range(_ max: Double) -> String { "past the clock's range (\(n(max)) s, where a microsecond still counts)" }
    switch e {
    case .timeOutOfRange(let t, let max): return .argument(site.argument("seconds"), "time \(n(t)) s is \(range(max))")
    case .nextTimerOutOfRange(let due, let max):
      return .message("\(site.name): the next timer is due at \(n(due)) s, \(range(max))")
    case .tooManyTimers(let fired):
      return .message(
        "\(site.name): timers still pending after \(fired) fired (a timer that keeps rescheduling itself?)")
    }
  }

  /// `clock:advance(seconds)` as errors see it, for callers that advance the clock themselves.
  static let advanceSite = LuaCallSite(name: "advance", parameters: ["seconds"], firstArgument: 2)
}
