import TantanLua

extension CoverageWriters {
  /// Cobertura XML: one package per folder, one class per file (`filename` relative to the
  /// `source`, the project folder), no methods or branches (both rates' branch parts are 0 of 0).
  /// `timestamp` is 0: the report is the same for the same run.
  static func cobertura(_ r: CoverageReport, version: String) -> String {
    func attr(_ s: String) -> String { "\"" + XMLEscaping.escaped(s, attribute: true) + "\"" }
    var packages: [(String, [CoverageReport.File])] = []
    for f in r.files {
      let dir = FileSystem.directory(of: f.path)
      let name = dir == "." ? "." : String(dir.map { $0 == "/" ? "." : $0 })
      if let i = packages.firstIndex(where: { $0.0 == name }) {
        packages[i].1.append(f)
      } else {
        packages.append((name, [f]))
      }
    }
    var s = "<?xml version=\"1.0\" ?>\n"
    s += "<!DOCTYPE coverage SYSTEM \"http://cobertura.sourceforge.net/xml/coverage-04.dtd\">\n"
    s += "<coverage line-rate=\"\(rate(r.rate))\" branch-rate=\"0\" lines-covered=\"\(r.hitCount)\""
    s += " lines-valid=\"\(r.lineCount)\" branches-covered=\"0\" branches-valid=\"0\" complexity=\"0\""
    s += " version=\(attr(version)) timestamp=\"0\">\n"
    s += "  <sources>\n    <source>\(XMLEscaping.escaped(r.root))</source>\n  </sources>\n  <packages>\n"
    for (name, files) in packages {
      let lines = files.reduce(0) { $0 + $1.lines.count }
      let hit = files.reduce(0) { $0 + $1.hitCount }
      let pkgRate = lines == 0 ? 1 : Double(hit) / Double(lines)
      s += "    <package name=\(attr(name)) line-rate=\"\(rate(pkgRate))\" branch-rate=\"0\" complexity=\"0\">\n"
      s += "      <classes>\n"
      for f in files {
        s += "        <class name=\(attr(f.path)) filename=\(attr(f.path)) line-rate=\"\(rate(f.rate))\""
        s += " branch-rate=\"0\" complexity=\"0\">\n"
        s += "          <methods/>\n          <lines>\n"
        for line in f.lines { s += "            <line number=\"\(line)\" hits=\"\(f.hits[line, default: 0])\"/>\n" }
        s += "          </lines>\n        </class>\n"
      }
      s += "      </classes>\n    </package>\n"
    }
    return s + "  </packages>\n</coverage>\n"
  }

  /// A rate as Cobertura writes it: up to four decimals, no exponent.
  static func rate(_ r: Double) -> String {
    let v = (r * 10000).rounded() / 10000
    if v == v.rounded() { return String(Int(v)) }
    var s = String(Int((v * 10000).rounded()))
    while s.count < 5 { s = "0" + s }
    var text = String(s.dropLast(4)) + "." + String(s.suffix(4))
    while text.hasSuffix("0") { text.removeLast() }
    return text
  }
}
