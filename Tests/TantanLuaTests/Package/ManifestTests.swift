import Foundation
import XCTest

/// Package.swift as SwiftPM reads it (`swift package dump-package`): what others can depend on and
/// where it builds. Rules: (1) no target a library product needs carries `unsafeFlags` (SwiftPM
/// refuses them in a dependency resolved by version); (2) a Linux-only flag, and any unsafe linker
/// flag (linkers differ between platforms), is conditional on `.linux`; (3) the Lua system library
/// names an apt and a Homebrew provider; (4) release builds go through scripts/build-release, which
/// passes the speed flags the library targets cannot carry.
final class ManifestTests: XCTestCase {
  /// Flags only GNU toolchains on Linux take (the libstdc++ linker-script folder is `.../link`).
  static let linuxOnly = ["-static-stdlib", "-static-executable", "-Xlinker", "-Wl,", "-lstdc++"]

  struct Setting {
    let target: String
    let tool: String
    let flags: [String]?  // nil: not unsafeFlags
    let platforms: [String]
  }

  /// Read once per run: each read compiles the manifest in a fresh scratch folder.
  nonisolated(unsafe) private static var dumped: [String: Any]?

  func manifest() throws -> [String: Any] {
    if let m = Self.dumped { return m }
    let root = HostBinary.packageRoot
    // Its own scratch folder: the `swift test` running this may hold the lock on `.build`.
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tantan-dump-\(getpid())")
    defer { try? FileManager.default.removeItem(at: scratch) }
    let p = try RunningProcess(
      "/usr/bin/env",
      ["swift", "package", "dump-package", "--package-path", root.path, "--scratch-path", scratch.path],
      env: ProcessInfo.processInfo.environment, cwd: root.path)
    let r = p.wait(timeout: 300)
    XCTAssertEqual(r.status, 0, "\(r)")
    let m = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(r.stdout.utf8)) as? [String: Any], r.stdout)
    Self.dumped = m
    return m
  }

  func settings(_ target: [String: Any]) -> [Setting] {
    (target["settings"] as? [[String: Any]] ?? []).map { s in
      let kind = s["kind"] as? [String: Any]
      let flags = (kind?["unsafeFlags"] as? [String: Any])?["_0"] as? [String]
      let platforms = (s["condition"] as? [String: Any])?["platformNames"] as? [String] ?? []
      return Setting(
        target: target["name"] as? String ?? "?", tool: s["tool"] as? String ?? "?", flags: flags, platforms: platforms)
    }
  }

  /// Every target a product builds: its own and their dependencies, recursively.
  func closure(_ names: [String], _ targets: [String: [String: Any]]) -> Set<String> {
    var seen = Set<String>()
    var work = names
    while let name = work.popLast() {
      guard seen.insert(name).inserted, let t = targets[name] else { continue }
      for d in t["dependencies"] as? [[String: Any]] ?? [] {
        if let n = (d["byName"] as? [Any])?.first as? String ?? (d["target"] as? [Any])?.first as? String {
          work.append(n)
        }
      }
    }
    return seen
  }

  func testLibraryProductsCarryNoUnsafeFlagsAndPlatformFlagsAreConditional() throws {
    let m = try manifest()
    let targetList = try XCTUnwrap(m["targets"] as? [[String: Any]])
    let targets = Dictionary(uniqueKeysWithValues: targetList.map { ($0["name"] as! String, $0) })
    let products = try XCTUnwrap(m["products"] as? [[String: Any]])
    let libraries = products.filter { ($0["type"] as? [String: Any])?["library"] != nil }
    XCTAssertEqual(Set(libraries.compactMap { $0["name"] as? String }), ["HeadlessUI", "LuaRuntime", "TantanLua"])
    for product in libraries {
      for name in closure(product["targets"] as? [String] ?? [], targets).sorted() {
        for s in settings(targets[name]!) where s.flags != nil {
          XCTFail(
            "library product \(product["name"]!): target \(name) has unsafeFlags \(s.flags!) (SwiftPM refuses them in a dependency resolved by version)"
          )
        }
      }
    }
    var linuxFlags = 0
    for t in targetList {
      for s in settings(t) {
        guard let flags = s.flags else { continue }
        let platformSpecific =
          s.tool == "linker"
          || flags.contains { f in Self.linuxOnly.contains { f.hasPrefix($0) } || f.hasSuffix("/link") }
        guard platformSpecific else { continue }
        linuxFlags += 1
        XCTAssertEqual(
          s.platforms, ["linux"],
          "target \(s.target): \(s.tool) flags \(flags) must be conditional: .when(platforms: [.linux])")
      }
    }
    XCTAssertGreaterThan(linuxFlags, 0, "the executable's static linking (-static-stdlib) is gone: update this test")
  }

  func testLuaSystemLibraryNamesAptAndHomebrew() throws {
    let targets = try XCTUnwrap(try manifest()["targets"] as? [[String: Any]])
    let clua = try XCTUnwrap(targets.first { $0["name"] as? String == "CLua" })
    // Debian's liblua5.4-dev and Homebrew's lua@5.4 both install lua5.4.pc.
    XCTAssertEqual(clua["pkgConfig"] as? String, "lua5.4")
    let providers = (clua["providers"] as? [[String: Any]] ?? []).flatMap { $0.keys }
    XCTAssertEqual(Set(providers), ["apt", "brew"])
  }

  /// The speed flags live in scripts/build-release only: a release build elsewhere would lose them.
  func testEveryReleaseBuildGoesThroughBuildRelease() throws {
    let root = HostBinary.packageRoot
    var checked = 0
    for dir in ["scripts", "bench", ".ci"] {
      for name in try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(dir).path) {
        let rel = "\(dir)/\(name)"
        guard rel != "scripts/build-release",
          let text = try? String(contentsOf: root.appendingPathComponent(rel), encoding: .utf8)
        else { continue }
        checked += 1
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
        where line.contains("swift build") && line.contains("release") {
          XCTFail("\(rel):\(n + 1): release build without scripts/build-release: \(line)")
        }
      }
    }
    XCTAssertGreaterThan(checked, 5)
    let build = try String(contentsOf: root.appendingPathComponent("scripts/build-release"), encoding: .utf8)
    XCTAssertTrue(build.contains("-Xswiftc -enforce-exclusivity=unchecked -Xswiftc -cross-module-optimization"))
  }
}
