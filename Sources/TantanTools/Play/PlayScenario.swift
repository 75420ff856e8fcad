import TantanLua
import TantanScripts

/// A recording as a busted-style `*_spec.lua`: the helpers of `play_scenario.lua` (run the script
/// with the seed, arguments and panel values it ran with; step the clock frame by frame), then one
/// scenario that replays the same calls at the same virtual times, asserts every event each
/// component fired (`obj:events()`, the event log), that the virtual clock ends where the
/// recording ended, and ends with `assert.snapshot` of each.
enum PlayScenario {
  static let helpers: String = {
    var size = 0
    let text = tt_script_play_scenario(&size)
    return String(decoding: UnsafeRawBufferPointer(start: text, count: size), as: UTF8.self)
  }()

  struct Source {
    var script: String
    var args: [String]
    var seed: Int
    var overrides: PlayOverrides
    /// The command line, for the header comment.
    var command: String
    /// The virtual time when the recording stopped (nil: not asserted).
    var time: Double? = nil
  }

  static func text(_ s: Source, _ r: PlayRecorder) -> String {
    let q = { (t: String) in PlayArg.string(t).lua }
    var out = "-- Recorded by `\(s.command)`: \(r.gestures) calls on the virtual clock.\n"
    out += "-- Run it from the folder the playground ran in: tantan-host test THIS_spec.lua\n"
    out += "-- (its first run writes the golden of assert.snapshot; keep it with the file).\n"
    out += helpers
    out += "\ndescribe(\(q("tantan-host play " + s.script)), function()\n"
    out += "  it(\(q("replays \(r.gestures) recorded calls")), function()\n"
    out += "    local live = run_script(\(q(s.script)), \(s.seed), {\n"
    for label in s.overrides.values.keys.sorted() {
      let pairs = s.overrides.values[label] ?? []
      out +=
        "      [\(q(label))] = { " + pairs.map { "{ \(q($0.key)), \($0.value.lua) }" }.joined(separator: ", ") + " },\n"
    }
    out += "    }, { " + s.args.map(q).joined(separator: ", ") + (s.args.isEmpty ? "})\n" : " })\n")
    for label in r.labels {
      out += "    local \(name(label)) = live[\(q(label))]\n"
      out += "    \(name(label)):clear_events()\n"
    }
    for (step, count) in r.compacted {
      switch step {
      case .advance(let dt): out += "    frames(\(count), \(PlayArg.number(dt).lua))\n"
      case .call(let label, let method, let args, let failed):
        let call = "\(name(label)):\(method)(" + args.map(\.lua).joined(separator: ", ") + ")"
        out += failed ? "    assert.has_error(function() \(call) end)\n" : "    \(call)\n"
      }
    }
    if let t = s.time { out += "    assert.are.equal(\(PlayArg.number(t).lua), tantan.clock.now)\n" }
    for label in r.labels {
      if r.incomplete.contains(label) {
        out += "    -- the playground lost some of \(label)'s events: they are not asserted\n"
      } else {
        let events = r.events[label] ?? []
        out += "    assert.are.same({" + (events.isEmpty ? "" : "\n")
        for e in events { out += "      \(q(e)),\n" }
        out += (events.isEmpty ? "" : "    ") + "}, \(name(label)):events())\n"
      }
      out += "    assert.snapshot(\(q("recorded " + label)), \(name(label)))\n"
    }
    out += "  end)\nend)\n"
    return out
  }

  /// `tantan-classic_play_spec.lua` for `examples/tantan-classic.lua`.
  static func fileName(_ script: String) -> String {
    var base = FileSystem.baseName(script)
    if base.hasSuffix(".lua") { base.removeLast(4) }
    return (base.isEmpty ? "recorded" : base) + "_play_spec.lua"
  }

  /// A label as a local name: `deck#2` is `deck_2`.
  static func name(_ label: String) -> String {
    String(label.map { $0.isLetter || $0.isNumber ? $0 : "_" })
  }
}
