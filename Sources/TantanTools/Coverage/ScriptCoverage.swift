import CLua
import LuaRuntime
import TantanLua

/// `tantan-host --coverage lcov=PATH script.lua`: the script's lines counted from the start, the
/// reports written when the run ends, normally, with an error, or through `os.exit` (which never
/// returns to the interpreter, so its wrapper writes them first).
final class ScriptCoverage {
  let outputs: [CoverageOutput]
  let filter: CoverageFilter
  private let state: LuaState
  private let progname: String
  private var written = false

  init(state: LuaState, host: TantanHost, outputs: [CoverageOutput], filter: CoverageFilter, progname: String) {
    self.state = state
    self.progname = progname
    self.outputs = outputs
    self.filter = filter
    LineCoverage.start(state)
    ExitHook.install(host) { [unowned self] _ in
      for p in self.write() { FileSystem.write(fd: 2, "\(self.progname): \(p)\n") }
    }
  }

  /// Writes the reports (once); the messages of those that could not be written.
  func write() -> [String] {
    guard !written else { return [] }
    written = true
    return CoverageOutput.write(outputs, CoverageReport.make(LineCoverage.read(state), filter: filter))
  }
}
