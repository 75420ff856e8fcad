import XCTest

@testable import TantanLua

/// `tantan-host plugins`, plugin subcommands, and the example plugins through the real binary.
final class PluginCLITests: XCTestCase {
  func testPluginsListsWhatWasFoundWhereVersionApiStatusAndWhy() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/ok", name: "ok", version: "1.2.3",
      setup: "host.register_source('rows', function() return {} end)\n    host.on('event', print)")
    try s.plugin("work/plugins/new", name: "new", version: "0.9", api: 7)
    try s.write("work/plugins/zz-broken/plugin.lua", "return 42\n")
    let r = try s.run(["plugins"])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(r.stderr, "", "the listing shows failures instead of reporting them")
    XCTAssertEqual(
      r.stdout,
      """
      tantan-host \(TantanHost.version), api_level \(TantanHost.apiLevel); searched: ./plugins, TANTAN_PLUGIN_PATH, ~/.config/tantan/plugins
      NAME       VERSION  API  STATUS   FROM       FOLDER
      new        0.9      7    refused  ./plugins  plugins/new
          plugins/new/plugin.lua: requires api_level 7, but this host's tantan.api_level is \(TantanHost.apiLevel)
      ok         1.2.3    1    loaded   ./plugins  plugins/ok
          provides: source rows; hooks event
      zz-broken  -        -    failed   ./plugins  plugins/zz-broken
          plugins/zz-broken/plugin.lua:1: manifest must be a table, got number

      """)
    XCTAssertEqual(try s.run(["--strict-plugins", "plugins"]).status, 1)
  }

  func testAPluginSubcommandRunsWithItsArgumentsAndExitStatus() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/tools", name: "tools",
      setup: """
        host.register_command("greet", function(args) print("hello " .. table.concat(args, "+"), arg[0]) end)
        host.register_command("fail", function(args) return tonumber(args[1]) end)
        host.register_command("no", function() return false end)
        host.register_command("crash", function() error("command broke") end)
        """)
    let greet = try s.run(["greet", "a", "b c"])
    XCTAssertEqual(greet.stdout, "hello a+b c\tgreet\n", greet.stderr)
    XCTAssertEqual(greet.status, 0)
    XCTAssertEqual(try s.run(["fail", "7"]).status, 7)
    XCTAssertEqual(try s.run(["no"]).status, 1)
    let crash = try s.run(["crash"])
    XCTAssertEqual(crash.status, 1)
    XCTAssertTrue(crash.stderr.contains("plugins/tools/plugin.lua:10: command broke\nstack traceback:"), crash.stderr)
    // Options before the name still apply; an unknown name is a script as in lua5.4.
    XCTAssertEqual(try s.run(["--seed", "3", "-e", "print(x or 'x')", "greet"]).stdout, "x\nhello \tgreet\n")
    XCTAssertEqual(try s.run(["greet"], env: ["LUA_INIT": "print('init')"]).stdout, "init\nhello \tgreet\n")
    let unknown = try s.run(["nope"])
    XCTAssertEqual(unknown.status, 1)
    XCTAssertTrue(unknown.stderr.hasSuffix("cannot open nope: No such file or directory\n"), unknown.stderr)
  }

  func testAScriptFileWinsOverACommandOfTheSameName() throws {
    let s = try PluginSandbox()
    try s.plugin(
      "work/plugins/tools", name: "tools", setup: "host.register_command('greet', function() print('command') end)")
    try s.write("work/greet", "print('script')\n")
    XCTAssertEqual(try s.run(["greet"]).stdout, "script\n")
    XCTAssertEqual(try s.run(["--", "greet"]).stdout, "script\n")
  }

  func testTheExamplePluginsLoadAndWork() throws {
    let s = try PluginSandbox()
    try s.write("work/data/people.csv", "name,age\nAnn,31\n\"Bo, Jr\",27\n")
    try s.write("work/data/cards.json", #"[{"id": 1}, {"id": 2}]"#)
    try s.write(
      "work/use.lua",
      """
      local people = tantan.source("csv", "data/people.csv")
      print(#people, people[2].name, math.type(people[1].age))
      print(#tantan.source("json", "data/cards.json"))
      local has = tantan.assertion("has_event")
      has({ 'did_swipe(1, "left")' }, "did_swipe")
      print(tantan.preset("deck", "bumble").visible, tantan.deck{preset = "bumble-compact", source = {{}}}.width == 240)
      """)
    let r = try s.run(["--plugin", PluginSandbox.examples, "use.lua"])
    XCTAssertEqual(r.stdout, "2\tBo, Jr\tinteger\n2\n2\ttrue\n", r.stderr)
    XCTAssertEqual(r.stderr, "")
    let head = try s.run(["--plugin", PluginSandbox.examples, "csv-head", "data/people.csv", "1"])
    XCTAssertEqual(head.stdout, "name=Ann age=31\n(1 of 2 records)\n", head.stderr)
    let list = try s.run(["--plugin", PluginSandbox.examples, "plugins"])
    XCTAssertTrue(list.stdout.contains("provides: source csv, json; command csv-head\n"), list.stdout)
    XCTAssertTrue(
      list.stdout.contains("provides: deck preset bumble, bumble-compact; grid preset channels\n"), list.stdout)
    XCTAssertTrue(
      list.stdout.contains(
        "provides: assertion has_event, event_count; reporter checklist; hooks before_scenario, event\n"), list.stdout)
  }

  func testTheEventAssertionsPluginRecordsEventsThroughItsHook() throws {
    let p = try PluginTestHost([PluginSandbox.examples])
    XCTAssertEqual(p.reports, [])
    p.registry.beforeScenario(ScenarioHookInfo(name: "swipes"))
    var log = EventLog(host: p.host, component: "deck")
    log.append(Event("did_swipe", [.int(1), .string("right")]))
    log.append(Event("did_swipe", [.int(2), .string("left")]))
    p.t.ok(
      """
      tantan.assertion("event_count")(nil, "did_swipe", 2)
      tantan.assertion("has_event")(nil, 'did_swipe(2, "left")')
      local ok, err = pcall(tantan.assertion("event_count"), nil, "did_rewind", 1)
      assert(not ok and err == "expected 1 'did_rewind' events, got 0", err)
      """)
    p.registry.beforeScenario(ScenarioHookInfo(name: "next"))
    p.t.ok("tantan.assertion('event_count')(nil, 'did_swipe', 0)")
  }

  /// Issue 19: three plugins that each ship `lua/helper/util.lua` and require it, at the top level
  /// of `plugin.lua`, in `setup` and from another module: each gets its own, in a real run; a
  /// script requires a plugin's public module.
  func testEveryPluginRequiresItsOwnHelperModule() throws {
    let s = try PluginSandbox()
    for name in ["csvsrc", "jsonsrc", "xmlsrc"] {
      try s.write(
        "work/plugs/\(name)/plugin.lua",
        """
        local util = require("helper.util")
        return { name = "\(name)", api = 1, setup = function(host)
          _G.seen = (_G.seen or "") .. util.who .. "/" .. require("helper.util").who .. "/" .. require("\(name).api").who .. " "
        end }

        """)
      try s.write("work/plugs/\(name)/lua/helper/util.lua", "return { who = '\(name)' }\n")
      try s.write("work/plugs/\(name)/lua/\(name)/api.lua", "return { who = require('helper.util').who }\n")
    }
    let r = try s.run([
      "--plugin", "plugs", "-e", "print(seen) print(require('jsonsrc.api').who, require('helper.util').who)",
    ])
    XCTAssertEqual(r.messages, "")
    XCTAssertEqual(r.stdout, "csvsrc/csvsrc/csvsrc jsonsrc/jsonsrc/jsonsrc xmlsrc/xmlsrc/xmlsrc \njsonsrc\tcsvsrc\n")
    XCTAssertEqual(r.status, 0)
  }

  /// Issue 19: `plugins --plugin DIR` lists DIR's plugins with the others found, a refused one with
  /// both api levels; `--plugin=DIR` and `--strict-plugins` work after `plugins` too.
  func testPluginsListingTakesPluginFolders() throws {
    let s = try PluginSandbox()
    try s.plugin("extra/fine", name: "fine", version: "2.0")
    try s.plugin("extra/future", name: "future", api: 999)
    try s.plugin("work/plugins/local", name: "local")
    let extra = s.root.appendingPathComponent("extra").path
    let r = try s.run(["plugins", "--plugin", extra])
    XCTAssertEqual(r.stderr, "")
    XCTAssertEqual(r.status, 0)
    XCTAssertEqual(
      r.stdout,
      """
      tantan-host \(TantanHost.version), api_level \(TantanHost.apiLevel); searched: --plugin \(extra), ./plugins, TANTAN_PLUGIN_PATH, ~/.config/tantan/plugins
      NAME    VERSION  API  STATUS   FROM       FOLDER
      fine    2.0      1    loaded   --plugin   \(extra)/fine
      future  1.0      999  refused  --plugin   \(extra)/future
          \(extra)/future/plugin.lua: requires api_level 999, but this host's tantan.api_level is \(TantanHost.apiLevel)
      local   1.0      1    loaded   ./plugins  plugins/local

      """)
    XCTAssertEqual(try s.run(["plugins", "--plugin=" + extra]).stdout, r.stdout)
    XCTAssertEqual(try s.run(["plugins", "--plugin", extra, "--strict-plugins"]).status, 1)
    let bad = try s.run(["plugins", "--bogus"])
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(bad.messages.contains("plugins: unrecognized option '--bogus'\nusage: "), bad.messages)
  }
}
