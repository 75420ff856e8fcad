import TantanLua

/// JSON for tools, and the input of `tantan-host merge-reports`: everything the other reporters
/// need is in it, so a merged run renders exactly like a single run.
struct JSONReporter: Reporter {
  static let format = "tantan-host-test-report"
  static let version = 1

  func render(_ report: RunReport) -> String { Self.encode(report).encoded() + "\n" }

  static func encode(_ r: RunReport) -> JSONValue {
    let c = r.counts
    return .object(
      [
        ("format", .string(format)),
        ("version", .int(version)),
        ("seed", .int(r.seed)),
        ("shuffle", .bool(r.shuffled)),
        ("shard", .optional(r.shard)),
        ("selection", r.selection?.encode() ?? .null),
        ("planned", .optional(r.planned)),
        ("time", .decimal(formatSeconds(r.duration))),
        (
          "summary",
          .object([
            ("total", .int(c.total)), ("passed", .int(c.passed)), ("failed", .int(c.failed)),
            ("errors", .int(c.errors)), ("pending", .int(c.pending)), ("flaky", .int(c.flaky)),
          ])
        ),
        (
          "goldens",
          .object([
            ("complete", .bool(r.goldens.complete)),
            ("strict", .bool(r.goldens.strict)),
            ("sharded", .bool(r.goldens.sharded)),
            ("existing", .array(r.goldens.existing.map { .string($0) })),
            ("used", .array(r.goldens.used.map { .string($0) })),
            ("removed", .array(r.goldens.removed.map { .string($0) })),
            ("unused", .array(r.goldens.unused.map { .string($0) })),
            ("written", .int(r.snapshotTotals.written)), ("updated", .int(r.snapshotTotals.updated)),
            ("failed", .int(r.snapshotTotals.failed)),
          ])
        ),
        ("scenarios", .array(r.results.map(encode))),
        ("empty_files", .array(r.emptyFiles.map { .string($0) })),
        (
          "warnings",
          .array(
            r.warnings.map { w in
              .object([
                ("kind", .string(w.kind.rawValue)), ("file", .string(w.file)), ("line", .optional(w.line)),
                ("scenario", .optional(w.scenario)), ("message", .string(w.message)),
              ])
            })
        ),
      ] + (r.coverage.map { [("coverage", $0.encode())] } ?? []))
  }

  static func encode(_ f: Failure) -> JSONValue {
    .object([
      ("kind", .string(f.kind.rawValue)), ("message", .string(f.message)), ("file", .optional(f.file)),
      ("line", .optional(f.line)), ("wanted", .optional(f.wanted)), ("found", .optional(f.found)),
      ("traceback", .optional(f.traceback)),
    ])
  }

  static func encode(_ r: ScenarioResult) -> JSONValue {
    let s = r.scenario
    var optional: [(String, JSONValue)] = []
    if !r.traces.isEmpty { optional.append(("traces", .array(r.traces.map { .string($0) }))) }
    if !r.snapshotActions.isEmpty { optional.append(("snapshot_actions", encode(r.snapshotActions))) }
    if !r.artifacts.isEmpty { optional.append(("artifacts", .array(r.artifacts.map { .string($0) }))) }
    if let n = r.assertions { optional.append(("assertions", .int(n))) }
    if !r.pendingTimers.isEmpty { optional.append(("pending_timers", .array(r.pendingTimers.map { .string($0) }))) }
    if !r.stderr.isEmpty { optional.append(("stderr", .string(r.stderr))) }
    return .object(
      [
        ("index", .int(r.index)),
        ("file", .string(s.file)),
        ("ordinal", .int(s.ordinal)),
        ("line", .int(s.line)),
        ("first", .int(s.first)),
        ("last", .int(s.last)),
        ("name", .string(s.name)),
        ("full_name", .string(s.fullName)),
        ("classname", .string(s.classname)),
        (
          "describes",
          .array(
            s.describes.map { .object([("name", .string($0.name)), ("line", .int($0.line)), ("last", .int($0.last))]) })
        ),
        ("tags", .array(s.tags.map { .string($0) })),
        ("repeat", .int(r.repeatIndex)),
        ("status", .string(r.status.rawValue)),
        ("reason", .optional(r.reason)),
        ("time", .decimal(formatSeconds(r.duration))),
        ("failure", r.failure.map(encode) ?? .null),
        (
          "attempts",
          .array(
            r.attempts.map {
              .object([
                ("failure", encode($0.failure)), ("output", .string($0.output)),
                ("time", .decimal(formatSeconds($0.duration))),
              ])
            })
        ),
        ("output", .string(r.output)),
        ("snapshots", .array(r.snapshotsUsed.map { .string($0) })),
      ] + optional)
  }

  static func encode(_ a: SnapshotActions) -> JSONValue {
    .object([
      ("written", .array(a.written.map { .string($0) })), ("updated", .array(a.updated.map { .string($0) })),
      ("failed", .array(a.failed.map { .string($0) })),
    ])
  }

  struct DecodeError: Error, CustomStringConvertible { let description: String }

  static func decode(_ text: String) throws -> RunReport {
    let v = try JSONValue.parse(text)
    guard v["format"].string == format else { throw DecodeError(description: "not a tantan-host JSON report") }
    guard let ver = v["version"].int, ver <= version else {
      throw DecodeError(description: "unsupported report version")
    }
    var r = RunReport(
      seed: v["seed"].int ?? 0, shuffled: v["shuffle"].bool ?? false, shard: v["shard"].string,
      results: try v["scenarios"].array.map(decodeResult), duration: v["time"].double ?? 0)
    r.selection = RunSelection.decode(v["selection"])
    r.planned = v["planned"].int
    r.emptyFiles = v["empty_files"].array.compactMap(\.string)
    r.coverage = CoverageReport.decode(v["coverage"])
    let g = v["goldens"]
    r.goldens = RunReport.Goldens(
      existing: g["existing"].array.compactMap(\.string), used: g["used"].array.compactMap(\.string),
      complete: g["complete"].bool ?? false, strict: g["strict"].bool ?? false,
      removed: g["removed"].array.compactMap(\.string), sharded: g["sharded"].bool ?? false)
    return r
  }

  static func decodeFailure(_ v: JSONValue) -> Failure? {
    guard case .object = v else { return nil }
    return Failure(
      kind: Failure.Kind(rawValue: v["kind"].string ?? "") ?? .error, message: v["message"].string ?? "",
      file: v["file"].string, line: v["line"].int, wanted: v["wanted"].string, found: v["found"].string,
      traceback: v["traceback"].string)
  }

  static func decodeResult(_ v: JSONValue) throws -> ScenarioResult {
    guard let status = Status(rawValue: v["status"].string ?? "") else {
      throw DecodeError(description: "bad scenario status")
    }
    let info = ScenarioInfo(
      file: v["file"].string ?? "", ordinal: v["ordinal"].int ?? 0, name: v["name"].string ?? "",
      line: v["line"].int ?? 0, first: v["first"].int ?? 0, last: v["last"].int ?? 0,
      describes: v["describes"].array.map {
        DescribeInfo(name: $0["name"].string ?? "", line: $0["line"].int ?? 0, last: $0["last"].int ?? 0)
      },
      tags: v["tags"].array.compactMap(\.string), pendingReason: nil)
    var result = ScenarioResult(
      scenario: info, index: v["index"].int ?? 0, repeatIndex: v["repeat"].int ?? 0, status: status,
      duration: v["time"].double ?? 0, output: v["output"].string ?? "", failure: decodeFailure(v["failure"]),
      attempts: v["attempts"].array.compactMap { a in
        decodeFailure(a["failure"]).map {
          Attempt(failure: $0, output: a["output"].string ?? "", duration: a["time"].double ?? 0)
        }
      },
      snapshotsUsed: v["snapshots"].array.compactMap(\.string), reason: v["reason"].string,
      traces: v["traces"].array.compactMap(\.string),
      snapshotActions: SnapshotActions(
        written: v["snapshot_actions"]["written"].array.compactMap(\.string),
        updated: v["snapshot_actions"]["updated"].array.compactMap(\.string),
        failed: v["snapshot_actions"]["failed"].array.compactMap(\.string)),
      artifacts: v["artifacts"].array.compactMap(\.string), stderr: v["stderr"].string ?? "")
    result.assertions = v["assertions"].int
    result.pendingTimers = v["pending_timers"].array.compactMap(\.string)
    return result
  }
}
