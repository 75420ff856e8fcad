import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tantan-host test --watch`: a full run, then a rerun of the spec files a save affects (within a
/// second), the screen cleared first, until `q`. Refused under CI (`CI=true`): a usage error.
enum WatchCommand {
  static func run(_ o: RunnerOptions, arguments: [String], progname: String) throws -> Int32 {
    guard !TestCommand.isCI else {
      throw RunnerOptions.UsageError(description: "--watch waits for saves and keys: not under CI (CI=true)")
    }
    let session = WatchSession(keys: dup(0))
    var status = try TestCommand.run(o, arguments: arguments, progname: progname, watch: session)
    while true {
      hint(session)
      var next = o
      switch session.wait() {
      case .quit:
        return status
      case .all:
        clear("watch: rerunning everything")
      case .failures:
        let failed = session.failures
        guard !failed.isEmpty else {
          FileSystem.write(fd: 1, "watch: no failures to rerun\n")
          continue
        }
        next.paths = []
        next.lines = []
        for r in failed {
          if !next.paths.contains(r.scenario.file) { next.paths.append(r.scenario.file) }
          // A file that failed to load reruns whole (no `file:LINE` for it).
          if r.scenario.ordinal > 0 { next.lines.append(.init(file: r.scenario.file, line: r.scenario.line)) }
        }
        clear("watch: rerunning \(failed.count) failed scenario\(failed.count == 1 ? "" : "s")")
      case .changed(let specs, let files):
        next.paths = specs
        next.lines = []
        let names = files.map { relative($0) }.joined(separator: ", ")
        clear("watch: \(names) changed: rerunning \(specs.joined(separator: ", "))")
      }
      status = try TestCommand.run(next, arguments: arguments, progname: progname, watch: session, full: false)
    }
  }

  private static func relative(_ path: String) -> String {
    let root = CoverageFilter.workingDirectory
    return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : path
  }

  /// Clears the screen (on a terminal), then says why the run starts.
  private static func clear(_ why: String) {
    if FileSystem.isTerminal(1) { FileSystem.write(fd: 1, "\u{1B}[2J\u{1B}[H") }
    FileSystem.write(fd: 1, why + "\n")
  }

  private static func hint(_ s: WatchSession) {
    FileSystem.write(
      fd: 1,
      "\nwatch: watching \(s.watched.count) files (\(s.how)); Enter reruns all, f reruns the failures, q quits\n")
  }
}
