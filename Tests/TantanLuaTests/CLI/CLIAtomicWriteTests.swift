import Foundation
import XCTest

/// Issue 21.6: a run killed while writing its report left `report.xml.tmpNNN` behind for good.
/// The next write of the same file removes the temporaries of processes that are gone, and only those.
final class CLIAtomicWriteTests: CLITestCase {
  func testStaleTemporariesOfADeadProcessAreRemoved() throws {
    let gone = Process()
    gone.executableURL = URL(fileURLWithPath: "/bin/true")
    try gone.run()
    gone.waitUntilExit()
    let dead = "report.xml.tmp\(gone.processIdentifier)-140245"
    let live = "report.xml.tmp\(ProcessInfo.processInfo.processIdentifier)-1"  // this test process: running
    let foreign = "report.xml.tmp-notes"  // not a name the host writes
    for name in [dead, live, foreign] { try write(name, "partial") }
    try write("spec/a_spec.lua", #"it("passes", function() end)"#)
    let r = try runHost(["test", "--reporter", "junit=report.xml", "spec"])
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    let names = Set(try FileManager.default.contentsOfDirectory(atPath: tmp))
    XCTAssertFalse(names.contains(dead), "\(names)")
    XCTAssertTrue(names.contains(live), "\(names)")
    XCTAssertTrue(names.contains(foreign), "\(names)")
    XCTAssertTrue(try String(contentsOfFile: tmp + "/report.xml", encoding: .utf8).contains("<testsuites"))
  }
}
