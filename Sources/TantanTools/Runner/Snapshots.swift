import LuaRuntime
import TantanLua

/// The goldens a scenario wrote, rewrote (`--update-snapshots=all`) or failed to match.
struct SnapshotActions: Equatable, Sendable {
  var written: [String] = []
  var updated: [String] = []
  var failed: [String] = []

  var isEmpty: Bool { written.isEmpty && updated.isEmpty && failed.isEmpty }

  mutating func record(_ action: SnapshotStore.Action, _ path: String) {
    switch action {
    case .matched: break
    case .written: written.append(path)
    case .updated: updated.append(path)
    case .failed: failed.append(path)
    }
  }
}

/// Golden files for `assert.snapshot(name, value)`: `<dir>/__snapshots__/<spec>/<name>.snap` next to
/// the scenario file `<dir>/<spec>.lua`. The Lua side serializes the value (format version in the
/// header); this side compares, writes and records which goldens were used.
struct SnapshotStore: Sendable {
  let mode: RunnerOptions.SnapshotMode
  /// Where failed picture snapshots leave their reference, actual picture and diff page.
  var artifactsDir = RunnerOptions.defaults.artifactsDir
  /// `--sandbox`: goldens stay inside their folder and share `budget` (see WriteBudget.swift).
  var sandboxed = false
  var budget: WriteBudget?

  /// `budgetCounter`: the shared count of a sandboxed run (`WriteBudget`); without it every
  /// write is refused, the safe side.
  init(
    mode: RunnerOptions.SnapshotMode, sandboxed: Bool = false, budgetCounter: Int32? = nil,
    artifactsDir: String = RunnerOptions.defaults.artifactsDir
  ) {
    self.mode = mode
    self.sandboxed = sandboxed
    self.artifactsDir = artifactsDir
    budget =
      sandboxed
      ? WriteBudget(limit: budgetCounter == nil ? 0 : WriteBudget.sandboxLimit, counter: budgetCounter ?? -1) : nil
  }

  /// The run's store from its command line: `test` and each of its worker processes build it here
  /// (the workers with the run's budget counter; `test` itself writes no goldens).
  init(_ o: RunnerOptions, ci: Bool, budgetCounter: Int32? = nil) {
    self.init(
      mode: o.updateSnapshots ?? (ci ? .none : .new), sandboxed: o.sandbox, budgetCounter: budgetCounter,
      artifactsDir: o.artifactsDir)
  }

  /// Golden files: value snapshots (`.snap`) and picture snapshots (`.svg`).
  static func isGolden(_ fileName: String) -> Bool { fileName.hasSuffix(".snap") || fileName.hasSuffix(".svg") }

  /// What an assertion did with its golden, counted in the run's summary.
  enum Action: String, Sendable { case matched, written, updated, failed }

  struct Outcome {
    var ok: Bool
    var action: Action = .matched
    var message: String?
    var wanted: String?
    var found: String?
    var path: String
  }

  static func folder(for specFile: String) -> String {
    let dir = FileSystem.directory(of: specFile)
    var base = FileSystem.baseName(specFile)
    if base.hasSuffix(".lua") { base.removeLast(4) }
    return FileSystem.join(FileSystem.join(dir, "__snapshots__"), base)
  }

  /// A file name from a snapshot name: letters, digits, `.`, `_`, `-` kept, anything else `_`.
  static func fileName(_ name: String) -> String {
    var out = ""
    for u in name.unicodeScalars {
      let ok =
        (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9") || u == "." || u == "_" || u == "-"
      out.unicodeScalars.append(ok ? u : "_")
    }
    if out.hasPrefix(".") { out = "_" + out.dropFirst() }
    return out + ".snap"
  }

  static func path(specFile: String, name: String) -> String {
    FileSystem.join(folder(for: specFile), fileName(name))
  }

  /// The golden at `path` for a value of `size` bytes, or nil when there is none: at most twice
  /// the value and a megabyte is read (a longer golden cannot match; its diff shows its start),
  /// each buffer size charged through `reserve` first. A FIFO or a device is refused unopened
  /// (opening a FIFO waits for a writer).
  static func golden(_ path: String, against size: Int, reserve: (Int) throws(LuaCallError) -> Void)
    throws(LuaCallError) -> String?
  {
    if FileSystem.kind(path) == .other { throw .message("golden \(path) is not a regular file") }
    switch try FileSystem.contents(path, limit: 2 * size + (1 << 20), reserve: reserve) {
    case .text(let golden): return golden
    case .unreadable: return nil
    case .noMemory: throw .message("not enough memory")
    }
  }

  /// Compares `text` with its golden (charged through `reserve` while it is read).
  func check(specFile: String, name: String, text: String, reserve: (Int) throws(LuaCallError) -> Void)
    throws(LuaCallError) -> Outcome
  {
    let path = Self.path(specFile: specFile, name: name)
    let newPath = path + ".new"
    if let problem = refusal(name, path, writing: nil) {
      return Outcome(ok: false, action: .failed, message: problem, path: path)
    }
    if let golden = try Self.golden(path, against: text.utf8.count, reserve: reserve) {
      if golden == text {
        if FileSystem.kind(newPath) == .file { FileSystem.remove(newPath) }
        return Outcome(ok: true, path: path)
      }
      if let problem = refusal(name, path, writing: text) {
        return Outcome(ok: false, action: .failed, message: problem, path: path)
      }
      if mode == .all {
        if let why = FileSystem.save(path, text, createFolders: false) {
          return Outcome(
            ok: false, action: .failed, message: "snapshot '\(name)': cannot write \(path): \(why)", path: path)
        }
        if FileSystem.kind(newPath) == .file { FileSystem.remove(newPath) }
        return Outcome(ok: true, action: .updated, path: path)
      }
      if let problem = refusal(name, path, writing: text) {
        return Outcome(ok: false, action: .failed, message: problem, path: path)
      }
      FileSystem.write(newPath, text)
      return Outcome(
        ok: false, action: .failed,
        message: "snapshot '\(name)' does not match \(path) (the new value is in \(newPath); "
          + "accept it with --update-snapshots=all)\n" + Self.diff(golden, text),
        wanted: golden, found: text, path: path)
    }
    if mode == .none {
      return Outcome(
        ok: false, action: .failed,
        message: "snapshot '\(name)' has no golden file \(path) (create it with --update-snapshots=new)",
        wanted: nil, found: text, path: path)
    }
    if let problem = refusal(name, path, writing: text) {
      return Outcome(ok: false, action: .failed, message: problem, path: path)
    }
    FileSystem.makeDirectories(Self.folder(for: specFile))
    if let why = FileSystem.save(path, text, createFolders: false) {  // the system's reason: File name too long, ...
      return Outcome(
        ok: false, action: .failed, message: "snapshot '\(name)': cannot write \(path): \(why)", path: path)
    }
    return Outcome(ok: true, action: .written, path: path)
  }

  /// Two scenarios comparing against one golden would race (and depend on the order): every
  /// scenario after the first that used a golden fails, in report order, whatever ran first.
  static func failSharedGoldens(_ results: [ScenarioResult]) -> [ScenarioResult] {
    var owner: [String: ScenarioInfo] = [:]
    var out = results
    for i in out.indices {
      for path in out[i].snapshotsUsed {
        guard let first = owner[path] else {
          owner[path] = out[i].scenario
          continue
        }
        if first == out[i].scenario || out[i].status == .error { continue }  // a repeat of the same scenario
        out[i].status = .failed
        out[i].failure = Failure(
          kind: .failure,
          message: "golden \(path) is also used by \(first.location) \(first.fullName): "
            + "snapshot names must be unique within a file", file: out[i].scenario.file, line: out[i].scenario.line)
      }
    }
    return out
  }

  /// Goldens present next to `specFile` (the `.snap` files in its snapshot folder).
  static func existing(specFile: String) -> [String] {
    let folder = folder(for: specFile)
    return FileSystem.list(folder).filter(isGolden).map { FileSystem.join(folder, $0) }
  }

  /// A short line diff: the common head and tail are skipped, the rest shown as `-` and `+` lines.
  static func diff(_ old: String, _ new: String) -> String {
    let a = old.split(separator: "\n", omittingEmptySubsequences: false)
    let b = new.split(separator: "\n", omittingEmptySubsequences: false)
    var head = 0
    while head < a.count, head < b.count, a[head] == b[head] { head += 1 }
    var tail = 0
    while tail < a.count - head, tail < b.count - head, a[a.count - 1 - tail] == b[b.count - 1 - tail] { tail += 1 }
    var out = "@@ line \(head + 1) @@\n"
    let limit = 40
    let removed = a[head..<(a.count - tail)]
    let added = b[head..<(b.count - tail)]
    for l in removed.prefix(limit) { out += "-\(l)\n" }
    if removed.count > limit { out += "-... (\(removed.count - limit) more lines)\n" }
    for l in added.prefix(limit) { out += "+\(l)\n" }
    if added.count > limit { out += "+... (\(added.count - limit) more lines)\n" }
    return out
  }
}
