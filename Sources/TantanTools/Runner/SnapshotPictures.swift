import LuaRuntime
import TantanLua
import TantanScripts

/// Picture goldens for `assert.snapshot_svg(name, obj)`: `__snapshots__/<spec>/<name>.svg`, the
/// component drawn by `tantan.render.svg`. A mismatch (or a missing golden under
/// `--update-snapshots=none`) writes what a reviewer needs to an artifacts folder: the reference,
/// the actual picture and a side-by-side diff page, which the reports attach to the scenario.
extension SnapshotStore {
  static func picturePath(specFile: String, name: String) -> String {
    var file = fileName(name)
    file.removeLast(5)  // ".snap"
    return FileSystem.join(folder(for: specFile), file + ".svg")
  }

  /// `<artifactsDir>/<spec file without .lua>/<name>/`, the spec path made relative.
  func artifactFolder(specFile: String, name: String) -> String {
    var spec = specFile.hasSuffix(".lua") ? String(specFile.dropLast(4)) : specFile
    let parts = spec.split(separator: "/").filter { $0 != "." && $0 != ".." }
    spec = parts.joined(separator: "/")
    var safe = Self.fileName(name)
    safe.removeLast(5)
    return FileSystem.join(FileSystem.join(artifactsDir, spec), safe)
  }

  /// Compares; returns the outcome and the artifacts written (none when it matched or was written).
  func checkPicture(specFile: String, name: String, svg: String, reserve: (Int) throws(LuaCallError) -> Void)
    throws(LuaCallError) -> (Outcome, artifacts: [String])
  {
    let path = Self.picturePath(specFile: specFile, name: name)
    let folder = artifactFolder(specFile: specFile, name: name)
    if let problem = refusal(name, path, writing: nil) {
      return (Outcome(ok: false, action: .failed, message: problem, path: path), [])
    }
    let golden = try Self.golden(path, against: svg.utf8.count, reserve: reserve)
    if golden == svg || (golden != nil && mode == .all) || (golden == nil && mode != .none) {
      for f in ["expected.svg", "actual.svg", "diff.html"] { FileSystem.remove(FileSystem.join(folder, f)) }
      if golden == svg { return (Outcome(ok: true, path: path), []) }
      if let problem = refusal(name, path, writing: svg) {
        return (Outcome(ok: false, action: .failed, message: problem, path: path), [])
      }
      FileSystem.makeDirectories(Self.folder(for: specFile))
      guard FileSystem.write(path, svg) else {
        return (
          Outcome(ok: false, action: .failed, message: "snapshot_svg '\(name)': cannot write \(path)", path: path), []
        )
      }
      return (Outcome(ok: true, action: golden == nil ? .written : .updated, path: path), [])
    }
    // Under --sandbox the artifacts count against the same write budget as goldens.
    if let problem = refusal(name, path, writing: svg + (golden ?? "")) {
      return (Outcome(ok: false, action: .failed, message: problem, path: path), [])
    }
    FileSystem.makeDirectories(folder)
    var artifacts: [String] = []
    func keep(_ file: String, _ text: String) {
      let p = FileSystem.join(folder, file)
      if FileSystem.write(p, text) { artifacts.append(p) }
    }
    if let golden { keep("expected.svg", golden) } else { FileSystem.remove(FileSystem.join(folder, "expected.svg")) }
    keep("actual.svg", svg)
    keep(
      "diff.html",
      Self.diffPage(name: name, golden: path, hasReference: golden != nil, diff: golden.map { Self.diff($0, svg) }))
    let page = FileSystem.join(folder, "diff.html")
    let message =
      golden == nil
      ? "snapshot_svg '\(name)' has no golden picture \(path) (create it with --update-snapshots=new); see \(page)"
      : "snapshot_svg '\(name)' does not match \(path): see \(page) (accept it with --update-snapshots=all)"
    return (Outcome(ok: false, action: .failed, message: message, wanted: nil, found: nil, path: path), artifacts)
  }

  /// The reference and the actual picture side by side, the two overlaid with a difference blend
  /// (unchanged pixels go black), and the SVG source's line diff. No script: it opens anywhere.
  /// The page is Sources/TantanScripts/web/snapshot_diff.html with web/snapshot_diff.css.
  static func diffPage(name: String, golden: String, hasReference: Bool, diff: String?) -> String {
    var values: [String: HTMLTemplate.Value] = [
      "title": .text("snapshot_svg '\(name)'"), "golden": .text(golden), "reference": .flag(hasReference),
      "style": .raw(diffStyle),
    ]
    if let diff { values["diff"] = .text(diff) }
    return diffTemplate.render(values)
  }

  static let diffTemplate = HTMLTemplate(EmbeddedFile.text(tt_script_snapshot_diff_page))
  static let diffStyle = EmbeddedFile.text(tt_script_snapshot_diff_style)
}
