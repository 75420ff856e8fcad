import XCTest

/// Plugin discovery reading a big folder through the real binary; scripts/sanitize runs it under
/// AddressSanitizer, where reading a directory entry's whole `d_name` field (256 bytes) from a short
/// entry at the end of readdir's buffer is a heap-buffer-overflow.
final class CLIPluginScanTests: XCTestCase {
  func testAFolderOfManySubfoldersIsScannedWhole() throws {
    let s = try PluginSandbox()
    try s.plugin("work/plugins/zz-real", name: "real")
    // Short names, so that readdir's buffer ends in a short entry; enough of them to fill it a few times.
    for i in 0..<1500 { try s.mkdir("work/plugins/d\(i)") }
    let r = try s.run(["plugins"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let real = r.stdout.split(separator: "\n").first { $0.hasPrefix("real ") } ?? ""
    XCTAssertTrue(real.contains(" loaded ") && real.hasSuffix("plugins/zz-real"), String(real))
    XCTAssertEqual(
      r.stdout.components(separatedBy: "plugins/d").count - 1, 1500 * 2, "each subfolder listed with its problem")
  }
}
