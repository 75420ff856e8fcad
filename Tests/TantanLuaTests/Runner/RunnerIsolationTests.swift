import Foundation
import XCTest

/// Each file loads once per worker process and its scenarios run in that state (`--isolate
/// scenario`: each in its own copy of the loaded state): scenarios that crash, exit or hang are
/// errors with their cause, the run goes on, and every report is written whole; files that change
/// between loads are errors naming the file.
final class RunnerIsolationTests: XCTestCase {
  static let crashing = #"""
    describe("crashy", function()
      it("passes first", function() assert.equal(1, 1) end)
      it("kills itself with SIGSEGV", function()
        os.execute("kill -SEGV " .. io.open("/proc/self/stat"):read("n"))
      end)
      it("calls os.exit", function() os.exit(3) end)
      it("hangs in C", function() os.execute("sleep 30") end)
      it("passes last", function() assert.equal(2, 2) end)
    end)
    """#

  func testScenariosThatCrashExitOrHangAreErrorsAndTheReportsStayWhole() throws {
    let dir = try SuiteDir([
      "spec/a_crash_spec.lua": Self.crashing,
      "spec/b_load_crash_spec.lua": #"""
      local pid = io.open("/proc/self/stat"):read("n")
      os.execute("kill -SEGV " .. pid)
      it("is never declared", function() end)
      """#,
      "spec/c_fine_spec.lua": #"it("still runs", function() assert.is_true(true) end)"#,
    ])
    for (jobs, isolate) in [("1", "file"), ("2", "file"), ("1", "scenario"), ("2", "scenario")] {
      let r = try dir.test(
        [
          "--timeout", "1", "--jobs", jobs, "--isolate", isolate, "--reporter", "json=r.json", "--reporter",
          "junit=r.xml",
          "--reporter", "tap=r.tap", "--reporter", "default",
        ], timeout: 120)
      XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
      let scenarios = try json(XCTUnwrap(dir.read("r.json")))["scenarios"] as! [[String: Any]]
      XCTAssertEqual(
        scenarios.map { "\($0["status"]!) \($0["full_name"]!)" },
        [
          "passed crashy passes first", "error crashy kills itself with SIGSEGV", "error crashy calls os.exit",
          "error crashy hangs in C", "passed crashy passes last", "error (file failed to load)", "passed still runs",
        ])
      func message(_ k: Int) -> String { (scenarios[k]["failure"] as? [String: Any])?["message"] as? String ?? "" }
      XCTAssertTrue(message(1).contains("signal 11"), message(1))
      XCTAssertTrue(message(2).contains("os.exit(3)"), message(2))
      XCTAssertTrue(message(3).contains("timeout"), message(3))
      XCTAssertTrue(message(5).contains("signal 11"), message(5))
      let killed =
        isolate == "file"
        ? "spec/a_crash_spec.lua:3: the scenario did not finish: its worker process was killed by signal 11"
        : "spec/a_crash_spec.lua:3: the scenario's process was killed by signal 11"
      XCTAssertTrue(r.stdout.contains(killed), r.stdout)
      XCTAssertTrue(r.stdout.contains("ERROR spec/a_crash_spec.lua:7 crashy hangs in C"), r.stdout)

      let tap = try TAPDocument.parse(XCTUnwrap(dir.read("r.tap")))
      XCTAssertEqual(tap.points.count, 7)
      XCTAssertEqual(tap.points.filter { !$0.ok }.count, 4)
      let junit = try JUnitDocument.parse(XCTUnwrap(dir.read("r.xml")))
      let cases = junit.all("testsuite").flatMap { $0.all("testcase") }
      XCTAssertEqual(cases.count, 7)
      let segv = try XCTUnwrap(cases.first { $0.attributes["name"] == "crashy kills itself with SIGSEGV" })
      XCTAssertTrue(segv.first("error")?.attributes["message"]?.contains("signal 11") ?? false)
    }
  }

  /// A scenario's globals end with it (busted's environments), and every scenario starts with the
  /// virtual clock at 0 and nothing pending (what loading the file left pending is cancelled).
  func testEachFileLoadsOnceNotOncePerScenarioAndEveryScenarioStartsFromTheLoadedState() throws {
    var spec = #"""
      local f = assert(io.open("loads.count", "a")) f:write("x") f:close()
      counter = 0
      tantan.clock:advance(5)
      tantan.after(1, function() error("a timer from the load fired") end)
      describe("state", function()

      """#
    for i in 1...12 {
      spec += "  it(\"starts fresh \(i)\", function()\n"
      spec += "    assert.equal(0, counter) assert.equal(0, tantan.clock.now) tantan.clock:advance(2)\n"
      spec += "    counter = counter + 1 tantan.clock:advance(1)\n  end)\n"
    }
    spec += "end)\n"
    let dir = try SuiteDir(["spec/s_spec.lua": spec])
    for (jobs, isolate) in [("1", "file"), ("3", "file"), ("1", "scenario")] {
      dir.remove("loads.count")
      let r = try dir.test(["--jobs", jobs, "--isolate", isolate, "--reporter", "tap"])
      XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
      XCTAssertEqual(try TAPDocument.parse(r.stdout).points.filter(\.ok).count, 12)
      // Once (the worker that collected the scenarios runs them); with --isolate scenario once to
      // collect, once to run them: never once per scenario.
      XCTAssertEqual(
        dir.read("loads.count")?.count, isolate == "file" ? 1 : 2, "with --jobs \(jobs) --isolate \(isolate)")
    }
  }

  /// A file loads again with `--isolate scenario` (collected, then loaded to fork from; with
  /// `--isolate file` the worker that collected it runs it), and after a worker died in it.
  func testAFileThatDeclaresOtherScenariosWhenItLoadsAgainIsAnErrorNamingTheFile() throws {
    let dir = try SuiteDir([
      "spec/changing_spec.lua": #"""
      local f = io.open("loads.count", "r")
      local n = f and #f:read("a") or 0
      if f then f:close() end
      f = assert(io.open("loads.count", "a")) f:write("x") f:close()
      if n == 0 then
        it("first", function() end)
        it("second", function() error("the body of 'second' ran") end)
      else
        it("second", function() error("the body of 'second' ran") end)
        it("first", function() end)
      end
      """#,
      "spec/steady_spec.lua": #"it("steady", function() end)"#,
    ])
    let r = try dir.test(["--isolate", "scenario", "--reporter", "json"])
    XCTAssertEqual(r.status, 1, r.stderr)
    let scenarios = try json(r.stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(scenarios.map { $0["status"] as! String }, ["error", "error", "passed"])
    for s in scenarios.prefix(2) {
      let message = (s["failure"] as? [String: Any])?["message"] as? String ?? ""
      XCTAssertTrue(
        message.hasPrefix("spec/changing_spec.lua declared different scenarios when it loaded again"), message)
      XCTAssertFalse(message.contains("body of"), message)
    }
  }

  /// `--sandbox`'s golden budget (32 MiB) is the run's, though each scenario runs in its own fork.
  func testTheSandboxWriteBudgetIsSharedByTheForkedScenarios() throws {
    let dir = try SuiteDir([
      "spec/big_spec.lua": #"""
      local s = string.rep("x", 2^20)
      it("writes 20 MiB", function() for i = 1, 20 do assert.snapshot("a" .. i, s) end end)
      it("writes 20 MiB more", function() for i = 1, 20 do assert.snapshot("b" .. i, s) end end)
      """#
    ])
    let r = try dir.test(["--sandbox", "--reporter", "json"])
    XCTAssertEqual(r.status, 1, r.stderr)
    let scenarios = try json(r.stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(scenarios.map { $0["status"] as! String }, ["passed", "failed"])
    let message = (scenarios[1]["failure"] as? [String: Any])?["message"] as? String ?? ""
    XCTAssertTrue(message.contains("snapshot 'b12': the sandbox's write budget is spent"), message)
  }

  /// A run killed while it runs leaves the report files of the previous run as they were (the
  /// reports are written to a temporary file and renamed), and no scenario process behind.
  func testAKilledRunLeavesNoHalfWrittenReportAndNoProcesses() throws {
    let dir = try SuiteDir(["spec/slow_spec.lua": #"it("sleeps", function() os.execute("sleep 20") end)"#])
    try dir.write("r.xml", "<old/>\n")
    let p = try RunningProcess(
      HostBinary.path, ["test", "--reporter", "junit=r.xml"],
      env: [
        "CI": "false", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
        "TANTAN_TEST_MARK": "killed-run",
      ],
      cwd: dir.url.path)
    Thread.sleep(forTimeInterval: 1.5)
    XCTAssertGreaterThanOrEqual(processesWithMark("killed-run"), 3, "the run, its worker, the scenario (and its sleep)")
    kill(p.pid, SIGKILL)
    let killed = Date()
    _ = p.wait(timeout: 10)
    // Nothing the run started holds its output open (the worker and the sleep end with it).
    XCTAssertLessThan(Date().timeIntervalSince(killed), 5)
    Thread.sleep(forTimeInterval: 0.5)
    XCTAssertEqual(dir.read("r.xml"), "<old/>\n")
    XCTAssertEqual(processesWithMark("killed-run"), 0, "the workers and their scenarios ended with the run")
  }

  /// Processes whose environment carries `TANTAN_TEST_MARK=mark`.
  func processesWithMark(_ mark: String) -> Int {
    let pids = (try? FileManager.default.contentsOfDirectory(atPath: "/proc"))?.compactMap { Int32($0) } ?? []
    return pids.filter { pid in
      guard let env = FileManager.default.contents(atPath: "/proc/\(pid)/environ") else { return false }
      return env.split(separator: 0).contains { String(decoding: $0, as: UTF8.self) == "TANTAN_TEST_MARK=\(mark)" }
    }.count
  }
}

/// The suites `scripts/bench-runner` times (bench/busted-suite) mean the same under busted and
/// under `tantan-host test`, and one big file keeps every `--jobs` worker busy.
final class RunnerBenchSuiteTests: XCTestCase {
  func suite(files: Int, perFile: Int) throws -> SuiteDir {
    let dir = try SuiteDir()
    let p = try RunningProcess(
      HostBinary.packageRoot.appendingPathComponent("bench/busted-suite").path,
      [dir.url.path, String(files), String(perFile)], env: ProcessInfo.processInfo.environment, cwd: nil)
    XCTAssertEqual(p.wait(timeout: 30).status, 0)
    return dir
  }

  func testTheBenchSuitesPassAlikeUnderBustedAndTheRunner() throws {
    let busted = "/usr/bin/busted"
    guard FileManager.default.isExecutableFile(atPath: busted) else {
      throw XCTSkip("busted is not installed (scripts/bootstrap installs lua-busted)")
    }
    let dir = try suite(files: 3, perFile: 4)
    let b = try RunningProcess(
      busted, ["--output=TAP", "spec"], env: ProcessInfo.processInfo.environment, cwd: dir.url.path
    )
    .wait(timeout: 60)
    XCTAssertEqual(b.status, 0, b.stdout + b.stderr)
    let h = try dir.test(["--reporter", "tap"])
    XCTAssertEqual(h.status, 0, h.stdout + h.stderr)
    func names(_ tap: String) throws -> [String] {
      try TAPDocument.parse(tap).points.filter(\.ok).map {
        $0.description.replacingOccurrences(
          of: #"^spec/\S+ "#, with: "", options: .regularExpression)
      }
    }
    let hostNames = try names(h.stdout)
    XCTAssertEqual(hostNames.count, 12)
    XCTAssertEqual(
      hostNames,
      b.stdout.split(separator: "\n").compactMap { line in
        line.hasPrefix("ok ")
          ? line.replacingOccurrences(of: #"^ok \d+ - "#, with: "", options: .regularExpression) : nil
      })
  }

  func testOneBigFileIsSharedByTheJobs() throws {
    let dir = try suite(files: 1, perFile: 200)
    try dir.write(
      "spec/suite_001_spec.lua",
      "local stat = io.open('/proc/self/stat'):read('a')\n"
        + (dir.read("spec/suite_001_spec.lua") ?? "").replacingOccurrences(
          of: "    assert.is_true(#items == 21)",
          with:
            "    assert.is_true(#items == 21) print(io.open('/proc/self/stat'):read('n'))"
        ))
    let r = try dir.test(["--jobs", "2", "--reporter", "json"], timeout: 120)
    XCTAssertEqual(r.status, 0, r.stderr)
    let scenarios = try json(r.stdout)["scenarios"] as! [[String: Any]]
    XCTAssertEqual(scenarios.count, 200)
    let workers = Set(scenarios.map { $0["output"] as! String })
    XCTAssertEqual(workers.count, 2, "each scenario runs in a worker: both took part")
  }
}
