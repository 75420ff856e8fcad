import XCTest

/// Scenario semantics through the binary: isolation, limits, hooks, assertions and their messages,
/// spies, selection (paths, lines, filters, tags, --list), retries and repeats.
final class RunnerScenarioTests: XCTestCase {
  /// Runs one spec file and returns its JSON report's scenarios.
  func scenarios(
    _ spec: String, _ args: [String] = [], status: Int32? = nil, file: StaticString = #filePath, line: UInt = #line
  ) throws -> [[String: Any]] {
    try SuiteDir.scenarios(spec, args, status: status, file: file, line: line)
  }

  func failure(_ s: [String: Any]) -> [String: Any] { s["failure"] as? [String: Any] ?? [:] }

  func testARunawayScenarioFailsAloneWithTheDefaultLimits() throws {
    let spec = #"""
      it("before", function() end)
      it("loops forever", function() while true do end end)
      it("swallows the limit with pcall", function() pcall(function() while true do end end) end)
      it("allocates forever", function() local t = {} while true do t[#t + 1] = ("x"):rep(1000) .. #t end end)
      it("after", function() assert.equal(0, tantan.clock.now) end)
      """#
    let dir = try SuiteDir(["spec/s_spec.lua": spec])
    let small = ["--max-instructions", "1000000", "--max-memory", "8000000"]
    for args in [["--jobs", "2"], ["--jobs", "1"] + small] {
      let r = try dir.test(args + ["--reporter", "json"], timeout: 120)
      XCTAssertEqual(r.status, 1)
      let s = try json(r.stdout)["scenarios"] as! [[String: Any]]
      XCTAssertEqual(s.map { $0["status"] as! String }, ["passed", "error", "error", "error", "passed"])
      let limit = args.contains("1000000") ? "1000000" : "100000000"
      XCTAssertEqual(failure(s[1])["message"] as? String, "spec/s_spec.lua:2: instruction limit (\(limit)) exceeded")
      XCTAssertEqual(failure(s[2])["message"] as? String, "spec/s_spec.lua:3: instruction limit (\(limit)) exceeded")
      XCTAssertTrue((failure(s[3])["message"] as? String ?? "").hasSuffix("not enough memory"), "\(s[3])")
    }
    let hooks = try SuiteDir([
      "spec/h_spec.lua": #"""
      it("removes the hook", function() pcall(debug.sethook) while true do end end)
      it("loops in a coroutine", function() coroutine.wrap(function() while true do end end)() end)
      """#
    ])
    let h = try hooks.test(["--max-instructions", "1000000", "--reporter", "json"], timeout: 60)
    let hs = try json(h.stdout)["scenarios"] as! [[String: Any]]
    for s in hs {
      XCTAssertTrue((failure(s)["message"] as? String ?? "").hasSuffix("instruction limit (1000000) exceeded"), "\(s)")
    }
    let quick = try dir.test(["--max-instructions", "100000", "--filter", "loops", "--reporter", "json"])
    XCTAssertEqual(
      failure((try json(quick.stdout)["scenarios"] as! [[String: Any]])[0])["message"] as? String,
      "spec/s_spec.lua:2: instruction limit (100000) exceeded")
    let timed = try dir.test(["--max-instructions", "0", "--timeout", "0.2", "--filter", "loops", "--reporter", "json"])
    XCTAssertEqual(
      failure((try json(timed.stdout)["scenarios"] as! [[String: Any]])[0])["message"] as? String,
      "spec/s_spec.lua:2: timeout (0.2 s) exceeded")
  }

  func testEveryScenarioGetsAFreshStateAndClock() throws {
    let s = try scenarios(
      #"""
      local loaded = 0
      loaded = loaded + 1
      describe("isolation", function()
        it("one", function()
          leaked = true
          tantan.clock:advance(5)
          tantan.after(1, function() error("never fires in the next scenario") end)
          assert.equal(1, loaded)
        end)
        it("two", function()
          assert.is_nil(leaked)
          assert.equal(0, tantan.clock.now)
          tantan.clock:settle()
          assert.equal(1, loaded)
        end)
        it("os.exit does not stop the runner", function() os.exit(3) end)
        it("reads end of file from stdin", function() assert.is_nil(io.read("l")) end)
        it("captures io.write and io.stdout:write", function()
          io.write("a", 1, "\n")
          io.stdout:write("b\n"):write("c\n")
          io.stdout:flush()
          assert.equal("file", io.type(io.output()))
        end)
        it("three", function() assert.is_nil(leaked) end)
      end)
      """#, status: 1)
    XCTAssertEqual(
      s.map { $0["status"] as! String }, ["passed", "passed", "error", "passed", "passed", "passed"],
      "\(s.map { $0["failure"] ?? "" })")
    XCTAssertEqual(s[4]["output"] as? String, "a1\nb\nc\n")
    XCTAssertTrue((failure(s[2])["message"] as! String).contains("os.exit(3) called in a scenario"))
  }

  func testPendingFromInsideAScenario() throws {
    let s = try scenarios(
      #"""
      it("stops here", function()
        print("before")
        pending("waiting for the grid")
        error("never reached")
      end)
      it("has no body yet")
      """#, status: 0)
    XCTAssertEqual(s.map { $0["status"] as! String }, ["pending", "pending"])
    XCTAssertEqual(s[0]["reason"] as? String, "waiting for the grid")
    XCTAssertEqual(s[0]["output"] as? String, "before\n")
  }

  func testSandbox() throws {
    let dir = try SuiteDir([
      "spec/s_spec.lua": #"""
      it("has no io", function() assert.is_nil(io) assert.is_nil(os.execute) end)
      it("still captures print and snapshots", function() print("hi") assert.snapshot("x", {1}) end)
      """#
    ])
    XCTAssertEqual(try dir.test([]).status, 1, "io exists without --sandbox")
    let r = try dir.test(["--sandbox", "--reporter", "json"])
    XCTAssertEqual(r.status, 0, r.stdout)
    XCTAssertEqual((try json(r.stdout)["scenarios"] as! [[String: Any]])[1]["output"] as? String, "hi\n")
  }

  func testHelperModulesNextToTheFileLoad() throws {
    let dir = try SuiteDir([
      "spec/deep/h_spec.lua": #"it("requires", function() assert.equal(42, require("helpers").answer) end)"#,
      "spec/deep/helpers.lua": "return { answer = 42 }",
    ])
    XCTAssertEqual(try dir.test([]).status, 0)
  }

  func testHooksRunAroundEachScenarioInOrder() throws {
    let s = try scenarios(
      #"""
      describe("outer", function()
        setup(function() print("setup") end)
        teardown(function() print("teardown") end)
        before_each(function() print("before outer") end)
        after_each(function() print("after outer") end)
        describe("inner", function()
          before_each(function() print("before inner") end)
          after_each(function() print("after inner") end)
          it("runs", function() print("scenario") finally(function() print("finally") end) end)
        end)
        it("fails in a hook", function() end)
        after_each(function() if false then end end)
      end)
      describe("broken before_each", function()
        before_each(function() error("hook broke") end)
        after_each(function() print("after still runs? yes") end)
        teardown(function() print("teardown runs") end)
        it("is reported as an error", function() print("never") end)
      end)
      """#, status: 1)
    XCTAssertEqual(
      s[0]["output"] as? String, "setup\nbefore outer\nbefore inner\nscenario\nfinally\nafter inner\nafter outer\n")
    XCTAssertEqual(s[1]["status"] as? String, "passed")
    // The block's teardown runs once, after its last scenario (whose output has it), as in busted.
    XCTAssertEqual(s[1]["output"] as? String, "before outer\nafter outer\nteardown\n")
    XCTAssertEqual(s[2]["status"] as? String, "error")
    XCTAssertTrue((failure(s[2])["message"] as! String).contains("hook broke"))
    // As busted: the after_each of the level whose before_each failed still runs.
    XCTAssertEqual(s[2]["output"] as? String, "after still runs? yes\nteardown runs\n")
  }

  func testAssertionMessagesShowExpectedActualAndPosition() throws {
    // luassert's own messages and formatting (addresses dropped): the headline, then the values
    // its message labels ("Passed in:" is what was found, "Expected:" what was wanted).
    let cases: [(String, String, String?, String?)] = [
      ("assert.equal(1, 2)", "Expected objects to be equal.", "(number) 1", "(number) 2"),
      (
        "assert.equal('a', 'b', 'custom text')", "custom text\nExpected objects to be equal.", "(string) 'a'",
        "(string) 'b'"
      ),
      (
        "assert.same({x = {1}}, {x = {2}})", "Expected objects to be the same.",
        "(table) {\n *[x] = {\n   *[1] = 1 } }",
        "(table) {\n *[x] = {\n   *[1] = 2 } }"
      ),
      (
        "assert.is_not.same({1}, {1})", "Expected objects to not be the same.", "(table) {\n  [1] = 1 }",
        "(table) {\n  [1] = 1 }"
      ),
      ("assert.truthy(nil)", "Expected to be truthy, but value was:", nil, "(nil)"),
      ("assert.falsy(0)", "Expected to be falsy, but value was:", nil, "(number) 0"),
      ("assert.is_nil(false)", "Expected objects to be the same.", "type nil", "(boolean) false"),
      ("assert.near(1, 1.5, 0.1)", "Expected values to be near.", "(number) 1 +/- 0.1", "(number) 1.5"),
      ("assert.matches('^x', 'abc')", "Expected strings to match.", "(string) '^x'", "(string) 'abc'"),
      ("assert.has_error(function() end)", "Expected a different error.", "(error)", "(no error)"),
      (
        "assert.has_error(function() error('a') end, 'b')", "Expected a different error.", "(string) 'b'",
        "(string) 'a'"
      ),
      ("assert.has_no.errors(function() error('x', 0) end)", "Expected no error, but caught:", nil, "(string) 'x'"),
      (
        "assert.error_matches(function() error('abc') end, '^z')", "Expected a different error.", "(string) '^z'",
        "(string) 'abc'"
      ),
      ("assert.is_true(1)", "Expected objects to be the same.", "(boolean) true", "(number) 1"),
      ("assert.is_string(1)", "Expected objects to be the same.", "type string", "(number) 1"),
      (
        "assert.equal(0.1 + 0.2, 0.3)", "Expected objects to be equal.", "(number) 0.30000000000000004441",
        "(number) 0.2999999999999999889"
      ),
      ("assert(false)", "assertion failed!", nil, nil),
      ("assert(nil, 'my message')", "my message", nil, nil),
    ]
    let spec = cases.enumerated().map { "it(\"case \($0.offset)\", function()\n  \($0.element.0)\nend)" }.joined(
      separator: "\n")
    let s = try scenarios(spec, status: 1)
    XCTAssertEqual(s.count, cases.count)
    for (i, c) in cases.enumerated() {
      let f = failure(s[i])
      XCTAssertEqual(s[i]["status"] as? String, "failed", "\(c.0): \(s[i])")
      XCTAssertEqual(f["kind"] as? String, "failure", c.0)
      XCTAssertEqual(f["file"] as? String, "spec/s_spec.lua", c.0)
      XCTAssertEqual(f["line"] as? Int, 3 * i + 2, c.0)
      XCTAssertEqual(f["message"] as? String, c.1, c.0)
      XCTAssertEqual(f["wanted"] as? String, c.2, c.0)
      XCTAssertEqual(f["found"] as? String, c.3, c.0)
    }
  }

  func testAssertionsThatPass() throws {
    let s = try scenarios(
      #"""
      it("all pass", function()
        assert(true, "plain assert still works")
        assert.is.equal(1, 1) assert.are.same({a = {1, 2}}, {a = {1, 2}}) assert.not_equal(1, 2)
        assert.has_error(function() error("boom") end, "boom")
        assert.has_error(function() error({code = 1}) end, {code = 1})
        assert.is_not_nil(0) assert.is_falsy(nil) assert.does_not.match("x", "abc")
        local ok, err = pcall(assert.equal, 1, 2)
        assert.is_false(ok)
        assert.is_table(err)
        local busted = require("busted")
        assert.equal(it, busted.it)
        assert.equal(assert, require("luassert"))
      end)
      it("unknown assertions are errors", function() assert.is_purple(1) end)
      """#, status: 1)
    XCTAssertEqual(s[0]["status"] as? String, "passed", "\(s[0])")
    XCTAssertEqual(s[1]["status"] as? String, "error")
    XCTAssertTrue(
      (failure(s[1])["message"] as! String).hasSuffix("luassert: unknown modifier/assertion: 'is_purple'"), "\(s[1])")
  }

  func testSpies() throws {
    let s = try scenarios(
      #"""
      local function target() return { f = function(_, x) return x + 1 end } end
      it("called_with", function()
        local t = target()
        local sp = spy.on(t, "f")
        assert.equal(3, t.f("self", 2))
        assert.spy(sp).was.called(1)
        assert.spy(sp).was.called_with("self", 2)
        assert.spy(sp).was.called_with("self", 5)
      end)
      it("called count", function()
        local sp = spy.new()
        sp() sp()
        assert.spy(sp).was.called(3)
      end)
      it("stub", function()
        local t = target()
        stub(t, "f", 42)
        assert.equal(42, t:f(1))
        assert.stub(t.f).was.called()
      end)
      """#, status: 1)
    // luassert's messages: the last call is what was found.
    XCTAssertEqual(failure(s[0])["message"] as? String, "Function was never called with matching arguments.")
    XCTAssertEqual(failure(s[0])["found"] as? String, "(values list) ((string) 'self', (number) 2)")
    XCTAssertEqual(failure(s[0])["wanted"] as? String, "(values list) ((string) 'self', (number) 5)")
    XCTAssertEqual(failure(s[0])["line"] as? Int, 8)
    XCTAssertEqual(
      failure(s[1])["message"] as? String, "Expected to be called 3 time(s), but was called 2 time(s)")
    XCTAssertNil(failure(s[1])["found"] as? String, "the values are in the headline")
    XCTAssertEqual(s[2]["status"] as? String, "passed")
  }

  func testSelectionByLineFilterTagsAndList() throws {
    let dir = try SuiteDir([
      "spec/a_spec.lua": #"""
      describe("deck #ui", function()
        it("swipes left #fast", function()
          assert.truthy(true)
        end)
        it("swipes right", function() end)
      end)
      describe("grid", function()
        it("drags #fast", function() end)
      end)
      """#,
      "spec/b_spec.lua": #"it("lists", function() end)"#,
      "spec/helper.lua": #"error("not a spec file: never loaded")"#,
    ])
    func list(_ args: [String]) throws -> [String] {
      try dir.test(["--list"] + args).stdout.split(separator: "\n").map(String.init)
    }
    XCTAssertEqual(
      try list([]),
      [
        "spec/a_spec.lua:2: deck #ui swipes left #fast  [#ui #fast]",
        "spec/a_spec.lua:5: deck #ui swipes right  [#ui]",
        "spec/a_spec.lua:8: grid drags #fast  [#fast]",
        "spec/b_spec.lua:1: lists",
      ])
    XCTAssertEqual(try list(["spec/a_spec.lua:3"]).count, 1, "a line inside a scenario")
    XCTAssertEqual(try list(["spec/a_spec.lua:1"]).count, 2, "a describe line selects its scenarios")
    XCTAssertEqual(try list(["spec/a_spec.lua:5", "spec/a_spec.lua:8"]).count, 2)
    XCTAssertEqual(
      try list(["spec/b_spec.lua", "spec/a_spec.lua"]).first,
      "spec/a_spec.lua:2: deck #ui swipes left #fast  [#ui #fast]", "sorted bytewise")
    XCTAssertEqual(try list(["--filter", "swipes"]).count, 2)
    XCTAssertEqual(try list(["--filter", "^grid", "--filter", "lists$"]).count, 2)
    XCTAssertEqual(try list(["--filter-out", "swipes"]).count, 2)
    XCTAssertEqual(try list(["--tags", "fast"]).count, 2)
    XCTAssertEqual(try list(["--tags", "ui,nothing"]).count, 2)
    XCTAssertEqual(try list(["--exclude-tags", "fast"]).count, 2)
    XCTAssertEqual(
      try list(["--tags", "ui", "--exclude-tags", "fast"]), ["spec/a_spec.lua:5: deck #ui swipes right  [#ui]"])
    XCTAssertEqual(try list(["spec/helper.lua", "--filter", "x"]).count, 0, "a named file runs whatever its name")
    XCTAssertEqual(try dir.test(["spec/helper.lua"]).status, 1)
    XCTAssertEqual(try list(["--pattern", "^b_"]).count, 1)
  }

  func testRetriesRepeatsAndFlaky() throws {
    let dir = try SuiteDir(["spec/f_spec.lua": Fixtures.flaky, "spec/ok_spec.lua": #"it("ok", function() end)"#])
    XCTAssertEqual(try dir.test([]).status, 1, "fails without retries")
    dir.remove("flaky.count")
    let retried = try dir.test(["--retries", "2"])
    XCTAssertEqual(retried.status, 0, retried.stdout)
    XCTAssertTrue(retried.stdout.contains("FLAKY spec/f_spec.lua:1 is flaky (passed on attempt 2)"), retried.stdout)
    XCTAssertTrue(retried.stdout.contains("1 flaky"), retried.stdout)
    dir.remove("flaky.count")
    XCTAssertEqual(try dir.test(["--retries", "1", "--fail-on-flaky"]).status, 1)
    dir.remove("flaky.count")
    let repeated = try dir.test(["--repeat-each", "3", "--reporter", "junit"])
    XCTAssertEqual(repeated.status, 1, "the first run fails, the second passes, the third fails")
    let root = try JUnitDocument.parse(repeated.stdout)
    XCTAssertEqual(
      root.testcases.map { $0.attributes["name"]! },
      [
        "is flaky [repeat 1]", "is flaky [repeat 2]", "is flaky [repeat 3]", "ok [repeat 1]", "ok [repeat 2]",
        "ok [repeat 3]",
      ])
    XCTAssertEqual(root.testcases.map { $0.first("failure") != nil }, [true, false, true, false, false, false])
  }
}
