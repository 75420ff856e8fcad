import Foundation
import XCTest

/// An app depending on this repository as others will: through a git URL and a version tag. The
/// current sources (tracked and changed files of the working tree) become a tagged git repository
/// in a temporary folder; `examples/embedding` (the README's "Embedding" example) is built against
/// it, drives a SwipeDeck from Swift, runs Lua through LuaRuntime and the `tantan` module through
/// TantanLua's public API, and must print
/// `examples/embedding/expected-output.txt`. Fails while a library target carries unsafe flags.
final class ConsumerPackageTests: XCTestCase {
  let root = HostBinary.packageRoot
  var example: URL { root.appendingPathComponent("examples/embedding") }
  /// The example's stand-in for the repository URL, replaced by the temporary repository's.
  let placeholderURL = "https://git.example.com/tantan-host.git"

  func testAnAppDependsOnATaggedVersionAndRunsTheEmbeddingExample() throws {
    let fm = FileManager.default
    let tmp = fm.temporaryDirectory.appendingPathComponent("tantan-consumer-\(getpid())")
    try? fm.removeItem(at: tmp)
    defer { try? fm.removeItem(at: tmp) }
    let manifest = try String(contentsOf: example.appendingPathComponent("Package.swift"), encoding: .utf8)
    XCTAssertEqual(
      manifest.components(separatedBy: placeholderURL).count, 2,
      "the example's Package.swift names \(placeholderURL) once")
    let version = try XCTUnwrap(manifest.firstMatch(of: /from: "(\d+\.\d+\.\d+)"/)?.1, "the example asks for a version")

    // The working tree's files as a repository tagged `version`.
    let repo = tmp.appendingPathComponent("tantan-host")
    let listed = try run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], in: root)
    XCTAssertEqual(listed.status, 0, "the test needs a git checkout: \(listed)")
    var copied = 0
    for path in listed.stdout.split(separator: "\0").map(String.init)
    where fm.fileExists(atPath: root.appendingPathComponent(path).path) {
      let to = repo.appendingPathComponent(path)
      try fm.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
      try fm.copyItem(at: root.appendingPathComponent(path), to: to)
      copied += 1
    }
    XCTAssertGreaterThan(copied, 50)
    let git = [
      "git", "-c", "user.name=test", "-c", "user.email=test@localhost", "-c", "commit.gpgsign=false", "-c",
      "tag.gpgsign=false",
    ]
    for args in [
      ["init", "-q"], ["add", "-A"], ["commit", "-q", "-m", "sources under test"], ["tag", String(version)],
    ] {
      let r = try run(git + args, in: repo)
      XCTAssertEqual(r.status, 0, "git \(args): \(r)")
    }

    // The consumer: the example with the repository's file URL.
    let consumer = tmp.appendingPathComponent("consumer")
    try fm.createDirectory(at: consumer, withIntermediateDirectories: true)
    try manifest.replacingOccurrences(of: placeholderURL, with: repo.absoluteString)
      .write(to: consumer.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
    try fm.copyItem(at: example.appendingPathComponent("Sources"), to: consumer.appendingPathComponent("Sources"))
    // No shared cache: each run's repository is new, and the cache would keep every one of them.
    let build = try run(["swift", "build", "--disable-dependency-cache"], in: consumer, timeout: 1800)
    XCTAssertEqual(build.status, 0, "the consumer does not build: \(build)")
    guard build.status == 0 else { return }
    let resolved = try String(contentsOf: consumer.appendingPathComponent("Package.resolved"), encoding: .utf8)
    XCTAssertTrue(
      resolved.contains("\"version\" : \"\(version)\""), "resolved by version, not by branch or path: \(resolved)")

    let out = try run([consumer.appendingPathComponent(".build/debug/Embedding").path], in: consumer)
    XCTAssertEqual(out.status, 0, "\(out)")
    let expected = try String(contentsOf: example.appendingPathComponent("expected-output.txt"), encoding: .utf8)
    XCTAssertEqual(out.stdout, expected)
  }

  func testReadmeShowsTheEmbeddingExampleVerbatim() throws {
    let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
    let section = try XCTUnwrap(
      readme.components(separatedBy: "\n## Embedding").dropFirst().first, "README has an Embedding section")
    for file in ["Sources/Embedding/main.swift", "expected-output.txt"] {
      let text = try String(contentsOf: example.appendingPathComponent(file), encoding: .utf8)
      XCTAssertTrue(section.contains(text), "README's Embedding section shows examples/embedding/\(file) as it is")
    }
    XCTAssertTrue(section.contains(".package(url: \(placeholderURL.debugDescription)"))
  }

  func run(_ args: [String], in dir: URL, timeout: TimeInterval = 60) throws -> RunResult {
    let p = try RunningProcess("/usr/bin/env", args, env: ProcessInfo.processInfo.environment, cwd: dir.path)
    let r = p.wait(timeout: timeout)
    if r.timedOut { XCTFail("timed out after \(timeout) s: \(args)") }
    return r
  }
}
