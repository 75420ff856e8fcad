/// What every scenario state gets: the same seed, limits and golden-file mode.
struct ExecutionConfig: Sendable {
  var seed: Int
  var maxInstructions: Int?
  var maxMemory: Int?
  var timeout: Double?
  var snapshots: SnapshotStore
  /// `--sandbox`: the interpreter's sandbox (no io, os.execute, debug, C modules...) around each file.
  var sandbox = false
  /// The run's plugins, loaded into every state (nil: none found).
  var plugins: TestPlugins? = nil
  /// `--trace`: which attempts keep an HTML trace, and the folder they go to.
  var trace = ScenarioTraces.Mode.off
  var traceDir = ""
  /// `--explore-runs`: the run count of every explore (nil: TANTAN_EXPLORE_RUNS, or each spec's own).
  var exploreRuns: Int? = nil
  /// `--coverage`: every state counts the lines it runs (ScenarioSession+Coverage).
  var coverage = false
  /// `--watch`: the worker tells which files each spec file's state loaded.
  var watch = false
}
