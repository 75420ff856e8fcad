import Foundation
import XCTest

/// The package builds on a Mac (README, "On a Mac") though CI has none: every Swift file that
/// imports Glibc imports Darwin too (`#if canImport(Darwin) import Darwin #elseif canImport(Glibc)
/// import Glibc #endif`), and calls that exist on Linux only appear inside `#if os(Linux)` (or
/// `canImport(Glibc)`) blocks of Sources/, with the macOS way beside them
/// (`Sources/TantanTools/Support/Portable.swift`).
final class PortabilityTests: XCTestCase {
  /// Linux-only names: a flag or file macOS lacks, a glibc extension, a Linux system call.
  static let linuxOnly = [
    "MSG_NOSIGNAL", "SOCK_CLOEXEC", "SOCK_NONBLOCK", "/proc/", "prctl", "PR_SET_", "malloc_trim", "Glibc.",
    "environ", "unshare", "CLONE_NEW", "sigtimedwait", "signalfd", "eventfd", "inotify_", "epoll_", "pipe2",
    "accept4", "memfd_create", "posix_spawn_file_actions_t()", "posix_spawnattr_t()", "close_range",
  ]

  struct Finding: CustomStringConvertible {
    var file: String
    var line: Int
    var text: String
    var description: String { "\(file):\(line): \(text)" }
  }

  static func swiftFiles(in dirs: [String] = ["Sources", "Tests"]) throws -> [URL] {
    let root = HostBinary.packageRoot
    var out: [URL] = []
    for dir in dirs {
      let e = FileManager.default.enumerator(at: root.appendingPathComponent(dir), includingPropertiesForKeys: nil)
      while let url = e?.nextObject() as? URL {
        if url.pathExtension == "swift" { out.append(url) }
      }
    }
    return out
  }

  /// Glibc imported without Darwin beside it.
  static func missingTwins(_ text: String) -> Bool {
    let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
    return lines.contains("import Glibc") && !lines.contains("import Darwin")
  }

  /// Lines naming a Linux-only call outside a Linux-only `#if` block (comments aside).
  static func linuxOnlyOutsideLinuxBlocks(_ text: String) -> [(Int, String)] {
    var stack: [(linuxCondition: Bool, linux: Bool)] = []
    var out: [(Int, String)] = []
    func isLinux(_ condition: Substring) -> Bool {
      condition.contains("os(Linux)") || condition.contains("canImport(Glibc)")
    }
    for (i, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("#if ") {
        let c = isLinux(line.dropFirst(4))
        stack.append((c, c))
      } else if line.hasPrefix("#elseif "), !stack.isEmpty {
        let c = isLinux(line.dropFirst(8))
        stack[stack.count - 1] = (c, c)
      } else if line == "#else", !stack.isEmpty {
        stack[stack.count - 1].linux = false
      } else if line == "#endif", !stack.isEmpty {
        stack.removeLast()
      } else if !line.hasPrefix("//"), !stack.contains(where: \.linux) {
        for name in linuxOnly where line.contains(name) {
          if name == "environ", line.range(of: #"\benviron\b"#, options: .regularExpression) == nil { continue }
          out.append((i + 1, line))
          break
        }
      }
    }
    return out
  }

  func testEveryGlibcImportHasItsDarwinTwin() throws {
    var findings: [String] = []
    for url in try Self.swiftFiles() {
      let text = try String(contentsOf: url, encoding: .utf8)
      if Self.missingTwins(text) { findings.append(url.path) }
    }
    XCTAssertEqual(findings, [], "import Glibc without import Darwin (see this test's header)")
  }

  func testLinuxOnlyCallsAreInsideLinuxBlocks() throws {
    var findings: [Finding] = []
    // The program's calls (tests may read /proc in Linux-only checks: they build on a Mac either way).
    for url in try Self.swiftFiles(in: ["Sources"]) {
      let text = try String(contentsOf: url, encoding: .utf8)
      for (line, t) in Self.linuxOnlyOutsideLinuxBlocks(text) {
        findings.append(Finding(file: url.lastPathComponent, line: line, text: t))
      }
    }
    XCTAssertEqual(findings.map(\.description), [], "Linux-only calls outside #if os(Linux): put them in Portable")
  }

  /// The checks themselves catch what they are for.
  func testTheChecksCatchWhatTheyAreFor() {
    XCTAssertTrue(Self.missingTwins("#if canImport(Glibc)\n  import Glibc\n#endif\n"))
    XCTAssertFalse(
      Self.missingTwins("#if canImport(Darwin)\n  import Darwin\n#elseif canImport(Glibc)\n  import Glibc\n#endif"))
    XCTAssertEqual(Self.linuxOnlyOutsideLinuxBlocks("let n = send(fd, p, n, Int32(MSG_NOSIGNAL))").count, 1)
    XCTAssertEqual(Self.linuxOnlyOutsideLinuxBlocks("#if os(Linux)\n  x(MSG_NOSIGNAL)\n#else\n  y()\n#endif").count, 0)
    XCTAssertEqual(Self.linuxOnlyOutsideLinuxBlocks("#if os(Linux)\n  x()\n#else\n  prctl(1)\n#endif").count, 1)
    XCTAssertEqual(Self.linuxOnlyOutsideLinuxBlocks("// MSG_NOSIGNAL in a comment\nlet environment = 1").count, 0)
    XCTAssertEqual(Self.linuxOnlyOutsideLinuxBlocks("posix_spawn(&pid, exe, &a, &b, argv, environ)").count, 1)
  }
}
