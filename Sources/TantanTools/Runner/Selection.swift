/// Which scenarios run, in which order, on which shard.
enum Selection {
  /// Applies `file.lua:LINE`, `--filter`, `--filter-out`, `--tags` and `--exclude-tags`.
  static func select(_ all: [ScenarioInfo], _ o: RunnerOptions, matcher: PatternMatcher) throws(RunnerOptions
    .UsageError) -> [ScenarioInfo]
  {
    var linesByFile: [String: [Int]] = [:]
    for spec in o.lines { linesByFile[Discovery.normalize(spec.file), default: []].append(spec.line) }
    var picked = Set<Int>()  // indices into `all` chosen by a line
    for (file, lines) in linesByFile {
      let inFile = all.indices.filter { all[$0].file == file }
      for line in lines {
        let direct = inFile.filter { covers(all[$0], line) }
        picked.formUnion(direct.isEmpty ? inFile.filter { inDescribe(all[$0], line) } : direct)
      }
    }
    var out: [ScenarioInfo] = []
    for (i, s) in all.enumerated() {
      if linesByFile[s.file] != nil, !picked.contains(i) { continue }
      let name = s.fullName
      if !o.filters.isEmpty {
        var any = false
        for f in o.filters where try matcher.matches(name, f) {
          any = true
          break
        }
        if !any { continue }
      }
      var out_ = false
      for f in o.filtersOut where try matcher.matches(name, f) {
        out_ = true
        break
      }
      if out_ { continue }
      if !o.tags.isEmpty, !s.tags.contains(where: o.tags.contains) { continue }
      if s.tags.contains(where: o.excludeTags.contains) { continue }
      out.append(s)
    }
    return out
  }

  /// `file.lua:LINE` arguments that select no scenario of `all` (the collected scenarios): one
  /// message each, naming the nearest scenarios above and below the line (`file:line: name`).
  /// The run goes on with what the other arguments select (nothing selected: status 3).
  static func unmatchedLines(_ lines: [RunnerOptions.LineSpec], _ all: [ScenarioInfo]) -> [String] {
    var out: [String] = []
    for spec in lines {
      let file = Discovery.normalize(spec.file)
      let inFile = all.filter { $0.file == file }
      // A file with no scenario (or that failed to load) is reported as such elsewhere.
      if inFile.isEmpty { continue }
      if inFile.contains(where: { covers($0, spec.line) || inDescribe($0, spec.line) }) { continue }
      let above = inFile.filter { max($0.line, $0.last) < spec.line }.max {
        max($0.line, $0.last) < max($1.line, $1.last)
      }
      let below = inFile.filter { min($0.line, $0.first) > spec.line }.min {
        min($0.line, $0.first) < min($1.line, $1.first)
      }
      let nearest = [above, below].compactMap { $0 }.map { "\($0.location): \($0.fullName)" }
      out.append("\(file):\(spec.line): no scenario at this line; nearest: " + nearest.joined(separator: "; "))
    }
    return out
  }

  /// A line selects the scenarios whose `it` call or function it falls on; failing that, the
  /// scenarios of the `describe` blocks around it.
  static func covers(_ s: ScenarioInfo, _ line: Int) -> Bool {
    line == s.line || (min(s.line, s.first)...max(s.first, s.last)).contains(line)
  }

  static func inDescribe(_ s: ScenarioInfo, _ line: Int) -> Bool {
    s.describes.contains { (min($0.line, $0.last)...max($0.line, $0.last)).contains(line) }
  }

  /// Fisher-Yates with SplitMix64: the same order for the same seed on every machine.
  static func shuffle<T>(_ items: inout [T], seed: Int) {
    var rng = SplitMix64(seed: UInt64(bitPattern: Int64(seed)))
    guard items.count > 1 else { return }
    for i in stride(from: items.count - 1, to: 0, by: -1) {
      let j = Int(rng.next() % UInt64(i + 1))
      items.swapAt(i, j)
    }
  }

  /// Shard `index` of `count` (1-based): every `count`-th item starting at `index - 1`. Shards are
  /// disjoint, their union is the suite, and their sizes differ by at most one.
  static func shard<T>(_ items: [T], index: Int, count: Int) -> [T] {
    stride(from: index - 1, to: items.count, by: count).map { items[$0] }
  }
}

struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
