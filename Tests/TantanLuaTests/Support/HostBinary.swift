import Foundation

/// The built `tantan-host`, run as a user would. Tests only: Sources never import Foundation.
enum HostBinary {
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  /// `$TANTAN_HOST`, else `tantan-host` next to the test bundle; nil when not built.
  static var found: String? {
    if let env = ProcessInfo.processInfo.environment["TANTAN_HOST"], !env.isEmpty { return env }
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = runner.deletingLastPathComponent()
    // The runner is `.build/<config>/<name>.xctest` (a file on Linux); the binary is its sibling.
    while dir.path != "/" {
      let candidate = dir.appendingPathComponent("tantan-host").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return nil
  }

  static var path: String { found ?? packageRoot.appendingPathComponent(".build/debug/tantan-host").path }

  typealias Result = RunResult

  /// Runs with a hard time limit so a hang fails the test instead of the suite.
  static func run(
    _ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: URL? = nil, timeout: TimeInterval = 30
  ) throws -> Result {
    var environment = ProcessInfo.processInfo.environment
    for (k, v) in env { environment[k] = v }
    let p = try RunningProcess(path, args, env: environment, cwd: (cwd ?? packageRoot).path)
    p.write(stdin: stdin)
    let r = p.wait(timeout: timeout)
    if r.timedOut {
      throw NSError(
        domain: "HostBinary", code: 1, userInfo: [NSLocalizedDescriptionKey: "timed out after \(timeout) s: \(args)"])
    }
    return r
  }
}
