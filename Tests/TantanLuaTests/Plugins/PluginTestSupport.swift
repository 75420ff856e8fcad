import Foundation
import LuaRuntime
import XCTest

@testable import TantanLua

/// A temporary folder tree for plugin tests: `write("plugins/a/plugin.lua", "...")`, then run the
/// real binary there with a private HOME and no TANTAN_PLUGIN_PATH, or load in process.
final class PluginSandbox {
  let root: URL
  /// An empty HOME unless a test puts plugins under `home/.config/tantan/plugins`.
  var home: URL { root.appendingPathComponent("home") }
  var work: URL { root.appendingPathComponent("work") }

  init() throws {
    // Short: Lua shortens chunk names past 60 bytes in error positions.
    root = URL(fileURLWithPath: "/tmp/tp" + UUID().uuidString.prefix(8))
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
  }

  deinit { try? FileManager.default.removeItem(at: root) }

  /// Writes `text` at `path` relative to the root, creating folders.
  @discardableResult
  func write(_ path: String, _ text: String) throws -> URL {
    let url = root.appendingPathComponent(path)
    try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try text.write(to: url, atomically: true, encoding: .utf8)
    return url
  }

  func mkdir(_ path: String) throws {
    try FileManager.default.createDirectory(at: root.appendingPathComponent(path), withIntermediateDirectories: true)
  }

  /// A minimal plugin folder at `path` named `name`; `setup` is the body of setup(host).
  @discardableResult
  func plugin(_ path: String, name: String, version: String = "1.0", api: Int = 1, setup: String = "") throws -> URL {
    try write(
      "\(path)/plugin.lua",
      """
      return {
        name = "\(name)",
        version = "\(version)",
        api = \(api),
        description = "test plugin \(name)",
        setup = function(host)
          \(setup)
        end,
      }

      """
    ).deletingLastPathComponent()
  }

  /// Runs the binary in `work` (or `cwd`), with HOME = `home` and TANTAN_PLUGIN_PATH empty.
  func run(_ args: [String], env: [String: String] = [:], cwd: URL? = nil) throws -> HostBinary.Result {
    var e = ["HOME": home.path, "TANTAN_PLUGIN_PATH": ""]
    for (k, v) in env { e[k] = v }
    return try HostBinary.run(args, env: e, cwd: cwd ?? work)
  }

  static var examples: String { HostBinary.packageRoot.appendingPathComponent("examples/plugins").path }
}

extension RunResult {
  /// stderr with the binary's path as `tantan-host`: messages start with the path the tests run it by.
  var messages: String { stderr.replacingOccurrences(of: HostBinary.path + " ", with: "tantan-host ") }
}

/// An in-process state with plugins loaded from explicit folders, failures collected.
final class PluginTestHost {
  let t: LuaTestHost
  var reports: [String] = []
  var host: TantanHost { t.host }
  var registry: PluginRegistry { t.host.plugins }

  init(_ dirs: [String], sandboxed: Bool = false, strict: Bool = false) throws {
    t = try LuaTestHost()
    t.host.plugins.report = { [unowned self] in self.reports.append($0) }
    let candidates = dirs.flatMap { PluginDiscovery.scan($0, .option, explicit: true) }
    PluginLoader.load(candidates, into: t.host, options: .init(sandboxed: sandboxed, strict: strict))
  }

  func record(_ name: String) -> PluginRecord? { registry.records.first { $0.name == name } }
}
