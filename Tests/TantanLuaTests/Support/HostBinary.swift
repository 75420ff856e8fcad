import Foundation

/// The built `tantan-host`, run as a user would. Tests only: Sources never import Foundation.
enum HostBinary {
  static var packageRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  static var path: String {
    if let env = ProcessInfo.processInfo.environment["TANTAN_HOST"] { return env }
    let runner = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    var dir = runner.deletingLastPathComponent()
    // The runner is `.build/<config>/<name>.xctest` (a file on Linux); the binary is its sibling.
    while dir.path != "/" {
      let candidate = dir.appendingPathComponent("tantan-host").path
      if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
      dir = dir.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/tantan-host").path
  }

  struct Result {
    var stdout: String
    var stderr: String
    var status: Int32
  }

  /// Runs with a hard time limit so a hang fails the test instead of the suite.
  static func run(_ args: [String], stdin: String? = nil, env: [String: String] = [:], cwd: URL? = nil, timeout: TimeInterval = 30) throws -> Result {
    let p = Process()
    p.executableURL = URL(fileURLWithPath: path)
    p.arguments = args
    var environment = ProcessInfo.processInfo.environment
    for (k, v) in env { environment[k] = v }
    p.environment = environment
    p.currentDirectoryURL = cwd ?? packageRoot
    // Output goes to temporary files (no pipe buffers to drain while waiting).
    let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("tantan-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: tmp, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: tmp) }
    let outURL = tmp.appendingPathComponent("out"), errURL = tmp.appendingPathComponent("err"), inURL = tmp.appendingPathComponent("in")
    _ = FileManager.default.createFile(atPath: outURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: errURL.path, contents: nil)
    _ = FileManager.default.createFile(atPath: inURL.path, contents: Data((stdin ?? "").utf8))
    p.standardOutput = try FileHandle(forWritingTo: outURL)
    p.standardError = try FileHandle(forWritingTo: errURL)
    p.standardInput = try FileHandle(forReadingFrom: inURL)
    try p.run()
    let deadline = Date().addingTimeInterval(timeout)
    while p.isRunning && Date() < deadline { usleep(2000) }
    if p.isRunning {
      p.terminate()
      p.waitUntilExit()
      throw NSError(domain: "HostBinary", code: 1, userInfo: [NSLocalizedDescriptionKey: "timed out after \(timeout) s: \(args)"])
    }
    p.waitUntilExit()
    let outData = try Data(contentsOf: outURL), errData = try Data(contentsOf: errURL)
    return Result(stdout: String(decoding: outData, as: UTF8.self), stderr: String(decoding: errData, as: UTF8.self), status: p.terminationStatus)
  }
}
