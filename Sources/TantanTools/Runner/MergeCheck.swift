/// What `merge-reports` checks before it merges (unless `--allow-partial`): the reports are the
/// shards of one run of one selection, each shard exactly once, holding every selected scenario.
/// A merge that passed these checks can say "passed" for the whole suite.
enum MergeCheck {
  typealias MergeError = MergeReports.MergeError

  static func complete(_ reports: [RunReport], names: [String]) throws(MergeError) {
    guard let first = reports.first else { throw MergeError(description: "no reports") }
    func fail(_ s: String) -> MergeError { MergeError(description: s + " (--allow-partial merges it anyway)") }
    // The same selection everywhere.
    for (r, name) in zip(reports, names) where r.selection == nil || r.planned == nil {
      throw fail("\(name) does not record its selection (written by an older tantan-host)")
    }
    for (r, name) in zip(reports, names).dropFirst() where r.selection != first.selection {
      throw fail(
        "\(name) was run with another selection than \(names[0]): "
          + "\(show(r.selection!)) vs \(show(first.selection!))")
    }
    for (r, name) in zip(reports, names).dropFirst() where r.planned != first.planned {
      throw fail(
        "\(name) selected \(r.planned!) scenarios, \(names[0]) \(first.planned!): not shards of the same suite")
    }
    // Each shard i/n exactly once, or one unsharded report.
    var shards: [(index: Int, count: Int, name: String)] = []
    for (r, name) in zip(reports, names) {
      guard let shard = r.shard else {
        if reports.count > 1 { throw fail("\(name) is a whole run (no --shard), not to be merged with others") }
        continue
      }
      let parts = shard.split(separator: "/")
      guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]) else {
        throw fail("\(name) is itself a partial merge (\(shard))")
      }
      shards.append((i, n, name))
    }
    if let s = shards.first {
      for o in shards where o.count != s.count {
        throw fail("\(o.name) is shard \(o.index)/\(o.count) but \(s.name) is \(s.index)/\(s.count): different splits")
      }
      var byIndex: [Int: String] = [:]
      for o in shards {
        if let other = byIndex[o.index] {
          throw fail("shard \(o.index)/\(o.count) is given twice: \(other) and \(o.name)")
        }
        byIndex[o.index] = o.name
      }
      let missing = (1...s.count).filter { byIndex[$0] == nil }
      if !missing.isEmpty {
        throw fail(
          "shard\(missing.count == 1 ? "" : "s") \(missing.map { "\($0)/\(s.count)" }.joined(separator: ", ")) "
            + "missing: only \(byIndex.keys.sorted().map { "\($0)/\(s.count)" }.joined(separator: ", ")) given")
      }
    }
    let held = reports.reduce(0) { $0 + $1.results.count }
    if held != first.planned! {
      throw fail("the reports hold \(held) of the \(first.planned!) scenarios selected")
    }
  }

  private static func show(_ s: RunSelection) -> String {
    let d = s.description
    return d.isEmpty ? "(the default suite)" : "'\(d)'"
  }
}
