import CLua
import LuaRuntime
import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `tantan-host --trace on --trace-file FILE script.lua` (or `--trace FILE`): records the script's steps and writes the HTML when the
/// run ends: normally, with an error (recorded as the last step, with its position), or through
/// `os.exit` (which never returns to the interpreter, so its wrapper writes the file first).
final class ScriptTrace {
  let recorder: TraceRecorder
  let path: String
  private var failures = 0
  private var written = false
  private let progname: String
  /// `--trace retain-on-failure`: a run that ends with status 0 writes no trace.
  private let onlyFailures: Bool

  init(host: TantanHost, path: String, title: String, progname: String, onlyFailures: Bool = false) {
    self.path = path
    self.progname = progname
    self.onlyFailures = onlyFailures
    recorder = TraceRecorder(host: host, title: title)
    host.observer = recorder
    TraceInstaller.install(host, recorder)
    ExitHook.install(host) { [unowned self] status in
      if let err = self.write(status: status) { FileSystem.write(fd: 2, "\(self.progname): \(err)\n") }
    }
  }

  /// An error the interpreter reports: a step at once (in the REPL the session goes on).
  func failed(_ message: String) {
    failures += 1
    let (source, line) = Self.position(of: message) { recorder.host.state.chunkText("@" + $0) != nil }
    let first = message.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? message
    recorder.finish(recorder.host.lua, kind: .error, title: first, error: message, source: source, line: line)
  }

  /// Writes the trace (once); returns an error message when the file cannot be written.
  func write(status: Int32) -> String? {
    guard !written else { return nil }
    written = true
    if onlyFailures && status == 0 { return nil }
    if failures == 0 || status == 0 {
      let title = "end of script (exit status \(status))"
      recorder.finish(recorder.host.lua, kind: .end, title: title, error: nil, source: nil, line: nil)
    }
    var meta: [(String, String)] = [("tantan-host", TantanHost.version)]
    if let seed = recorder.host.seed { meta.append(("seed", String(seed))) }
    let doc = TraceDocument(status: status != 0 ? "error" : "ok", meta: meta)
    return FileSystem.save(path, doc.html(recorder)).map { "cannot write the trace to \(path): \($0)" }
  }

  /// `file:line` at the start of an error message, as a chunk name (`@file` when `isLoaded(file)`:
  /// a chunk the run loaded; a name in a message is not looked up on disk).
  static func position(of message: String, isLoaded: (String) -> Bool) -> (String?, Int?) {
    let first = message.split(separator: "\n", maxSplits: 1).first ?? Substring(message)
    var rest = first[...]
    while let colon = rest.firstIndex(of: ":") {
      let file = first[first.startIndex..<colon]
      let after = first[first.index(after: colon)...]
      let digits = after.prefix(while: { $0.isASCII && $0.isNumber })
      if !digits.isEmpty, after.dropFirst(digits.count).hasPrefix(":"), let line = Int(digits), !file.isEmpty {
        let name = String(file)
        return (isLoaded(name) ? "@" + name : "=" + name, line)
      }
      rest = after
    }
    return (nil, nil)
  }
}
