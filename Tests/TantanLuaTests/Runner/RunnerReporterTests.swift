import XCTest

/// Every reporter's output parsed back: JUnit with XMLParser, TAP with a TAP parser, JSON with
/// JSONSerialization; the default reporter read as text.
final class RunnerReporterTests: XCTestCase {
  var dir: SuiteDir!

  override func setUpWithError() throws {
    dir = try SuiteDir(["spec/mixed_spec.lua": Fixtures.mixed, "spec/flaky_spec.lua": Fixtures.flaky])
  }

  func testJUnitAsCISystemsReadIt() throws {
    let r = try dir.test(["--seed", "42", "--retries", "1", "--reporter", "junit=out/report.xml"])
    XCTAssertEqual(r.status, 1)
    let root = try JUnitDocument.parse(dir.read("out/report.xml")!)
    XCTAssertEqual(root.name, "testsuites")
    XCTAssertEqual(root.attributes["tests"], "7")
    XCTAssertEqual(root.attributes["failures"], "1")
    XCTAssertEqual(root.attributes["errors"], "1")
    XCTAssertEqual(root.attributes["skipped"], "1")
    let suites = root.all("testsuite")
    XCTAssertEqual(suites.map { $0.attributes["name"]! }, ["spec/flaky_spec.lua", "spec/mixed_spec.lua"])
    for s in suites {
      let props = s.first("properties")!.all("property")
      XCTAssertEqual(props.first { $0.attributes["name"] == "seed" }?.attributes["value"], "42")
    }
    let cases = root.testcases
    XCTAssertEqual(cases.count, 7)
    // Unique names per classname, even for two scenarios with the same name.
    var keys = Set<String>()
    for c in cases {
      XCTAssertTrue(
        keys.insert(c.attributes["classname"]! + "|" + c.attributes["name"]!).inserted, "duplicate \(c.attributes)")
    }
    // Decimal seconds, never exponents.
    for c in cases {
      XCTAssertNotNil(
        c.attributes["time"]!.range(of: #"^\d+\.\d{3}$"#, options: .regularExpression), c.attributes["time"]!)
    }
    func named(_ n: String) -> JUnitDocument.Element { cases.first { $0.attributes["name"] == n }! }
    // classname is file:line of the describe; top-level scenarios use the file.
    XCTAssertEqual(named("outcomes passes #quick").attributes["classname"], "spec/mixed_spec.lua:1")
    XCTAssertEqual(named("outcomes passes #quick (2)").attributes["classname"], "spec/mixed_spec.lua:1")
    XCTAssertEqual(named("runs at the top level").attributes["classname"], "spec/mixed_spec.lua")
    // failure for assertions, with expected and actual; system-out with control characters escaped.
    let failing = named("outcomes fails on an assertion")
    let failure = failing.first("failure")!
    XCTAssertEqual(failure.attributes["type"], "assertion")
    XCTAssertTrue(failure.text.contains("spec/mixed_spec.lua:5: Expected objects to be the same."), failure.text)
    XCTAssertTrue(
      failure.text.contains("expected: (table) {\n  [1] = 1\n *[2] = 2 }")
        && failure.text.contains("actual:   (table) {\n  [1] = 1\n *[2] = 3 }"), failure.text)
    XCTAssertNil(failing.first("error"))
    XCTAssertEqual(failing.first("system-out")?.text, "printed by the scenario \\u001B[31m <&> \\u0001\n")
    // error for Lua errors, with the traceback.
    let erroring = named("outcomes raises a Lua error")
    let error = erroring.first("error")!
    XCTAssertTrue(error.attributes["message"]!.contains("attempt to index a nil value"))
    XCTAssertTrue(error.text.contains("stack traceback:"), error.text)
    XCTAssertNil(erroring.first("failure"))
    // skipped for pending, flakyFailure for a pass on retry.
    XCTAssertNotNil(named("outcomes is pending").first("skipped"))
    let flaky = named("is flaky")
    XCTAssertNil(flaky.first("failure"))
    XCTAssertEqual(flaky.all("flakyFailure").count, 1)
    XCTAssertTrue(flaky.first("flakyFailure")!.first("stackTrace")!.text.contains("expected: (number) 2"))
  }

  func testTAP14WithYAMLDiagnostics() throws {
    let r = try dir.test(["--seed", "7", "--reporter", "tap", "spec/mixed_spec.lua"])
    XCTAssertEqual(r.status, 1)
    let tap = try TAPDocument.parse(r.stdout)
    XCTAssertEqual(tap.version, 14)
    XCTAssertEqual(tap.plan, 6)
    XCTAssertEqual(tap.points.map(\.number), Array(1...6))
    XCTAssertTrue(tap.comments.contains { $0.contains("seed 7") }, "seed in the header")
    XCTAssertEqual(tap.points.map(\.ok), [true, false, false, true, true, true])
    XCTAssertEqual(tap.points[0].description, "spec/mixed_spec.lua:2 outcomes passes", "tags out of descriptions")
    XCTAssertEqual(tap.points[0].yaml["tags"] as? [String], ["quick"])
    XCTAssertEqual(tap.points[3].directive, "SKIP")
    let fail = tap.points[1].yaml
    XCTAssertEqual(fail["message"] as? String, "Expected objects to be the same.")
    XCTAssertEqual(fail["severity"] as? String, "fail")
    XCTAssertEqual((fail["at"] as? [String: Any])?["file"] as? String, "spec/mixed_spec.lua")
    XCTAssertEqual((fail["at"] as? [String: Any])?["line"] as? Int, 5)
    XCTAssertEqual(fail["found"] as? String, "(table) {\n  [1] = 1\n *[2] = 3 }")
    XCTAssertEqual(fail["wanted"] as? String, "(table) {\n  [1] = 1\n *[2] = 2 }")
    XCTAssertEqual(fail["output"] as? String, "printed by the scenario \u{1B}[31m <&> \u{1}\n")
    let err = tap.points[2].yaml
    XCTAssertEqual(err["severity"] as? String, "error")
    XCTAssertEqual((err["at"] as? [String: Any])?["line"] as? Int, 9)
  }

  func testJSONForTools() throws {
    let r = try dir.test(["--seed", "3", "--retries", "1", "--reporter", "json"])
    let o = try json(r.stdout)
    XCTAssertEqual(o["format"] as? String, "tantan-host-test-report")
    XCTAssertEqual(o["seed"] as? Int, 3)
    let summary = o["summary"] as! [String: Int]
    XCTAssertEqual(summary, ["total": 7, "passed": 3, "failed": 1, "errors": 1, "pending": 1, "flaky": 1])
    let scenarios = o["scenarios"] as! [[String: Any]]
    XCTAssertEqual(scenarios.map { $0["index"] as! Int }, Array(0..<7))
    let failed = scenarios.first { $0["status"] as? String == "failed" }!
    let failure = failed["failure"] as! [String: Any]
    XCTAssertEqual(failure["kind"] as? String, "failure")
    XCTAssertEqual(failure["line"] as? Int, 5)
    XCTAssertEqual(failed["classname"] as? String, "spec/mixed_spec.lua:1")
    XCTAssertEqual(failed["output"] as? String, "printed by the scenario \u{1B}[31m <&> \u{1}\n")
    let flaky = scenarios.first { $0["status"] as? String == "flaky" }!
    XCTAssertEqual((flaky["attempts"] as! [Any]).count, 1)
  }

  func testDefaultReporterShowsExpectedActualAndLocation() throws {
    let r = try dir.test(["--seed", "5", "spec/mixed_spec.lua"])
    XCTAssertEqual(r.status, 1)
    let out = r.stdout
    XCTAssertTrue(out.hasPrefix("tantan-host test: seed 5, 6 scenarios\n"), out)
    XCTAssertTrue(
      out.contains(
        "FAILED spec/mixed_spec.lua:3 outcomes fails on an assertion\n  spec/mixed_spec.lua:5: Expected objects to be the same.\n    expected: (table) {\n      [1] = 1\n     *[2] = 2 }\n    actual:   (table) {\n      [1] = 1\n     *[2] = 3 }\n"
      ), out)
    XCTAssertTrue(
      out.contains(
        "ERROR spec/mixed_spec.lua:7 outcomes raises a Lua error\n  spec/mixed_spec.lua:9: attempt to index a nil value (local 't')"
      ), out)
    XCTAssertTrue(out.contains("PENDING spec/mixed_spec.lua:11 outcomes is pending"), out)
    XCTAssertTrue(out.contains("output:\n    printed by the scenario"), out)
    XCTAssertTrue(
      out.hasSuffix(
        "6 scenarios: 3 passed, 1 failed, 1 errors, 1 pending, 2 warnings (" + out.split(separator: "(").last!), out)
    XCTAssertTrue(out.contains("WARNING spec/mixed_spec.lua:12 outcomes passes #quick: made no assertion\n"), out)
  }

  func testSeveralReportersAtOnceAndDeterministicTimes() throws {
    let args = [
      "--deterministic-times", "--reporter", "junit=a.xml", "--reporter", "tap=a.tap", "--reporter", "json=a.json",
      "--reporter", "default",
    ]
    let r = try dir.test(args)
    XCTAssertTrue(r.stdout.contains("(0.000 s)"), r.stdout)
    XCTAssertNotNil(try JUnitDocument.parse(dir.read("a.xml")!))
    XCTAssertEqual(try TAPDocument.parse(dir.read("a.tap")!).points.count, 7)
    XCTAssertEqual(try json(dir.read("a.json")!)["time"] as? Double, 0)
    dir.remove("flaky.count")
    _ = try dir.test(args.map { $0.replacingOccurrences(of: "a.", with: "b.") })
    for ext in ["xml", "tap", "json"] { XCTAssertEqual(dir.read("a.\(ext)"), dir.read("b.\(ext)"), ext) }
  }

  /// On a terminal (through util-linux `script`): one progress character per scenario, then colours.
  func testProgressAndColoursOnATerminal() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/script") else { throw XCTSkip("no script(1)") }
    let command = "env -u NO_COLOR '\(HostBinary.path)' test spec/mixed_spec.lua"
    let r = try dir.run(["-e", "os.execute([[script -qec \"\(command)\" /dev/null > tty.out]])"])
    XCTAssertEqual(r.status, 0, r.stderr)
    let out = dir.read("tty.out")!.replacingOccurrences(of: "\r", with: "")
    XCTAssertTrue(out.hasPrefix(".FEP.."), out)
    XCTAssertTrue(out.contains("\u{1B}[31;1mFAILED\u{1B}[0m"), out)
    XCTAssertFalse(try dir.test(["spec/mixed_spec.lua"]).stdout.contains("\u{1B}[31;1m"), "no colours in a pipe")
  }

  /// A second opinion: Perl's TAP::Parser (it knows TAP up to version 13, so that is its only
  /// complaint) reads the same test points and YAML diagnostics.
  func testPerlTAPParserReadsTheReport() throws {
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/perl") else { throw XCTSkip("no perl") }
    _ = try dir.test(["--retries", "1", "--reporter", "tap=out.tap"])
    let script = #"""
      use TAP::Parser; local $/; open my $fh, "<", "out.tap"; my $p = TAP::Parser->new({ tap => scalar <$fh> });
      my @yaml; while (my $r = $p->next) { push @yaml, $r->data if $r->is_yaml }
      print join("|", scalar($p->tests_run), scalar($p->passed), scalar($p->failed), scalar($p->skipped), scalar(@yaml)), "\n";
      print "$_->{at}{line} $_->{severity}\n" for grep { $_->{severity} } @yaml;
      print "tags @{$_->{tags}}\n" for grep { !$_->{severity} } @yaml;
      print "$_\n" for grep { !/version 14/ } $p->parse_errors;
      """#
    try dir.write("check.pl", script)
    let p = Process()
    p.executableURL = URL(fileURLWithPath: "/usr/bin/perl")
    p.arguments = ["check.pl"]
    p.currentDirectoryURL = dir.url
    let pipe = Pipe()
    p.standardOutput = pipe
    try p.run()
    let out = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    p.waitUntilExit()
    XCTAssertEqual(
      out, "7|5|2|1|5\n6 fail\n5 fail\n9 error\ntags quick\ntags quick\n",
      "flaky (ok, with diagnostics), failed, error; tagged scenarios' tags")
  }
}
