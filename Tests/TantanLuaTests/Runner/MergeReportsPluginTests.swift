import Foundation
import XCTest

/// Plugin reporters in `tantan-host merge-reports`: the merged shards feed them the tables one
/// unsharded `test` run would, with the same discovery, errors, isolation and `--strict-plugins`.
final class MergeReportsPluginTests: XCTestCase {
  /// A reporter that prints every field of every table it is given, keys sorted.
  static let dump = #"""
    local function show(v)
      if type(v) == "string" then return string.format("%q", v) end
      if type(v) ~= "table" then return tostring(v) end
      local keys = {}
      for k in pairs(v) do keys[#keys + 1] = k end
      table.sort(keys, function(a, b) return tostring(a) < tostring(b) end)
      local parts = {}
      for _, k in ipairs(keys) do parts[#parts + 1] = tostring(k) .. "=" .. show(v[k]) end
      return "{" .. table.concat(parts, ", ") .. "}"
    end
    host.register_reporter("dump", {
      on_start = function(t) return "start " .. show(t) .. "\n" end,
      on_result = function(t) return "result " .. show(t) .. "\n" end,
      on_finish = function(t) return "finish " .. show(t) .. "\n" end,
    })
    """#

  private func file(_ s: PluginSandbox, _ path: String) -> String? {
    try? String(contentsOf: s.work.appendingPathComponent(path), encoding: .utf8)
  }

  private func remove(_ s: PluginSandbox, _ path: String) {
    try? FileManager.default.removeItem(at: s.work.appendingPathComponent(path))
  }

  func testMergedShardsFeedAPluginReporterWhatOneRunDoes() throws {
    let s = try PluginSandbox()
    try s.plugin("work/plugins/dump", name: "dump", api: 2, setup: Self.dump)  // found in ./plugins
    var files = Fixtures.generated(files: 3, perFile: 4)
    files["spec/mixed_spec.lua"] = Fixtures.mixed
    files["spec/flaky_spec.lua"] = Fixtures.flaky
    for (path, text) in files { try s.write("work/" + path, text) }
    let common = [
      "--plugin", PluginSandbox.examples, "--seed", "5", "--shuffle", "--retries", "1", "--deterministic-times",
    ]
    remove(s, "flaky.count")
    let whole = try s.run(["test"] + common + ["--reporter", "checklist=whole.md", "--reporter", "dump=whole.txt"])
    XCTAssertEqual(whole.status, 1, whole.messages)
    for i in 1...2 {
      remove(s, "flaky.count")
      let shard = try s.run(["test"] + common + ["--shard", "\(i)/2", "--reporter", "json=shard\(i).json"])
      XCTAssertNotEqual(shard.status, 2, shard.messages)
    }
    let merged = try s.run([
      "merge-reports", "shard2.json", "shard1.json", "--plugin", PluginSandbox.examples, "--deterministic-times",
      "--reporter", "checklist", "--reporter", "checklist=merged.md", "--reporter=dump=merged.txt",
    ])
    XCTAssertEqual(merged.messages, "")
    XCTAssertEqual(merged.status, 1, "the merged scenarios decide the status")
    let checklist = try XCTUnwrap(file(s, "whole.md"))
    XCTAssertTrue(checklist.hasPrefix("# 19 scenarios (seed 5)\n\n"), checklist)
    XCTAssertTrue(checklist.contains("**error**: spec/mixed_spec.lua:"), checklist)
    XCTAssertEqual(merged.stdout, checklist)
    XCTAssertEqual(file(s, "merged.md"), checklist)
    let dump = try XCTUnwrap(file(s, "whole.txt"))
    XCTAssertTrue(dump.hasPrefix("start {reporter=\"dump\", seed=5, shuffled=true, total=19}\n"), dump)
    XCTAssertEqual(dump.components(separatedBy: "\nresult {").count - 1, 19)
    for field in ["status=\"flaky\"", "attempts=2", "expected=", "repeat_index=0", "tags={"] {
      XCTAssertTrue(dump.contains(field), "\(field) in \(dump)")
    }
    XCTAssertEqual(file(s, "merged.txt"), dump, "every table the reporter is given, field by field")
  }

  func testAnUnknownReporterListsThePluginReporters() throws {
    let s = try PluginSandbox()
    try s.write("work/spec/a_spec.lua", "it('one', function() end)\n")
    XCTAssertEqual(try s.run(["test", "--reporter", "json=all.json"]).status, 0)
    let unknown = try s.run(["merge-reports", "all.json", "--plugin", PluginSandbox.examples, "-o", "checklists"])
    XCTAssertEqual(unknown.status, 2)
    XCTAssertEqual(unknown.stdout, "")
    XCTAssertEqual(
      unknown.messages,
      "tantan-host merge-reports: unknown reporter 'checklists' (default, tap, junit, json, github, lcov, cobertura; from plugins: checklist)\n"
    )
    let without = try s.run(["merge-reports", "all.json", "--reporter", "checklist"])
    XCTAssertEqual(without.status, 2)
    XCTAssertEqual(
      without.messages,
      "tantan-host merge-reports: unknown reporter 'checklist' (default, tap, junit, json, github, lcov, cobertura)\n")
  }

  func testARaisingPluginReporterIsIsolatedAndStrictPluginsGivesStatusTwo() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/rep", name: "rep", api: 2,
      setup: """
        host.register_reporter("crash", { on_result = function(r) error("no " .. r.name) end })
        host.register_reporter("number", { on_finish = function() return 42 end })
        host.register_reporter("lines", { on_result = function(r) return r.status .. " " .. r.full_name .. "\\n" end })
        host.register_reporter("io", { on_finish = function() return io and "io\\n" or "no io\\n" end })
        host.register_reporter("spin", { on_finish = function() while true do end end })
        """)
    try s.write(
      "work/spec/a_spec.lua",
      """
      describe('a', function()
        it('one', function() end)
        it('two', function() assert.truthy(false) end)
      end)

      """)
    XCTAssertEqual(try s.run(["test", "--reporter", "json=all.json"]).status, 1)

    let crash = try s.run([
      "merge-reports", "all.json", "--reporter", "crash", "--reporter", "tap", "--reporter", "number=n.txt",
      "--reporter", "lines=lines.txt",
    ])
    XCTAssertEqual(crash.status, 1, "the scenarios decide the status")
    XCTAssertTrue(crash.stdout.hasPrefix("TAP version 14\n"), crash.stdout)
    let plugin = "plugins/rep/plugin.lua"
    XCTAssertEqual(
      crash.messages,
      """
      tantan-host merge-reports: plugin 'rep' failed in its reporter 'crash' (on_result, \(plugin):7): \(plugin):7: no one
      tantan-host merge-reports: plugin 'rep' failed in its reporter 'number' (on_finish, \(plugin):8): on_finish returned a number value; text (a string) or nil expected

      """)
    XCTAssertNil(file(s, "n.txt"), "a failed report is not written")
    XCTAssertEqual(file(s, "lines.txt"), "passed a one\nfailed a two\n")

    remove(s, "lines.txt")
    let strict = try s.run(["merge-reports", "all.json", "--strict-plugins", "-o", "crash", "-o", "lines=lines.txt"])
    XCTAssertEqual(strict.status, 2)
    XCTAssertEqual(file(s, "lines.txt"), "passed a one\nfailed a two\n", "the other reports are still written")

    // The limits apply to the reporters as in `test`, and can be set the same way.
    let spin = try s.run([
      "merge-reports", "all.json", "-o", "spin", "-o", "lines=lines.txt", "--max-instructions", "100000",
    ])
    XCTAssertEqual(spin.status, 1)
    XCTAssertTrue(spin.messages.contains("failed in its reporter 'spin' (on_finish, \(plugin):11)"), spin.messages)
    XCTAssertTrue(spin.messages.contains("instruction limit (100000) exceeded"), spin.messages)
    XCTAssertEqual(file(s, "lines.txt"), "passed a one\nfailed a two\n")

    // --sandbox applies to the reporters as in `test`.
    XCTAssertEqual(try s.run(["merge-reports", "all.json", "-o", "io"]).stdout, "io\n")
    XCTAssertEqual(try s.run(["merge-reports", "all.json", "-o", "io", "--sandbox"]).stdout, "no io\n")

    // A plugin that fails to load is reported as merge-reports'; --strict-plugins stops before any report.
    try s.plugin("work/plugins/zz-broken", name: "broken", setup: "error('setup broke')")
    let broken = try s.run(["merge-reports", "all.json", "-o", "lines"])
    XCTAssertEqual(broken.status, 1)
    XCTAssertEqual(broken.stdout, "passed a one\nfailed a two\n")
    XCTAssertEqual(
      broken.messages,
      "tantan-host merge-reports: plugin 'broken' failed: setup failed: plugins/zz-broken/plugin.lua:7: setup broke\n")
    let stopped = try s.run(["merge-reports", "all.json", "-o", "lines", "--strict-plugins"])
    XCTAssertEqual(stopped.status, 2)
    XCTAssertEqual(stopped.stdout, "")
  }
}
