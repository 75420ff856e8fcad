import CLua
import LuaRuntime
import XCTest

@testable import TantanLua

/// What `setup(host)` can register, and how the host and the scripts use it (in process).
final class PluginRegistrationTests: XCTestCase {
  func testProviderRunsThroughTantanSourceWithTheCallersFolderAndArguments() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/numbers", name: "numbers",
      setup: """
        host.register_source("range", function(ctx, from, to)
          local t = {}
          for i = from, to do t[#t + 1] = i end
          t.ctx = ctx
          return t
        end)
        host.register_source("callbacks", function(ctx) return { count = function() return 2 end } end)
        """)
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.reports, [])
    p.t.ok(
      """
      local r = tantan.source("range", 2, 4)
      assert(#r == 3 and r[1] == 2 and r[3] == 4)
      assert(r.ctx.plugin == "numbers" and r.ctx.kind == "range", r.ctx.plugin)
      assert(tantan.source("callbacks").count() == 2)
      """)
    // The context names the calling file: a script under a folder sees that folder.
    let script = try s.write(
      "scripts/use.lua", "local r = tantan.source('range', 1, 1); return r.ctx.dir, r.ctx.file, r.ctx.line")
    XCTAssertEqual(p.t.state.loadFile(script.path), LUA_OK)
    XCTAssertTrue(p.t.state.lua.pcall(0, 3))
    XCTAssertEqual(p.t.state.lua.string(-3), script.deletingLastPathComponent().path)
    XCTAssertEqual(p.t.state.lua.string(-2), script.path)
    XCTAssertEqual(p.t.state.lua.integer(-1), 1)
    p.t.state.lua.pop(3)
  }

  func testGarbageFromAProviderIsAClearErrorNamingThePlugin() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/junk", name: "junk",
      setup: """
        host.register_source("number", function() return 42 end)
        host.register_source("fields", function() return { a = 1 } end)
        host.register_source("raises", function(ctx, path) error("cannot open " .. path) end)
        host.register_source("empty", function() return {} end)
        """)
    let p = try PluginTestHost([dir.path])
    let file = dir.appendingPathComponent("plugin.lua").path
    p.t.fails(
      "tantan.source('number')",
      "test:1: tantan.source('number') from plugin 'junk': its provider (\(file):7) returned a number value; expected an array or a table of functions"
    )
    p.t.fails(
      "tantan.source('fields')",
      "test:1: tantan.source('fields') from plugin 'junk': its provider (\(file):8) returned a table with neither array items nor functions; expected an array or a table of functions"
    )
    p.t.fails(
      "tantan.source('raises', 'x.csv')",
      "test:1: tantan.source('raises') from plugin 'junk': \(file):9: cannot open x.csv")
    p.t.fails(
      "tantan.source('nope')",
      "test:1: bad argument #1 to 'source' (no data-source provider 'nope' (registered: number, fields, raises, empty))"
    )
    p.t.ok("assert(#tantan.source('empty') == 0)")
  }

  func testPresetsAreStoredByComponentKindAndCopiedOnEachUse() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/looks", name: "looks",
      setup: """
        host.register_preset("deck", "bumble", { preset = "tinder", visible = 2, offset = { x = 0, y = 8 } })
        host.register_preset("grid", "bumble", { columns = 3 })
        """)
    let p = try PluginTestHost([dir.path])
    let entry = try XCTUnwrap(p.registry.preset(kind: "deck", name: "bumble"))
    XCTAssertEqual(entry.plugin, "looks")
    XCTAssertEqual(p.registry.presetNames(kind: "grid"), ["bumble"])
    XCTAssertNil(p.registry.preset(kind: "list", name: "bumble"))
    // A binding pushes the data for a fresh table and reads it like the user's config.
    let lua = p.t.state.lua
    try lua.push(try XCTUnwrap(entry.data))
    let r = try ConfigReader(lua, arg: lua.top)
    XCTAssertEqual(try r.integer("visible"), 2)
    XCTAssertEqual(try r.string("preset"), "tinder")
    lua.pop()
    p.t.ok(
      """
      local a = tantan.preset("deck", "bumble")
      a.visible = 99
      assert(tantan.preset("deck", "bumble").visible == 2 and tantan.preset("deck", "bumble").offset.y == 8)
      assert(tantan.preset("deck", "nope") == nil)
      """)
  }

  func testPresetsMustBePlainData() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin("p/fn", name: "fn", setup: "host.register_preset('deck', 'x', { f = print })")
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.record("fn")?.status, .failed)
    XCTAssertTrue(
      p.reports[0].contains("bad argument #3 to 'register_preset' (preset must be plain data"), p.reports[0])
  }

  func testAssertionsAndReportersAreReadableByTheRunnerAndScripts() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/checks", name: "checks",
      setup: """
        host.register_assertion("is_even", function(n) return n % 2 == 0, n .. " is odd" end)
        host.register_reporter("dots", { on_result = function() end, on_finish = function() return "done" end })
        """)
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.registry.assertions.map(\.name), ["is_even"])
    XCTAssertEqual(p.registry.reporter(named: "dots")?.plugin, "checks")
    // The runner calls the function itself.
    let lua = p.t.state.lua
    p.registry.assertion(named: "is_even")!.value!.push(lua)
    lua.push(3)
    XCTAssertTrue(lua.pcall(1, 2))
    XCTAssertFalse(lua.bool(-2))
    XCTAssertEqual(lua.string(-1), "3 is odd")
    lua.pop(2)
    p.registry.reporter(named: "dots")!.value!.push(lua)
    XCTAssertEqual(lua.rawGet(-1, "on_finish"), LUA_TFUNCTION)
    lua.pop(2)
    p.t.ok("local check = tantan.assertion('is_even'); check(4)")
    p.t.fails("tantan.assertion('is_even')(5)", "test:1: 5 is odd")
    p.t.fails(
      "tantan.assertion('nope')", "test:1: bad argument #1 to 'assertion' (no assertion 'nope' (registered: is_even))")
  }

  func testEventHooksSeeEveryComponentEventAndCostNothingWithoutHooks() throws {
    let quiet = try PluginTestHost([])
    XCTAssertNil(EventLog(host: quiet.host, component: "deck").observer)

    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/spy", name: "spy",
      setup: """
        _G.seen = {}
        host.on("event", function(e)
          seen[#seen + 1] = e.component .. " " .. e.text .. " " .. e.name .. "/" .. e.args.n
        end)
        """)
    let p = try PluginTestHost([dir.path])
    var log = EventLog(host: p.host, component: "deck")
    XCTAssertNotNil(log.observer)
    log.append(Event("did_swipe", [.int(1), .string("right")]))
    log.append(Event("did_run_out", []))
    XCTAssertEqual(log.events.count, 2)
    p.t.ok(
      """
      assert(seen[1] == 'deck did_swipe(1, "right") did_swipe/2', seen[1])
      assert(seen[2] == 'deck did_run_out() did_run_out/0', seen[2])
      """)
  }

  func testAFailingHookIsReportedWithItsPluginAndLineThenDropped() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/flaky", name: "flaky",
      setup: """
        _G.calls = 0
        host.on("event", function(e) calls = calls + 1; error("bad hook") end)
        host.on("before_scenario", function(s) _G.started = s.name .. "@" .. s.file .. ":" .. s.line end)
        host.on("after_scenario", function(s) _G.finished = s.full_name .. ":" .. s.status .. ":" .. tostring(s.passed) end)
        """)
    let p = try PluginTestHost([dir.path])
    var log = EventLog(host: p.host, component: "grid")
    log.append(Event("did_move", [.int(1), .int(2)]))
    log.append(Event("did_move", [.int(2), .int(3)]))
    let file = dir.appendingPathComponent("plugin.lua").path
    XCTAssertEqual(p.reports, ["plugin 'flaky' failed in its 'event' hook (\(file):8): \(file):8: bad hook"])
    XCTAssertTrue(p.registry.hookFailed)
    XCTAssertEqual(p.t.eval("calls"), "1")
    XCTAssertEqual(log.events.count, 2)
    let info = ScenarioHookInfo(name: "works", fullName: "login works", file: "spec/login_spec.lua", line: 3)
    XCTAssertEqual(p.registry.beforeScenario(info), [])
    XCTAssertEqual(p.registry.afterScenario(info, status: "passed"), [])
    XCTAssertEqual(p.t.eval("started .. ' ' .. finished"), "works@spec/login_spec.lua:3 login works:passed:true")
  }

  func testRegistrationChecksItsArgumentsAndWorksWithDotOrColon() throws {
    let s = try PluginSandbox()
    let dir = try s.plugin(
      "p/args", name: "args",
      setup: """
        assert(host.name == "args" and host.version == "1.0" and host.api_level == tantan.api_level)
        assert(tostring(host) == "tantan.PluginHost(args)")
        host:register_source("colon", function() return {} end)
        local function fails(f, want)
          local ok, err = pcall(f)
          assert(not ok and err:find(want, 1, true), tostring(err))
        end
        fails(function() host.register_source(1, print) end, "bad argument #1 to 'register_source' (string expected, got number)")
        fails(function() host.register_source("x", 1) end, "bad argument #2 to 'register_source' (function expected, got number)")
        fails(function() host:register_source("x", 1) end, "bad argument #2 to 'register_source' (function expected, got number)")
        fails(function() host.register_source("", print) end, "kind must not be empty")
        fails(function() host.on("sometimes", print) end, "invalid option 'sometimes'")
        fails(function() host.register_command("plugins", print) end, "command name 'plugins' is reserved by the host")
        fails(function() host.register_command("-x", print) end, "invalid command name '-x'")
        fails(function() host.register_reporter("r", { a = 1 }) end, "reporter must be a table of functions")
        host.register_source("twice", print)
        fails(function() host.register_source("twice", print) end, "data source 'twice' is already registered by the same plugin")
        _G.saved_host = host
        """)
    let p = try PluginTestHost([dir.path])
    XCTAssertEqual(p.reports, [])
    XCTAssertEqual(p.record("args")?.status, .loaded)
    XCTAssertEqual(p.registry.sourceNames, ["colon", "twice"])
    p.t.fails(
      "saved_host.register_source('late', print)",
      "test:1: plugin 'args': register_source is only available during setup")
  }
}
