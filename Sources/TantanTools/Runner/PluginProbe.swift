import TantanLua

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Plugins load into the runner's own process (the coordinator runs their reporters over the
/// finished report, in the home state), so a plugin whose C module crashes while loading would
/// end the run with no report. Before that load, `tantan-host test` and `merge-reports` probe:
/// a forked child loads the plugins one at a time, announcing each on a pipe; a child that dies
/// (a signal, a C-level `exit`, or a hang past the deadline) names the plugin it was loading,
/// which is then a load failure (left out, in every worker too: `--skip-plugin`), and the probe
/// runs again without it.
///
/// Why a probe and not the plugins in a process of their own: reporters take the whole report and
/// return text, and hooks and assertions run inside every scenario's state anyway; a separate
/// plugin process would put a protocol between the runner and every reporter call for the sake
/// of the load alone. The probe costs one fork and one extra load of the plugins per run, and
/// nothing when there are no plugins.
enum PluginProbe {
  struct Crash: Equatable {
    var dir: String
    var cause: String
  }

  /// The plugins among `candidates` whose loading ends the process, in discovery order.
  static func crashing(_ candidates: [PluginCandidate], options o: RunnerOptions, seed: Int) -> [Crash] {
    var left = candidates
    var out: [Crash] = []
    while !left.isEmpty, let (index, cause) = once(left, options: o, seed: seed) {
      out.append(Crash(dir: left[index].dir, cause: cause))
      left.remove(at: index)
    }
    return out
  }

  /// `o` with the plugins whose loading crashes left out (`skippedPlugins`), each reported on
  /// stderr as a load failure of `command`; under `--strict-plugins` a crash stops the run.
  static func skipCrashing(_ o: RunnerOptions, seed: Int, progname: String, command: String) throws -> RunnerOptions {
    let found = PluginDiscovery.discover(requested: o.plugins).filter { !o.skippedPlugins.contains($0.dir) }
    guard !found.isEmpty else { return o }
    var o = o
    for c in crashing(found, options: o, seed: seed) {
      FileSystem.write(
        fd: 2, "\(progname) \(command): plugin in \(c.dir) failed to load: loading it \(c.cause); left out\n")
      o.skippedPlugins.append(c.dir)
    }
    if o.strictPlugins && !o.skippedPlugins.isEmpty { throw TestPlugins.StrictFailure() }
    return o
  }

  /// How long a probe may take: a plugin whose loading hangs in C is a crash too.
  static func deadline(_ o: RunnerOptions) -> Double { max(10, (o.timeout ?? 10) * 3) }

  /// One probe: nil when every candidate loaded, else the index of the one loading when the child
  /// died, and how it died.
  private static func once(_ candidates: [PluginCandidate], options o: RunnerOptions, seed: Int) -> (Int, String)? {
    var ends: [Int32] = [0, 0]
    guard pipe(&ends) == 0 else { return nil }
    let pid = fork()
    if pid == 0 {
      close(ends[0])
      child(candidates, options: o, seed: seed, out: ends[1])
    }
    close(ends[1])
    guard pid > 0 else {
      close(ends[0])
      return nil
    }
    defer { close(ends[0]) }
    var last: Int32 = -1
    var done = false
    var hung = false
    let end = FileSystem.now() + deadline(o)
    var word: Int32 = 0
    var got = 0
    while true {
      var p = pollfd(fd: ends[0], events: Int16(POLLIN), revents: 0)
      let wait = Int32(max(0, min(1000, (end - FileSystem.now()) * 1000)))
      let r = poll(&p, 1, wait)
      if r < 0, errno == EINTR { continue }
      if r == 0 {
        if FileSystem.now() >= end {
          hung = true
          kill(pid, SIGKILL)
          break
        }
        continue
      }
      let n = withUnsafeMutableBytes(of: &word) { read(ends[0], $0.baseAddress! + got, 4 - got) }
      if n < 0, errno == EINTR { continue }
      if n <= 0 { break }
      got += n
      if got == 4 {
        got = 0
        if word == Int32(candidates.count) { done = true } else { last = word }
      }
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    if done && status == 0 { return nil }
    guard last >= 0, Int(last) < candidates.count else { return nil }  // died before any plugin: not theirs
    let cause = hung ? "did not finish loading within \(formatSeconds(deadline(o))) s" : ProcessExit.describe(status)
    return (Int(last), cause)
  }

  /// In the child: loads each candidate after writing its index; `count` at the end.
  private static func child(_ candidates: [PluginCandidate], options o: RunnerOptions, seed: Int, out: Int32) -> Never {
    func announce(_ i: Int) {
      var v = Int32(i)
      _ = withUnsafeBytes(of: &v) { write(out, $0.baseAddress!, 4) }
    }
    guard let (state, host) = try? TestPlugins.homeState(o, seed: seed) else { _exit(0) }
    state.setLimits(maxMemory: o.maxMemory, maxInstructions: o.maxInstructions, timeout: o.timeout)
    host.plugins.report = { _ in }
    let options = PluginLoader.Options(sandboxed: o.sandbox, strict: false, quiet: true)
    for (i, c) in candidates.enumerated() {
      announce(i)
      _ = PluginLoader.load([c], into: host, options: options)
    }
    announce(candidates.count)
    _exit(0)
  }
}
