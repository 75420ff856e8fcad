import LuaRuntime
import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tantan-host play --measure-frames N SCRIPT.lua` (for scripts/bench): no server; the script's
/// first component is put into a gesture by its adapter with synthetic pointer input (a deck's top
/// card held mid-drag, a grid's first cell lifted and dragged around, a list scrolled by the
/// wheel), then N frames run as the server runs them: the pointer moves, the clock advances, every
/// picture is drawn, diffed against the last one sent and encoded. Prints the microseconds per
/// frame (real time, and this thread's CPU time: the server's cost, which other processes on a
/// busy machine do not inflate) and the bytes a frame sends, as a diff and whole.
enum PlayMeasure {
  static func run(_ session: PlaySession, frames n: Int) -> String? {
    if let f = session.rebuild(with: session.overrides) { return "the script failed: \(f.message)" }
    guard let build = session.build, let c = build.components.first else { return "the script made no component" }
    var frames = PlayFrames()
    var whole = PlayFrames()
    /// What a frame sends (timed) and the whole pictures (not timed: the server does not make them).
    func encode() -> (Int, [(label: String, svg: String)]) {
      let pictures = build.pictures()
      return (JSONValue.object(frames.changes(pictures)).compact().utf8.count, pictures)
    }
    func wholeBytes(_ pictures: [(label: String, svg: String)]) -> Int {
      whole.reset()
      return JSONValue.object(whole.changes(pictures)).compact().utf8.count
    }
    let adapter = c.adapter
    let target = session.handle(c)
    let height = pictureHeight(build)
    var start = (x: 0.0, y: 0.0)
    do {
      switch type(of: adapter).kind {
      case "deck":
        let f = try target.read("top").member("frame")
        start = ((f.member("x").asDouble ?? 0) + 100, (f.member("y").asDouble ?? 0) + 100)
        try adapter.pointer(PlayPointer(phase: .down, x: start.x, y: start.y, height: height), target)
      case "grid":
        let cell = try target.call("cell", [.integer(1)]).member("frame")
        let bar = height - (try target.read("height").asDouble ?? height)
        start = ((cell.member("x").asDouble ?? 0) + 20, (cell.member("y").asDouble ?? 0) + 20 + bar)
        try adapter.pointer(PlayPointer(phase: .down, x: start.x, y: start.y, height: height), target)
        for _ in 0..<60 { session.frame() }  // held past long_press: lifted
      default: break
      }
    } catch { return "the gesture failed: \(error.message)" }
    _ = encode()
    var bytes = 0
    var full = 0
    var dt = 0.0
    var cpu = 0.0
    for i in 0..<n {
      let t0 = FileSystem.now()
      let c0 = threadCPUTime()
      do {
        if type(of: adapter).kind == "list" {
          try adapter.wheel(i % 200 < 100 ? 30 : -30, target)
        } else {
          let a = Double(i % 120) / 120 * 2 * .pi
          try adapter.pointer(
            PlayPointer(phase: .move, x: start.x + 60 * sin(a), y: start.y + 40 * cos(a) - 40, height: height), target)
        }
      } catch { return "the gesture failed: \(error.message)" }
      session.frame()
      let (d, pictures) = encode()
      dt += FileSystem.now() - t0
      cpu += threadCPUTime() - c0
      bytes += d
      full += wholeBytes(pictures)
    }
    let us = dt / Double(n) * 1e6
    let cpuUs = cpu / Double(n) * 1e6
    return "frame_us \(us) bytes \(Double(bytes) / Double(n)) full_bytes \(Double(full) / Double(n)) cpu_us \(cpuUs)"
  }

  /// The first picture's height in its own units (its viewBox), as the page reports it.
  static func pictureHeight(_ build: PlayBuild) -> Double {
    guard let svg = build.pictures().first?.svg, let r = svg.firstRange(of: "viewBox=\"") else { return 0 }
    let numbers = svg[r.upperBound...].prefix { $0 != "\"" }.split(separator: " ")
    return numbers.count == 4 ? Double(numbers[3]) ?? 0 : 0
  }

  /// Seconds of CPU time this thread used.
  static func threadCPUTime() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
  }

  static func sin(_ x: Double) -> Double { cos(x - .pi / 2) }
  /// cos by its Taylor series after range reduction (no Foundation in Sources/).
  static func cos(_ x: Double) -> Double {
    var v = x.truncatingRemainder(dividingBy: 2 * .pi)
    if v > .pi { v -= 2 * .pi }
    if v < -.pi { v += 2 * .pi }
    var term = 1.0
    var sum = 1.0
    for k in 1...12 {
      term *= -v * v / Double((2 * k - 1) * (2 * k))
      sum += term
    }
    return sum
  }
}
