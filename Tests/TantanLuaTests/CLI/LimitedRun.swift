import Foundation
import XCTest

/// Runs `tantan-host` through Tests/Tools/limited_run.py: under an address-space limit (`ulimit
/// -v`) when asked, with the child's peak resident memory measured (the kernel's ru_maxrss).
extension CLITestCase {
  struct LimitedResult {
    var run: RunResult
    /// Peak resident set size of the host process, in bytes.
    var peak: Int
  }

  func runLimited(
    _ args: [String], addressSpace: Int = 0, stdin: String? = nil, cwd: String? = nil, timeout: TimeInterval = 60
  ) throws -> LimitedResult {
    let report = (tmp as NSString).appendingPathComponent("peak-\(UUID().uuidString)")
    let r = try run(
      "/usr/bin/env", ["python3", Self.tool, report, String(addressSpace), try host()] + args,
      stdin: stdin, cwd: cwd, timeout: timeout)
    let kb = (try? String(contentsOfFile: report, encoding: .utf8)).flatMap { Int($0) } ?? 0
    return LimitedResult(run: r, peak: kb * 1024)
  }

  static let tool = HostBinary.packageRoot.appendingPathComponent("Tests/Tools/limited_run.py").path

  /// The host's own resident memory with nothing loaded (about 10 MB for the debug build), measured
  /// once: the slack of a limit is measured above it.
  static let baseline: Int = {
    let report = FileManager.default.temporaryDirectory.appendingPathComponent("baseline-\(UUID().uuidString)").path
    defer { try? FileManager.default.removeItem(atPath: report) }
    guard let host = HostBinary.found,
      let p = try? RunningProcess(
        "/usr/bin/env", ["python3", CLITestCase.tool, report, "0", host, "-e", ""],
        env: ProcessInfo.processInfo.environment,
        cwd: "/")
    else { return 0 }
    p.write(stdin: nil)
    _ = p.wait(timeout: 30)
    return ((try? String(contentsOfFile: report, encoding: .utf8)).flatMap { Int($0) } ?? 0) * 1024
  }()
}
