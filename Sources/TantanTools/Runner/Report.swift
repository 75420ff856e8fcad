import TantanLua

/// Everything the reporters print, in report order (suite index: declaration order, or the
/// seeded `--shuffle` order), whatever order the scenarios finished in.
struct RunReport: Equatable {
  struct Goldens: Equatable {
    /// Golden files next to the run's scenario files.
    var existing: [String] = []
    /// Golden files some scenario compared against.
    var used: [String] = []
    /// Nothing but sharding narrowed the run, and nothing failed (so every snapshot assertion ran).
    var complete = false
    /// Unused goldens fail the run (CI=true).
    var strict = false
    /// Unused goldens deleted by `--update-snapshots=all`.
    var removed: [String] = []
    /// A shard saw only part of the suite: unused goldens are known only after `merge-reports`.
    var sharded = false

    var unused: [String] {
      guard complete, !sharded else { return [] }
      let used = Set(self.used)
      return existing.filter { !used.contains($0) && !removed.contains($0) }
    }
  }

  var seed: Int
  var shuffled: Bool
  var shard: String?
  var results: [ScenarioResult]
  var duration: Double
  var goldens = Goldens()
  /// What the run selected; nil in a report from a tantan-host that did not record it.
  var selection: RunSelection? = nil
  /// Scenarios the selection holds, all shards together (`results` holds this shard's).
  var planned: Int? = nil
  /// Spec files that declare no scenario (without `--strict`; with it they are failed items).
  var emptyFiles: [String] = []
  /// `--coverage`: the lines of the project's Lua files the run ran and missed.
  var coverage: CoverageReport? = nil

  /// Goldens written, rewritten and failed by the scenarios, and obsolete ones (unused, or
  /// removed by `--update-snapshots=all`): "3 written, 1 obsolete, 1 failed".
  struct SnapshotTotals: Equatable {
    var written = 0, updated = 0, failed = 0, obsolete = 0, removed = 0

    var summary: String? {
      let parts = [
        (written, "written"), (updated, "updated"), (obsolete, "obsolete"), (removed, "removed"), (failed, "failed"),
      ]
      .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
      return parts.isEmpty ? nil : "goldens: " + parts.joined(separator: ", ")
    }
  }

  var snapshotTotals: SnapshotTotals {
    var t = SnapshotTotals()
    for r in results {
      t.written += r.snapshotActions.written.count
      t.updated += r.snapshotActions.updated.count
      t.failed += r.snapshotActions.failed.count
    }
    t.obsolete = goldens.unused.count
    t.removed = goldens.removed.count
    return t
  }

  struct Counts: Equatable {
    var total = 0, passed = 0, failed = 0, errors = 0, pending = 0, flaky = 0
  }

  var counts: Counts {
    var c = Counts()
    for r in results {
      c.total += 1
      switch r.status {
      case .passed: c.passed += 1
      case .failed: c.failed += 1
      case .error: c.errors += 1
      case .pending: c.pending += 1
      case .flaky: c.flaky += 1
      }
    }
    return c
  }

  /// 0 all passed; 1 a failure, an error, (with `--fail-on-flaky`) a flaky scenario, or (under CI)
  /// an unused golden; 3 nothing selected unless `--pass-with-no-tests` (an empty shard of a
  /// non-empty suite is 0).
  func exitStatus(failOnFlaky: Bool, passWithNoTests: Bool) -> Int32 {
    let c = counts
    if c.failed > 0 || c.errors > 0 { return 1 }
    if failOnFlaky && c.flaky > 0 { return 1 }
    if goldens.strict && !goldens.unused.isEmpty { return 1 }
    // An empty shard of a suite that has scenarios is no mistake: another shard runs them.
    if c.total == 0 && !passWithNoTests && !isEmptyShard { return 3 }
    return 0
  }

  /// `--shard i/n` of a suite with fewer than n scenarios: this shard holds none of them.
  var isEmptyShard: Bool { shard != nil && results.isEmpty && (planned ?? 0) > 0 }

  /// Sets every duration to 0, so reports compare byte for byte (`--deterministic-times`).
  mutating func zeroTimes() {
    duration = 0
    for i in results.indices {
      results[i].duration = 0
      for k in results[i].attempts.indices { results[i].attempts[k].duration = 0 }
    }
  }

  /// "seed 5, shard 1/3, 3 of 7 scenarios, selected by --tags quick": what a reader needs to
  /// know what a green run covered.
  var header: String {
    var s = "seed \(seed)"
    if shuffled { s += ", shuffled" }
    if let shard { s += ", shard \(shard)" }
    if let planned {
      let n = results.count == planned ? "\(planned)" : "\(results.count) of \(planned)"
      s += ", \(n) scenario" + (planned == 1 ? "" : "s")
    }
    if let options = selection?.options, !options.isEmpty { s += ", selected by \(options)" }
    return s
  }
}
