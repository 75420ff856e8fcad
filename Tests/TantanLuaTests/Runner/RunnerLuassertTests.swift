import Foundation
import XCTest

/// The real luassert in scenarios, through the binary: what luassert documents works as it does
/// under busted (compared when busted is installed), extended through luassert's own points;
/// errors that are tables, callbacks' tracebacks and os.exit at load read as busted and the
/// script run show them.
final class RunnerLuassertTests: XCTestCase {
  static let documented = #"""
    local busted = require("busted")
    describe("luassert as documented", function()
      it("stubs return what they are told", function()
        local t = { f = function() return 1 end }
        stub(t, "f").returns(5)
        assert.equal(5, t.f())
        local g = stub(t, "g")
        g.on_call_with(2).returns("two")
        assert.equal("two", t.g(2))
        assert.is_nil(t.g(3))
        assert.stub(t.f).was.called(1)
        t.f:revert()
        assert.equal(1, t.f())
      end)
      it("matches with matchers", function()
        local s = spy.new(function() end)
        s("x", { 1 }, nil)
        assert.spy(s).was.called_with(match._, match.is_table(), match.is_nil())
        assert.spy(s).was.called_with(match.is_string(), match.same({ 1 }), match._)
        assert.is_true(match.truthy()(1))
        assert.is_false(match.truthy()(nil))
        assert.is_true(match.is_table()({}))
        assert.is_true(match._(nil))
        assert.is_true(match.any_of(match.is_number(), match.is_string())("x"))
      end)
      it("checks uniqueness and holes", function()
        assert.unique({ 1, 2, 3 })
        assert.is_not.unique({ 1, 1 })
        assert.unique({ { 1 }, { 1 } })
        assert.is_not.unique({ { 1 }, { 1 } }, true)
        assert.array({ 1, 2, 3 }).has.no.holes()
      end)
      it("mocks tables", function()
        local m = mock({ a = function() return 1 end, nested = { b = function() return 2 end } })
        assert.equal(1, m.a())
        m.nested.b()
        assert.spy(m.a).was.called(1)
        assert.spy(m.nested.b).was.called(1)
        mock.revert(m)
        assert.is_false(spy.is_spy(m.a))
        assert.is_nil(mock({ c = function() return 3 end }, true).c())
      end)
      it("is extended with assert:register and say:set", function()
        local say = require("say")
        local function has_property(state, arguments)
          for _, value in pairs(arguments[1]) do
            if value == arguments[2] then return true end
          end
          return false
        end
        say:set("assertion.has_property.positive", "Expected property %s in:\n%s")
        say:set("assertion.has_property.negative", "Expected property %s to not be in:\n%s")
        assert:register("assertion", "has_property", has_property, "assertion.has_property.positive",
          "assertion.has_property.negative")
        assert.has_property({ name = "jack" }, "jack")
        assert.is_not.has_property({ name = "jack" }, "jill")
      end)
      it("exports busted's API from require('busted')", function()
        for _, k in ipairs { "describe", "it", "pending", "setup", "teardown", "before_each", "after_each",
          "lazy_setup", "lazy_teardown", "strict_setup", "strict_teardown", "insulate", "expose", "context", "spec",
          "test", "assert", "spy", "mock", "stub", "match", "publish", "subscribe", "unsubscribe", "bindfenv", "fail",
          "gettime", "monotime", "sleep", "parent", "children", "version" } do
          assert.is_not_nil(busted[k], k)
        end
        assert.equal(spy, busted.spy)
        assert.has_error(function() busted.x = 1 end, "Attempt to modify busted")
      end)
      it("is extended with formatters", function()
        assert:add_formatter(function(v)
          if type(v) == "table" and v.point then return "(point) " .. v.x .. "," .. v.y end
        end)
        assert.same({ point = true, x = 1, y = 2 }, { point = true, x = 1, y = 3 })
      end)
    end)
    """#

  func testLuassertWorksAsDocumentedAndAsUnderBusted() throws {
    let dir = try SuiteDir(["spec/luassert_spec.lua": Self.documented])
    let r = try dir.test(["--reporter", "json"])
    XCTAssertEqual(r.status, 1, r.stderr)
    let scenarios = try json(r.stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(
      scenarios.map { $0["status"] as! String },
      ["passed", "passed", "passed", "passed", "passed", "passed", "failed"],
      r.stdout)
    let f = scenarios[6]["failure"] as! [String: Any]
    XCTAssertEqual(f["message"] as? String, "Expected objects to be the same.")
    XCTAssertEqual(f["wanted"] as? String, "(point) 1,2", "a formatter added with assert:add_formatter")
    XCTAssertEqual(f["found"] as? String, "(point) 1,3")
    XCTAssertEqual(f["line"] as? Int, 72)
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/busted") {
      let b = try RunningProcess(
        "/usr/bin/busted", ["--lua=lua5.4", "--output=json", "spec"], env: ProcessInfo.processInfo.environment,
        cwd: dir.url.path
      ).wait(timeout: 60)
      let o = try JSONSerialization.jsonObject(with: Data(b.stdout.utf8)) as! [String: Any]
      XCTAssertEqual((o["successes"] as! [Any]).count, 6, b.stdout)
      let failure = (o["failures"] as! [[String: Any]]).first
      XCTAssertEqual(
        failure?["message"] as? String,
        "spec/luassert_spec.lua:72: Expected objects to be the same.\nPassed in:\n(point) 1,3\nExpected:\n(point) 1,2")
    }
  }

  func testSpyAndStubOnAComponentsMethodAreErrorsAtTheSpecLine() throws {
    let s = try SuiteDir.scenarios(
      #"""
      it("spies on a deck's method", function()
        local deck = tantan.deck { source = { { name = "a" } } }
        spy.on(deck, "like")
      end)
      it("stubs the clock's method", function()
        stub(tantan.clock, "settle")
      end)
      """#, status: 1)
    XCTAssertEqual(
      (s[0]["failure"] as! [String: Any])["message"] as? String,
      "spec/s_spec.lua:3: bad argument #1 to 'spy.on' (cannot replace method 'like' of tantan.SwipeDeck: only a "
        + "table's functions can be replaced, such as a delegate's)")
    XCTAssertEqual(
      (s[1]["failure"] as! [String: Any])["message"] as? String,
      "spec/s_spec.lua:6: bad argument #1 to 'stub' (cannot replace method 'settle' of tantan.Clock: only a "
        + "table's functions can be replaced, such as a delegate's)")
  }

  func testErrorValuesThatAreTablesAreShownAsBustedShowsThem() throws {
    let s = try SuiteDir.scenarios(
      #"""
      it("a table", function() error({ code = 42, list = { 1, { a = true } }, [5] = "five" }) end)
      it("a table with __tostring", function() error(setmetatable({}, { __tostring = function() return "custom!" end })) end)
      it("nil", function() error() end)
      it("a boolean", function() error(true) end)
      """#, status: 1)
    let messages = s.map { ($0["failure"] as! [String: Any])["message"] as? String }
    XCTAssertEqual(
      messages,
      [
        "{\n  code = 42,\n  list = {\n    1,\n    {\n      a = true\n    }\n  },\n  [5] = \"five\"\n}", "custom!",
        "Nil error",
        "true",
      ])
    for scenario in s {
      XCTAssertEqual((scenario["failure"] as! [String: Any])["line"] as? Int, scenario["line"] as? Int)
    }
  }

  func testACallbacksErrorKeepsItsFramesInTheReportsAsInTheScriptRun() throws {
    let body = #"""
      local function helper(x)
        error("boom in helper " .. x)
      end
      local function run()
        local deck = tantan.deck { source = { { name = "a" } }, delegate = { did_swipe = function(_, i) helper(i) end } }
        deck:like()
        tantan.clock:settle()
      end

      """#
    let dir = try SuiteDir(["script.lua": body + "run()\n", "spec/cb_spec.lua": body + "it(\"calls back\", run)\n"])
    let script = try dir.run(["script.lua"])
    let r = try dir.test(["--reporter", "json", "--reporter", "junit=junit.xml"])
    XCTAssertEqual(r.status, 1)
    let f = (try json(r.stdout)["scenarios"] as! [[String: Any]])[0]["failure"] as! [String: Any]
    let frames = [
      "\t[C]: in function 'error'", "\tspec/cb_spec.lua:2: in upvalue 'helper'",
      "\tspec/cb_spec.lua:5: in function <spec/cb_spec.lua:5>", "\t[C]: in method 'like'",
      "\tspec/cb_spec.lua:6: in function <spec/cb_spec.lua:4>",
    ]
    XCTAssertEqual(
      f["traceback"] as? String,
      "spec/cb_spec.lua:2: boom in helper 1\nstack traceback:\n" + frames.joined(separator: "\n"))
    let scriptFrames = script.stderr.split(separator: "\n").map(String.init).filter { $0.hasPrefix("\t") }
    XCTAssertEqual(
      Array(scriptFrames.prefix(4)),
      frames.prefix(4).map { $0.replacingOccurrences(of: "spec/cb_spec.lua", with: "script.lua") },
      "the callback's frames, as the script run shows them: \(script.stderr)")
    let junit = try JUnitDocument.parse(dir.read("junit.xml") ?? "")
    let error = try XCTUnwrap(junit.testcases.first?.first("error"))
    XCTAssertTrue(error.text.contains(frames.joined(separator: "\n")), error.text)
  }

  func testOsExitWhileTheFileLoadsSaysAtLoad() throws {
    let dir = try SuiteDir(["spec/exit_spec.lua": "os.exit(0)\nit(\"never declared\", function() end)\n"])
    let r = try dir.test([])
    XCTAssertEqual(r.status, 1, r.stdout)
    XCTAssertTrue(
      r.stdout.contains("spec/exit_spec.lua:1: os.exit(0) called at load (the runner keeps running)"), r.stdout)
  }

  func testMissingLuassertNamesBothPackages() throws {
    let dir = try SuiteDir(["spec/s_spec.lua": "it(\"x\", function() end)\n"])
    let r = try dir.test([], env: ["LUA_PATH_5_4": "/nonexistent/?.lua", "LUA_PATH": "/nonexistent/?.lua"])
    XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("apt-get install lua-luassert lua-say"), r.stdout)
    XCTAssertTrue(r.stdout.contains("luarocks install luassert"), r.stdout)
  }
}
