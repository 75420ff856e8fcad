import TantanLua

/// The coverage report as CI reads it: lcov's tracefile (`lcov --summary`, `genhtml`, Codecov,
/// GitHub actions) and Cobertura XML (GitLab, Codecov, Jenkins; coverage-04.dtd), and the summary
/// table the default output ends with.
enum CoverageWriters {
  /// lcov's tracefile: per file `SF` (absolute, as geninfo writes it), `DA:line,hits` for every
  /// executable line, `LF` (lines found) and `LH` (lines hit).
  static func lcov(_ r: CoverageReport) -> String {
    var s = ""
    for f in r.files {
      s += "TN:\nSF:\(absolute(f.path, r.root))\n"
      for line in f.lines { s += "DA:\(line),\(f.hits[line, default: 0])\n" }
      s += "LF:\(f.lines.count)\nLH:\(f.hitCount)\nend_of_record\n"
    }
    return s
  }

  static func absolute(_ path: String, _ root: String) -> String {
    path.hasPrefix("/") ? path : (root == "/" ? "/" : root + "/") + path
  }
}
