import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a scenario starts ends with it: the runner and each worker are child subreapers
/// (`prctl(PR_SET_CHILD_SUBREAPER)`, Linux 3.4+), so a process a scenario started and left behind
/// (a `setsid` daemon, a `sleep &` whose shell exited) is re-parented to the worker that ran the
/// scenario (to the runner when that worker died) instead of to init, and is killed there: by the
/// worker when the file's scenarios end (`--isolate file`) or the scenario's fork ends (`--isolate
/// scenario`), by the runner when a worker dies and when the run ends.
///
/// macOS has no subreaper: there only the process groups are killed (each worker's, and each
/// scenario fork's), so a daemon that called `setsid` outlives the run.
enum Orphans {
  /// Makes this process the subreaper of its descendants (a no-op where there is none).
  static func adopt() {
    #if os(Linux)
      _ = prctl(PR_SET_CHILD_SUBREAPER_, 1, 0, 0, 0)
    #endif
  }

  /// Ends this process and its process group (what its scenario started) when its parent dies: a
  /// run killed midway leaves no worker, scenario fork or `sleep` behind (Linux's
  /// `PR_SET_PDEATHSIG`, as SIGHUP, whose handler kills the group; a no-op on macOS, where a
  /// worker ends when it next reads from the closed socket, after its scenario).
  static func dieWithParent() {
    #if os(Linux)
      signal(SIGHUP) { _ in kill(0, SIGKILL) }
      _ = prctl(PR_SET_PDEATHSIG_, UInt(SIGHUP), 0, 0, 0)
    #endif
  }

  /// Kills and reaps every child of this process but `keep` (and what they leave behind, which
  /// comes back here as it is orphaned). Without `keep`, costs one `waitpid` when there is none.
  static func killAll(except keep: Set<pid_t> = []) {
    var status: Int32 = 0
    while true {
      if keep.isEmpty {  // reap what already ended; stop at once when no child is left
        var reaped: pid_t
        repeat { reaped = waitpid(-1, &status, WNOHANG) } while reaped > 0
        if reaped < 0, errno == ECHILD { return }
      }
      let children = Set(list()).subtracting(keep)
      if children.isEmpty { return }
      for pid in children {
        kill(pid, SIGKILL)
        kill(-pid, SIGKILL)  // a group leader's group too (a scenario's fork)
      }
      // Reap the ones killed; their own children are re-parented here and killed next round.
      for pid in children { while waitpid(pid, &status, 0) < 0, errno == EINTR {} }
    }
  }

  /// The pids of this process's children (every thread's: an orphan goes to any of them).
  static func list() -> [pid_t] {
    #if os(Linux)
      var out: [pid_t] = []
      var readable = false
      for task in FileSystem.list("/proc/self/task") {
        guard let text = FileSystem.read("/proc/self/task/\(task)/children", limit: 1 << 20) else { continue }
        readable = true
        out += text.split(separator: " ").compactMap { pid_t($0.trimmingSpaces) }
      }
      if readable { return out }
      // A kernel without CONFIG_PROC_CHILDREN: every process's parent, from /proc/PID/stat.
      let me = getpid()
      return FileSystem.list("/proc").compactMap { name -> pid_t? in
        guard let pid = pid_t(name), let stat = FileSystem.read("/proc/\(name)/stat", limit: 4096),
          let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 1 && pid_t(fields[1]) == me ? pid : nil
      }
    #else
      return []
    #endif
  }
}

#if os(Linux)
  // <sys/prctl.h>'s value; prctl is variadic in C, so it is declared here with its five words.
  private let PR_SET_CHILD_SUBREAPER_: Int32 = 36
  private let PR_SET_PDEATHSIG_: Int32 = 1
  @_silgen_name("prctl") private func prctl(_ option: Int32, _ a: UInt, _ b: UInt, _ c: UInt, _ d: UInt) -> Int32
#endif

extension Substring {
  fileprivate var trimmingSpaces: Substring {
    var s = self
    while let c = s.last, c == "\n" || c == " " { s.removeLast() }
    return s
  }
}
