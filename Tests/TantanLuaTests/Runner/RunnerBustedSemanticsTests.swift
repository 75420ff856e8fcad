import Foundation
import XCTest

@testable import TantanLua
@testable import TantanTools

/// busted's semantics as a worker runs a file (ScenarioSession: the file loaded once in one Lua
/// state, its scenarios run in order in that state, `finish` at the end), in process, on spec
/// files that busted itself runs alike (compared when busted is installed).
final class RunnerBustedSemanticsTests: XCTestCase {
  struct Outcome {
    var name: String
    var status: Status
    var failure: Failure?
    var reason: String?
    var assertions: Int?
    var pendingTimers: [String]
    var teardownFailures: [Failure]
  }

  /// Loads `file` (in `dir`, the working directory meanwhile, as a worker's is the run's) and runs
  /// `ordinals` (default: all, in order) in the one state, then `finish`.
  static func run(_ dir: SuiteDir, _ file: String, seed: Int = 0, ordinals: [Int]? = nil) throws -> (
    outcomes: [Outcome], finish: [Failure], output: String
  ) {
    let cwd = FileManager.default.currentDirectoryPath
    guard FileManager.default.changeCurrentDirectoryPath(dir.url.path) else { throw CocoaError(.fileNoSuchFile) }
    defer { _ = FileManager.default.changeCurrentDirectoryPath(cwd) }
    let config = ExecutionConfig(
      seed: seed, maxInstructions: 100_000_000, maxMemory: nil, timeout: 10, snapshots: SnapshotStore(mode: .none))
    let session: ScenarioSession
    do { session = try ScenarioSession(file: file, config: config) } catch { throw error.failure }
    let all = try session.collect().get()
    var outcomes: [Outcome] = []
    for info in ordinals.map({ o in all.filter { o.contains($0.ordinal) } }) ?? all {
      let (status, failure, reason) = session.run(info)
      outcomes.append(
        Outcome(
          name: info.fullName, status: status, failure: failure, reason: reason, assertions: session.lastAssertions,
          pendingTimers: session.lastPendingTimers, teardownFailures: session.lastTeardownFailures))
    }
    return (outcomes, session.finish(), session.output)
  }

  /// busted's JSON report of `file` (`busted --output=json`): full names by status, in the order run.
  static func busted(_ dir: SuiteDir, _ file: String, seed: Int) throws -> [String: [String]]? {
    let busted = "/usr/bin/busted"
    guard FileManager.default.isExecutableFile(atPath: busted) else { return nil }
    let p = try RunningProcess(
      busted, ["--lua=lua5.4", "--output=json", "--seed=\(seed)", file], env: ProcessInfo.processInfo.environment,
      cwd: dir.url.path
    ).wait(timeout: 60)
    let o = try JSONSerialization.jsonObject(with: Data(p.stdout.utf8)) as! [String: Any]
    var byStatus: [String: [String]] = [:]
    for key in ["successes", "failures", "errors", "pendings"] {
      byStatus[key] = (o[key] as? [[String: Any]] ?? []).map { $0["name"] as? String ?? "?" }
    }
    return byStatus
  }

  /// One `it` relies on what an earlier one and a `setup` (run once) left; globals go where busted's
  /// environments put them; `insulate` and `expose` restore and keep what busted restores and keeps.
  static let shared = #"""
    local log = {}
    local function note(s) log[#log + 1] = s end
    describe("shared state", function()
      local count, setups = 0, 0
      setup(function() setups = setups + 1 note("setup") end)
      teardown(function() note("teardown") end)
      before_each(function() note("before") end)
      after_each(function() note("after") end)
      it("first sees setup once", function()
        count = count + 1
        assert.equal(1, setups)
        assert.equal(1, count)
      end)
      it("second sees what the first left", function()
        count = count + 1
        assert.equal(1, setups)
        assert.equal(2, count)
      end)
      describe("nested", function()
        lazy_setup(function() note("lazy") end)
        lazy_teardown(function() note("lazy teardown") end)
        setup(function() note("inner setup") end)
        teardown(function() note("inner teardown") end)
        it("runs lazy setup once", function()
          assert.same({ "setup", "before", "after", "before", "after", "inner setup", "lazy", "before" }, log)
        end)
        it("and only once", function()
          assert.equal(1, setups)
          assert.same({ "inner setup", "lazy", "before", "after", "before" }, { table.unpack(log, 6) })
        end)
      end)
      it("after the nested block", function()
        assert.same({ "after", "before", "after", "lazy teardown", "inner teardown", "before" }, { table.unpack(log, 9) })
      end)
    end)
    describe("later", function()
      it("sees the outer teardown", function() assert.equal("teardown", log[#log]) end)
    end)
    """#

  static let environments = #"""
    top = "top"
    describe("globals", function()
      in_body = "body"
      setup(function() from_setup = "setup" end)
      it("sets a global", function()
        from_it = 1
        rawset(_G, "raw_global", 1)
        assert.equal("top", top)
        assert.equal("body", in_body)
        assert.equal("setup", from_setup)
        assert.equal(1, from_it)
      end)
      it("does not see the first scenario's global, but sees _G", function()
        assert.is_nil(from_it)
        assert.equal(1, raw_global)
        assert.is_nil(rawget(_G, "top"))
      end)
    end)
    describe("outside", function()
      it("does not see a block's globals", function()
        assert.is_nil(in_body)
        assert.is_nil(from_setup)
        assert.equal("top", top)
      end)
    end)
    insulate("insulated", function()
      package.loaded.from_body = true
      it("changes _G and package.loaded", function()
        assert.is_true(package.loaded.from_body)
        rawset(_G, "insulated_global", 1)
        package.loaded.insulated_module = {}
      end)
      it("sees them inside", function() assert.equal(1, insulated_global) end)
    end)
    describe("after insulate", function()
      it("does not see them", function()
        assert.is_nil(insulated_global)
        assert.is_nil(package.loaded.insulated_module)
        assert.is_nil(package.loaded.from_body)
      end)
    end)
    insulate("outer insulate", function()
      expose("exposed", function()
        exposed_env = 2
        it("exposes", function()
          rawset(_G, "exposed_global", 1)
          not_exposed = 3
        end)
      end)
      it("sees exposed", function()
        assert.equal(1, exposed_global)
        assert.equal(2, exposed_env)
        assert.is_nil(not_exposed)
      end)
    end)
    describe("after expose", function()
      it("still sees what expose set", function() assert.equal(1, exposed_global) end)
    end)
    """#

  static let randomized = #"""
    describe("randomized", function()
      randomize()
      for i = 1, 8 do it("r" .. i, function() end) end
      describe("inner", function()
        for i = 1, 4 do it("inner " .. i, function() end) end
      end)
      before_each(function() end)
    end)
    describe("seeded", function()
      randomize(42)
      for i = 1, 6 do it("s" .. i, function() end) end
    end)
    """#

  func testASpecThatReliesOnSharedStateSetupOnceAndBustedsEnvironmentsPassesAsUnderBusted() throws {
    let dir = try SuiteDir([
      "shared_spec.lua": Self.shared, "env_spec.lua": Self.environments, "random_spec.lua": Self.randomized,
    ])
    for file in ["shared_spec.lua", "env_spec.lua", "random_spec.lua"] {
      let r = try Self.run(dir, file, seed: 7)
      XCTAssertEqual(
        r.outcomes.map(\.status), Array(repeating: .passed, count: r.outcomes.count), "\(file): \(r.outcomes)")
      XCTAssertEqual(r.finish, [], file)
      if let busted = try Self.busted(dir, file, seed: 7) {
        XCTAssertEqual(busted["successes"], r.outcomes.map(\.name), "\(file): busted runs them alike, in that order")
        XCTAssertEqual(busted["failures"]! + busted["errors"]!, [], file)
      }
    }
    let r = try Self.run(dir, "random_spec.lua", seed: 7)
    XCTAssertNotEqual(r.outcomes.prefix(8).map(\.name), (1...8).map { "randomized r\($0)" }, "randomize() shuffles")
    XCTAssertEqual(
      Set(r.outcomes.map(\.name)).count, 18, "every scenario once, whatever the order")
  }

  func testAScenarioRunAloneOnAFreshStateEntersTheBlocksAroundIt() throws {
    let dir = try SuiteDir([
      "alone_spec.lua": #"""
      local entered = {}
      describe("outer", function()
        setup(function() entered[#entered + 1] = "outer" end)
        it("first", function() end)
        describe("inner", function()
          setup(function() entered[#entered + 1] = "inner" end)
          teardown(function() print("inner teardown") end)
          it("third", function() assert.same({ "outer", "inner" }, entered) end)
        end)
      end)
      """#
    ])
    let r = try Self.run(dir, "alone_spec.lua", ordinals: [2])
    XCTAssertEqual(r.outcomes.map(\.status), [.passed], "\(r.outcomes)")
    XCTAssertEqual(r.output, "inner teardown\n", "finish leaves the blocks it entered")
  }

  func testAFailingSetupFailsTheBlocksScenariosAndItsTeardownsStillRun() throws {
    let dir = try SuiteDir([
      "setup_spec.lua": #"""
      describe("setup fails", function()
        setup(function() error("setup broke") end)
        setup(function() print("second setup still runs") end)
        teardown(function() print("teardown after failed setup") end)
        it("does not run 1", function() print("never") end)
        describe("nested", function()
          setup(function() print("never entered") end)
          it("does not run 2", function() print("never") end)
        end)
      end)
      describe("lazy setup fails", function()
        lazy_setup(function() assert.is_true(false) end)
        lazy_teardown(function() print("lazy teardown") end)
        it("skipped", function() print("never") end)
        it("skipped too", function() print("never") end)
      end)
      describe("next block", function()
        it("runs", function() end)
      end)
      """#
    ])
    let r = try Self.run(dir, "setup_spec.lua")
    XCTAssertEqual(r.outcomes.map(\.status), [.error, .error, .error, .error, .passed])
    for o in r.outcomes.prefix(2) {
      XCTAssertEqual(o.failure?.message, "setup_spec.lua:2: setup broke")
      XCTAssertEqual(o.failure?.line, 2)
    }
    XCTAssertEqual(
      r.outcomes[2].failure?.message, "Expected objects to be the same.", "a failure outside `it` is an error")
    XCTAssertEqual(r.outcomes[2].failure?.kind, .error)
    XCTAssertEqual(r.output, "second setup still runs\nteardown after failed setup\nlazy teardown\n")
  }

  func testAnErrorInABlocksBodyMakesTheBlockOneErrorAndFinallyRunsAsInBusted() throws {
    let dir = try SuiteDir([
      "body_spec.lua": #"""
      describe("body errors", function()
        it("declared before the error", function() end)
        error("body broke")
      end)
      describe("finally", function()
        it("runs after a failure", function()
          finally(function() print("first finally: replaced") end)
          finally(function() print("finally ran") end)
          assert.equal(1, 2)
        end)
        it("a failing finally makes a passing scenario an error", function()
          finally(function() error("finally broke") end)
        end)
        it("pending, then a failing finally: an error", function()
          finally(function() error("finally broke too") end)
          pending("not yet")
        end)
      end)
      it("still runs", function() end)
      """#
    ])
    let r = try Self.run(dir, "body_spec.lua")
    XCTAssertEqual(
      r.outcomes.map(\.name),
      [
        "body errors", "finally runs after a failure", "finally a failing finally makes a passing scenario an error",
        "finally pending, then a failing finally: an error", "still runs",
      ])
    XCTAssertEqual(r.outcomes.map(\.status), [.error, .failed, .error, .error, .passed])
    XCTAssertEqual(r.outcomes[0].failure?.message, "body_spec.lua:3: body broke")
    XCTAssertEqual(r.outcomes[2].failure?.message, "body_spec.lua:12: finally broke")
    XCTAssertEqual(r.output, "finally ran\n", "busted keeps the last finally given")
  }

  func testTeardownFailuresComeBackWithTheNextScenarioOrFromFinish() throws {
    let dir = try SuiteDir([
      "teardown_spec.lua": #"""
      describe("a", function()
        teardown(function() error("a's teardown broke") end)
        it("one", function() end)
      end)
      describe("b", function()
        teardown(function() error({ code = 7 }) end)
        it("two", function() end)
      end)
      """#
    ])
    let r = try Self.run(dir, "teardown_spec.lua")
    XCTAssertEqual(r.outcomes.map(\.status), [.passed, .passed], "a teardown's failure is not the scenario's")
    XCTAssertEqual(r.outcomes[0].teardownFailures, [])
    XCTAssertEqual(r.outcomes[1].teardownFailures.map(\.message), ["teardown_spec.lua:2: a's teardown broke"])
    XCTAssertEqual(r.finish.map(\.message), ["{\n  code = 7\n}"])
    XCTAssertEqual(r.finish.first?.line, 6)
  }

  func testAssertionsAreCountedAndPendingTimersNamedThenCancelledWithTheClockBackAtZero() throws {
    let dir = try SuiteDir([
      "count_spec.lua": #"""
      describe("counts", function()
        before_each(function() assert.truthy(true) end)
        it("none of its own", function() end)
        it("three", function() assert.equal(1, 1) assert(true) assert.spy(spy.new()).was_not.called() end)
        it("near is one", function() assert.near(1, 1.05, 0.1) end)
        it("leaves a timer", function() tantan.after(1.5, function() end) tantan.clock:advance(1) end)
        it("leaves an animation", function()
          local deck = tantan.deck { source = { { name = "a" }, { name = "b" } } }
          deck:like()
        end)
        it("starts at 0 with nothing pending", function()
          assert.equal(0, tantan.clock.now)
          assert.equal(0, tantan.clock.pending)
          math.randomseed(99)
        end)
        it("math.random starts from the seed again", function() print(math.random(1000)) end)
      end)
      """#
    ])
    let r = try Self.run(dir, "count_spec.lua", seed: 3)
    XCTAssertEqual(r.outcomes.map(\.status), Array(repeating: .passed, count: 7), "\(r.outcomes)")
    XCTAssertEqual(r.outcomes.map(\.assertions), [1, 4, 2, 1, 1, 3, 1])
    XCTAssertEqual(r.outcomes[3].pendingTimers, ["tantan.after timer due at 1.5 s (function at count_spec.lua:6)"])
    XCTAssertEqual(r.outcomes[4].pendingTimers, ["SwipeDeck fly-off animation due at 0.3 s"])
    XCTAssertEqual(r.outcomes[5].pendingTimers, [])
    let script = try HostBinary.run(["--seed", "3", "-e", "print(math.random(1000))"])
    XCTAssertEqual(r.output, script.stdout, "the run's seed, as a script with --seed 3 sees it")
  }
}
