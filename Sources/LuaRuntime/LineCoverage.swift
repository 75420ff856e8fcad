import CLua
import CLuaShim

/// Which lines of which `@file` chunks ran, and how often: the counts the C shim's line hook keeps
/// (`tt_coverage_start`), read out of a state, merged across states, workers and shards.
public struct LineCoverage: Equatable, Sendable {
  /// Chunk name without its `@` (as the state loaded it: `./delegate.lua`, `spec/a_spec.lua`) to
  /// its counts by line; lines that never ran are absent.
  public var files: [String: [Int: Int]] = [:]

  public init(files: [String: [Int: Int]] = [:]) { self.files = files }

  public var isEmpty: Bool { files.isEmpty }

  /// Starts counting lines in `state` (every thread created from now on counts too). False when
  /// the shim cannot allocate its tables.
  @discardableResult
  public static func start(_ state: LuaState) -> Bool { tt_coverage_start(state.main.L) == 0 }

  /// The counts `state` has kept so far (nothing when coverage was not started).
  public static func read(_ state: LuaState) -> LineCoverage {
    guard !state.isClosed else { return LineCoverage() }
    var out = LineCoverage()
    let L = state.main.L
    for i in 0..<tt_coverage_file_count(L) {
      var hits: UnsafePointer<UInt32>?
      var count: Int32 = 0
      guard let name = tt_coverage_file(L, i, &hits, &count) else { break }
      var lines: [Int: Int] = [:]
      if let hits {
        for line in 0..<Int(count) where hits[line] > 0 { lines[line] = Int(hits[line]) }
      }
      out.add(String(cString: name), lines)
    }
    return out
  }

  /// Sets every count of `state` back to zero.
  public static func reset(_ state: LuaState) {
    guard !state.isClosed else { return }
    tt_coverage_reset(state.main.L)
  }

  /// Adds `lines` to file `name`'s counts.
  public mutating func add(_ name: String, _ lines: [Int: Int]) {
    files[name, default: [:]].merge(lines, uniquingKeysWith: +)
  }

  /// Adds another run's counts (a worker's, a shard's).
  public mutating func merge(_ other: LineCoverage) {
    for (name, lines) in other.files { add(name, lines) }
  }

  /// The lines of a chunk's text that hold code the compiler emitted (every function prototype's
  /// line info, as `activelines` gives one function's), sorted; or the load error.
  public static func executableLines(_ text: [UInt8], name: String) -> Result<[Int], LuaStateError> {
    var count = 0
    var err = [CChar](repeating: 0, count: 256)
    let lines = text.withUnsafeBufferPointer { b in
      b.withMemoryRebound(to: CChar.self) { c in
        tt_executable_lines(c.baseAddress, c.count, name, &count, &err, err.count)
      }
    }
    guard let lines else {
      let msg = String(decoding: err.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(LuaStateError(description: msg))
    }
    defer { tt_free(lines) }
    return .success(Array(UnsafeBufferPointer(start: lines, count: count)).map(Int.init))
  }
}
