import TantanLua

/// What a run selected, recorded in every report so that a merge can tell the shards of one suite
/// from shards of different selections, and a reader can tell what "all passed" covered.
struct RunSelection: Equatable, Sendable {
  /// The paths searched (as given, or the default folder).
  var paths: [String] = []
  /// `file.lua:LINE` arguments.
  var lines: [String] = []
  var filters: [String] = []
  var filtersOut: [String] = []
  var tags: [String] = []
  var excludeTags: [String] = []
  var pattern = RunnerOptions.defaults.pattern
  var repeatEach = 1

  init() {}

  init(_ o: RunnerOptions, paths: [String]) {
    self.paths = paths
    lines = o.lines.map { "\($0.file):\($0.line)" }
    filters = o.filters
    filtersOut = o.filtersOut
    tags = o.tags
    excludeTags = o.excludeTags
    pattern = o.pattern
    repeatEach = o.repeatEach
  }

  /// The selecting options as on a command line (the paths and the default pattern left out):
  /// "" for the whole suite. Which options select, and how each is written, is declared with the
  /// option (`TestOptions.all`, `recorded`).
  var options: String {
    var parts: [String] = []
    for option in TestOptions.all {
      for v in option.recorded?(self) ?? [] { parts.append("--\(option.spec.long) " + Self.shellQuote(v)) }
    }
    return parts.joined(separator: " ")
  }

  /// Everything, for messages that compare two selections.
  var description: String {
    let o = options
    let where_ = (paths + lines).map(Self.shellQuote).joined(separator: " ")
    return [o, where_].filter { !$0.isEmpty }.joined(separator: " ")
  }

  static func shellQuote(_ s: String) -> String {
    let plain =
      !s.isEmpty
      && s.unicodeScalars.allSatisfy { u in
        (u >= "a" && u <= "z") || (u >= "A" && u <= "Z") || (u >= "0" && u <= "9")
          || "_-./,:=%".unicodeScalars.contains(u)
      }
    return plain ? s : "'" + s.split(separator: "'", omittingEmptySubsequences: false).joined(separator: "'\\''") + "'"
  }

  func encode() -> JSONValue {
    func strings(_ a: [String]) -> JSONValue { .array(a.map { .string($0) }) }
    return .object([
      ("paths", strings(paths)), ("lines", strings(lines)), ("filters", strings(filters)),
      ("filters_out", strings(filtersOut)), ("tags", strings(tags)), ("exclude_tags", strings(excludeTags)),
      ("pattern", .string(pattern)), ("repeat_each", .int(repeatEach)),
    ])
  }

  static func decode(_ v: JSONValue) -> RunSelection? {
    guard case .object = v else { return nil }
    var s = RunSelection()
    s.paths = v["paths"].array.compactMap(\.string)
    s.lines = v["lines"].array.compactMap(\.string)
    s.filters = v["filters"].array.compactMap(\.string)
    s.filtersOut = v["filters_out"].array.compactMap(\.string)
    s.tags = v["tags"].array.compactMap(\.string)
    s.excludeTags = v["exclude_tags"].array.compactMap(\.string)
    s.pattern = v["pattern"].string ?? s.pattern
    s.repeatEach = v["repeat_each"].int ?? 1
    return s
  }
}
