import LuaRuntime
import TantanLua

/// Line counts on the worker wire: a fork's attempt (`AttemptOutcome.coverage`) and a task's
/// total (the `coverage` reply before `done`). Files and lines in order, so the bytes are the same
/// for the same counts.
extension WireWriter {
  mutating func put(_ c: LineCoverage) {
    put(c.files.count)
    for name in c.files.keys.sorted(by: bytewise) {
      let lines = c.files[name] ?? [:]
      put(name)
      put(lines.count)
      for line in lines.keys.sorted() {
        put(line)
        put(lines[line] ?? 0)
      }
    }
  }
}

extension WireReader {
  mutating func lineCoverage() throws(WireError) -> LineCoverage {
    var c = LineCoverage()
    for _ in 0..<max(try int(), 0) {
      let name = try string()
      var lines: [Int: Int] = [:]
      for _ in 0..<max(try int(), 0) {
        let line = try int()
        lines[line] = try int()
      }
      c.add(name, lines)
    }
    return c
  }
}
