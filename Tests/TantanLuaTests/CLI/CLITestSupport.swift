import Foundation
import XCTest

#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// Shared set-up for the end-to-end tests: where the binaries are, a clean environment, a scratch
/// folder per test, and helpers that run `tantan-host` and `lua5.4` the same way and compare them.
class CLITestCase: XCTestCase {
  /// Seconds before a run counts as hung. Generous: the machine is shared.
  static let hardTimeout: TimeInterval = 30

  var tmp: String = ""

  override func setUpWithError() throws {
    try super.setUpWithError()
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("tantan-cli-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    tmp = dir.path
  }

  override func tearDownWithError() throws {
    if !tmp.isEmpty { try? FileManager.default.removeItem(atPath: tmp) }
    try super.tearDownWithError()
  }

  // MARK: binaries

  static var hostPath: String? { HostBinary.found }

  /// `lua5.4` on PATH (or `$LUA54`), nil when it is not installed.
  static var luaPath: String? {
    let env = ProcessInfo.processInfo.environment
    if let p = env["LUA54"], !p.isEmpty { return p }
    for dir in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      let candidate = "\(dir)/lua5.4"
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
    }
    return nil
  }

  func host() throws -> String {
    guard let p = Self.hostPath else {
      XCTFail("tantan-host not found next to the test bundle; run `swift build` first or set TANTAN_HOST")
      throw XCTSkip("no tantan-host binary")
    }
    return p
  }

  func lua() throws -> String {
    guard let p = Self.luaPath else {
      throw XCTSkip("lua5.4 is not installed: comparisons with the stock interpreter skipped (apt-get install lua5.4)")
    }
    return p
  }

  /// A minimal environment, with no LUA_* variable of the person running the tests.
  func environment(_ extra: [String: String] = [:]) -> [String: String] {
    let env = ProcessInfo.processInfo.environment
    var e: [String: String] = ["PATH": env["PATH"] ?? "/usr/bin:/bin", "HOME": env["HOME"] ?? tmp, "LC_ALL": "C"]
    for (k, v) in extra { e[k] = v }
    return e
  }

  // MARK: files

  @discardableResult
  func write(_ name: String, _ text: String) throws -> String {
    let path = (tmp as NSString).appendingPathComponent(name)
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    return path
  }

  /// Writes `string.dump(load(code))` to `name`, by the host itself (no luac needed; bytes, which
  /// a Swift String would not keep).
  func dump(_ code: String, to name: String) throws {
    try write(
      "dump.lua", "local f = assert(io.open(arg[1], 'wb')) f:write(string.dump(assert(load(arg[2])))) f:close()")
    let r = try runHost(["dump.lua", name, code])
    XCTAssertEqual(r.status, 0, "\(r)")
  }

  // MARK: running

  /// Runs `exe args` in the scratch folder (unless `cwd`), feeding `stdin` (empty by default, so
  /// nothing ever reads the test runner's own input), with a hard timeout.
  func run(
    _ exe: String, _ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: String? = nil,
    timeout: TimeInterval = CLITestCase.hardTimeout
  ) throws -> RunResult {
    let p = try RunningProcess(exe, args, env: environment(env), cwd: cwd ?? tmp)
    p.write(stdin: stdin)
    return p.wait(timeout: timeout)
  }

  func runHost(
    _ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: String? = nil,
    timeout: TimeInterval = CLITestCase.hardTimeout
  ) throws -> RunResult {
    try run(try host(), args, stdin: stdin, env: env, cwd: cwd, timeout: timeout)
  }

  /// Replaces the program name (argv[0], a full path here) with `lua` and drops the host's
  /// `tantan-host X -- ` prefix of the version banner, so the two interpreters can be compared.
  func normalise(_ r: RunResult, program: String) -> RunResult {
    var r = r
    r.stderr = r.stderr.replacingOccurrences(of: program, with: "lua")
    r.stdout = r.stdout.replacingOccurrences(of: program, with: "lua")
    if let range = r.stdout.range(of: #"tantan-host [0-9][^ ]* -- "#, options: .regularExpression) {
      r.stdout.removeSubrange(range)
    }
    return r
  }

  /// Runs the same command line under both interpreters; asserts neither hung nor crashed.
  func both(
    _ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws -> (host: RunResult, lua: RunResult) {
    let luaExe = try lua()
    let hostExe = try host()
    let h = normalise(try run(hostExe, args, stdin: stdin, env: env, cwd: cwd), program: hostExe)
    let l = normalise(try run(luaExe, args, stdin: stdin, env: env, cwd: cwd), program: luaExe)
    assertSane(h, file: file, line: line)
    return (h, l)
  }

  /// Same stdout, same stderr (program name normalised), same exit status.
  func assertSame(
    _ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: String? = nil,
    file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let (h, l) = try both(args, stdin: stdin, env: env, cwd: cwd, file: file, line: line)
    XCTAssertEqual(h.stdout, l.stdout, "stdout differs for \(args)", file: file, line: line)
    XCTAssertEqual(h.stderr, l.stderr, "stderr differs for \(args)", file: file, line: line)
    XCTAssertEqual(h.status, l.status, "exit status differs for \(args)\nhost: \(h)\nlua: \(l)", file: file, line: line)
  }

  /// No hang, no signal, no Swift runtime failure message.
  func assertSane(_ r: RunResult, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertFalse(r.timedOut, "the process hung: \(r)", file: file, line: line)
    XCTAssertFalse(r.signaled, "the process died of a signal: \(r)", file: file, line: line)
    for marker in [
      "Fatal error", "fatal error", "Program crashed", "Swift runtime failure", "PANIC", "Backtracing", "Segmentation",
    ] {
      XCTAssertFalse(r.stderr.contains(marker), "crash marker '\(marker)' in stderr: \(r)", file: file, line: line)
    }
  }
}
