import Foundation
import XCTest

/// Long-lived workers (`--isolate file`, the default): a file's scenarios run in order in the one
/// state loading it made, as busted runs them; a scenario that ends its worker is an error with its
/// cause and a fresh worker goes on with the next one; what scenarios start ends with them; a
/// scenario's stderr is its own.
final class RunnerWorkerTests: XCTestCase {
  func scenarios(_ r: HostBinary.Result) throws -> [[String: Any]] {
    try json(r.stdout)["scenarios"] as! [[String: Any]]
  }
  func message(_ s: [String: Any]) -> String { (s["failure"] as? [String: Any])?["message"] as? String ?? "" }

  func testAScenarioThatEndsItsWorkerIsAnErrorAndAFreshWorkerGoesOnWithTheNext() throws {
    let dir = try SuiteDir([
      "spec/a_spec.lua": #"""
      describe("crashy", function()
        local n = 0
        it("passes first", function() n = n + 1 assert.equal(1, n) end)
        it("kills its worker with SIGKILL", function()
          os.execute("kill -9 " .. io.open("/proc/self/stat"):read("n"))
        end)
        it("passes after a fresh load", function() n = n + 1 assert.equal(1, n) end)
        it("kills its worker with SIGSEGV", function()
          os.execute("kill -SEGV " .. io.open("/proc/self/stat"):read("n"))
        end)
        it("hangs in C", function() os.execute("sleep 30") end)
        it("passes last", function() assert.equal(2, 2) end)
      end)
      """#,
      "spec/b_spec.lua": #"it("still runs", function() assert.is_true(true) end)"#,
    ])
    for jobs in ["1", "2"] {
      let r = try dir.test(
        ["--timeout", "1", "--jobs", jobs, "--reporter", "json", "--reporter", "junit=r.xml"], timeout: 120)
      XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
      let all = try scenarios(r)
      XCTAssertEqual(
        all.map { "\($0["status"]!) \($0["full_name"]!)" },
        [
          "passed crashy passes first", "error crashy kills its worker with SIGKILL",
          "passed crashy passes after a fresh load", "error crashy kills its worker with SIGSEGV",
          "error crashy hangs in C", "passed crashy passes last", "passed still runs",
        ])
      XCTAssertEqual(
        message(all[1]), "the scenario did not finish: its worker process was killed by signal 9 (Killed)")
      XCTAssertTrue(message(all[3]).contains("killed by signal 11"), message(all[3]))
      XCTAssertEqual(message(all[4]), "spec/a_spec.lua:11: timeout (1 s) exceeded")
      XCTAssertEqual((all[1]["failure"] as? [String: Any])?["line"] as? Int, 4)
      let junit = try JUnitDocument.parse(XCTUnwrap(dir.read("r.xml")))
      XCTAssertEqual(junit.all("testsuite").flatMap { $0.all("testcase") }.count, 7)
    }
  }

  /// busted's semantics: what one scenario leaves in upvalues and tables the next one sees, and a
  /// block's setup runs once.
  func testAScenarioSeesWhatThePreviousOneLeftAsInBusted() throws {
    let spec = #"""
      describe("a stack", function()
        local stack, setups = {}, 0
        setup(function() setups = setups + 1 end)
        it("pushes", function() table.insert(stack, "a") end)
        it("sees the push", function() assert.same({ "a" }, stack) end)
        it("set up once", function() assert.equal(1, setups) end)
      end)
      """#
    let shared = try SuiteDir.scenarios(spec, status: 0)
    XCTAssertEqual(shared.map { $0["status"] as! String }, ["passed", "passed", "passed"])
    let forked = try SuiteDir.scenarios(spec, ["--isolate", "scenario"], status: 1)
    XCTAssertEqual(forked.map { $0["status"] as! String }, ["passed", "failed", "passed"])
  }

  func testATeardownThatFailsMakesTheLastScenarioOfItsBlockAnError() throws {
    let all = try SuiteDir.scenarios(
      #"""
      describe("block", function()
        teardown(function() error("teardown broke") end)
        it("first", function() end)
        it("last", function() end)
      end)
      it("outside", function() end)
      """#, status: 1)
    XCTAssertEqual(all.map { $0["status"] as! String }, ["passed", "error", "passed"])
    XCTAssertTrue(message(all[1]).contains("teardown broke"), message(all[1]))
  }

  /// A `setsid` daemon a scenario starts (out of its process group) ends with the file's
  /// scenarios, and does not hold the report back.
  func testWhatAScenarioStartsEndsWithIt() throws {
    for isolate in ["file", "scenario"] {
      let dir = try SuiteDir([
        "spec/d_spec.lua": #"""
        it("starts a daemon", function()
          assert(os.execute("setsid sh -c 'echo $$ > daemon.pid; exec sleep 300' > /dev/null 2>&1 &"))
          while not io.open("daemon.pid") do end
        end)
        it("passes", function() end)
        """#
      ])
      let started = Date()
      let r = try dir.test(["--isolate", isolate, "--reporter", "json"], timeout: 60)
      XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
      XCTAssertLessThan(Date().timeIntervalSince(started), 20, "the daemon did not hold the run")
      let pid = try XCTUnwrap(Int32((dir.read("daemon.pid") ?? "").trimmingCharacters(in: .whitespacesAndNewlines)))
      var alive = kill(pid, 0) == 0
      for _ in 0..<50 where alive {
        Thread.sleep(forTimeInterval: 0.1)
        alive = kill(pid, 0) == 0
      }
      XCTAssertFalse(alive, "the daemon \(pid) outlived the run (--isolate \(isolate))")
    }
  }

  func testAScenariosStderrIsCapturedAndCapped() throws {
    for isolate in ["file", "scenario"] {
      let dir = try SuiteDir([
        "spec/e_spec.lua": #"""
        it("writes to stderr", function()
          io.stderr:write("from Lua\n")
          os.execute("echo from a shell >&2")
        end)
        it("writes 2 MiB", function() io.stderr:write(string.rep("x", 2 * 1024 * 1024)) end)
        it("writes nothing", function() end)
        """#
      ])
      let r = try dir.test(["--isolate", isolate, "--reporter", "json"])
      XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
      XCTAssertFalse(r.stderr.contains("from"), r.stderr)
      let all = try scenarios(r)
      XCTAssertEqual(all[0]["stderr"] as? String, "from Lua\nfrom a shell\n")
      let big = all[1]["stderr"] as? String ?? ""
      XCTAssertTrue(
        big.hasSuffix("[tantan-host: output cut here, 1048576 more bytes not kept (at most 1048576 per scenario)]\n"),
        String(big.suffix(200)))
      XCTAssertNil(all[2]["stderr"])
    }
  }
}
