import CFileWatch
import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tantan-host test --watch`: what stays between runs (the worker pool, the spec files, the
/// files each spec file's state loaded, the last report) and the wait for the next one: a saved
/// spec or module (inotify or kqueue wakes it; `TANTAN_WATCH_POLL=1`, or neither working, polls),
/// or a key on the original stdin (Enter: everything, `f`: the failures, `q`: quit). On a terminal a
/// key acts at once (canonical mode and echo are off while waiting, as in jest's and vitest's watch);
/// from a pipe, a line.
final class WatchSession {
  enum Next: Equatable {
    case changed(specs: [String], files: [String])
    case all, failures, quit
  }

  /// The pool, made by the first run and kept (the workers stay up between runs).
  var pool: WorkerPool?
  /// The spec files of the last full run, as discovered.
  var specFiles: [String] = []
  /// Per spec file (as discovered), the files its state loaded (absolute, normalized).
  private var loaded: [String: Set<String>] = [:]
  /// The scenarios failing now: each run's results replace those of the files it ran.
  private(set) var failures: [ScenarioResult] = []
  private let keys: Int32
  private var keysOpen = true
  private let polling: Bool
  private let root = CoverageFilter.workingDirectory

  /// `keys`: a duplicate of the original stdin (the runs replace fd 0 with an empty pipe).
  init(keys: Int32) {
    self.keys = keys
    polling = FileSystem.environment("TANTAN_WATCH_POLL") == "1"
  }

  func absolute(_ path: String) -> String { CoverageFilter.normalize(path.hasPrefix("/") ? path : root + "/" + path) }

  /// A run ended: its failures replace those of the files it ran (all of them, after a full run).
  func finished(_ report: RunReport, files: [String], full: Bool) {
    let ran = Set(files)
    failures.removeAll { full || ran.contains($0.scenario.file) }
    failures += report.results.filter { $0.status == .failed || $0.status == .error }
  }

  /// A spec file's state loaded these chunks (`@name` without the `@`).
  func record(spec: String, loaded names: [String]) {
    loaded[spec, default: []].formUnion(names.map(absolute))
  }

  /// The files watched: every spec file and everything they loaded.
  var watched: Set<String> {
    var all = Set(specFiles.map(absolute))
    for (_, files) in loaded { all.formUnion(files) }
    return all
  }

  /// The spec files a change to `paths` (absolute) affects, in discovery order: the changed spec
  /// files themselves and those whose state loaded a changed file.
  func affected(by paths: [String]) -> [String] {
    let changed = Set(paths)
    return specFiles.filter { changed.contains(absolute($0)) || !(loaded[$0] ?? []).isDisjoint(with: changed) }
  }

  var how: String { polling ? "polling" : "inotify/kqueue" }

  /// Blocks until there is something to run, or `q`.
  func wait() -> Next {
    let terminal = TerminalKeys(keysOpen ? keys : -1)
    defer { terminal.restore() }
    let files = watched
    var stamps = FileStamps(files)
    let fd = polling ? -1 : tt_fw_open()
    defer { tt_fw_close(fd) }
    if fd >= 0 {
      var folders = Set<String>()
      for f in files {
        _ = tt_fw_add(fd, f)
        folders.insert(FileSystem.directory(of: f))
      }
      for d in folders { _ = tt_fw_add(fd, d) }
    }
    while true {
      var fds = [
        pollfd(fd: fd, events: Int16(POLLIN), revents: 0),
        pollfd(fd: keysOpen ? keys : -1, events: Int16(POLLIN), revents: 0),
      ]
      let r = poll(&fds, 2, fd >= 0 ? 1000 : 200)
      if r < 0 && errno != EINTR { return .quit }
      if fds[1].revents != 0, let key = readKey(single: terminal.single) { return key }
      if fd >= 0 && fds[0].revents == 0 { continue }  // a wake-up only when something changed
      if fd >= 0 {
        _ = tt_fw_drain(fd)
        usleep(50_000)  // an editor's save is often several writes and a rename
        _ = tt_fw_drain(fd)
      }
      let now = FileStamps(files)
      let changed = stamps.changed(now).sorted(by: bytewise)
      stamps = now
      let specs = affected(by: changed)
      if !specs.isEmpty { return .changed(specs: specs, files: changed) }
    }
  }

  private var pending = ""
  /// The next key (`single`, on a terminal) or complete line typed: Enter (an empty line) is
  /// everything, "f" the failures, "q" quit.
  private func readKey(single: Bool) -> Next? {
    var buf = [UInt8](repeating: 0, count: 256)
    let n = read(keys, &buf, buf.count)
    if n <= 0 {
      keysOpen = false  // stdin closed: keep watching files
      return nil
    }
    let typed = String(decoding: buf[0..<n], as: UTF8.self)
    // On a terminal each key is a line of its own: Enter arrives as "\r", Ctrl-C and Ctrl-D quit.
    pending +=
      !single
      ? typed
      : typed.map { key -> String in
        switch key {
        case "\r", "\n", "\r\n": return "\n"
        case "\u{03}", "\u{04}": return "q\n"
        default: return "\(key)\n"
        }
      }.joined()
    while let nl = pending.firstIndex(of: "\n") {
      let line = pending[..<nl].trimmingWhitespace
      pending = String(pending[pending.index(after: nl)...])
      switch line {
      case "": return .all
      case "f": return .failures
      case "q": return .quit
      default: FileSystem.write(fd: 1, "watch: Enter reruns all, f reruns the failures, q quits\n")
      }
    }
    return nil
  }
}

extension Substring {
  fileprivate var trimmingWhitespace: String {
    String(
      drop { $0 == " " || $0 == "\r" || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\r" || $0 == "\t" }
        .reversed())
  }
}
