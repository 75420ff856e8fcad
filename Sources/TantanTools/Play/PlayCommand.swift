import CLuaShim
import LuaRuntime
import TantanLua

/// `tantan-host play SCRIPT.lua [--port N] [--host ADDRESS] [options] [args]`: runs the script as
/// `tantan-host SCRIPT.lua` would (its options: --seed, the limits, --sandbox, --plugin, -e, -l),
/// keeps the components it made alive and serves a page to play with them. The first line on
/// stdout is the page's URL; Ctrl-C stops the server.
enum PlayCommand {
  static let usage = """
    usage: tantan-host play SCRIPT.lua [--port N] [--host ADDRESS] [options] [args]
      --port N          listen on port N (default 0: a free port)
      --host ADDRESS    listen on this IPv4 address (default 127.0.0.1, this machine only)
      --seed N          seed math.random (default: a random seed, shown in the page and the recordings)
      --max-memory BYTES, --max-instructions N, --timeout SECONDS
                        limits; the last two apply to each call into the script
      --sandbox, --plugin DIR, --strict-plugins, -e stat, -l mod
                        as for tantan-host SCRIPT.lua
    The first line printed is the page's URL (with its token). Options may come before or after
    the script; what follows `--` goes to the script as its arguments. Ctrl-C stops the server.

    """

  static let ownOptions: Set<String> = ["port", "host", "measure-frames"]

  static func main(_ args: [String], progname: String) -> Int32 {
    let name = "\(progname) play"
    if args.contains("--help") || args.contains("-h") {
      FileSystem.write(fd: 1, usage)
      return 0
    }
    let parsed: Parsed
    do { parsed = try parse(args, progname: progname) } catch {
      FileSystem.write(fd: 2, "\(name): \(error.description)\n" + usage)
      return 2
    }
    if let n = parsed.measure {
      let session = PlaySession(server: nil, script: parsed.script)
      let line = PlayMeasure.run(session, frames: n) ?? ""
      session.build?.close()
      FileSystem.write(fd: line.hasPrefix("frame_us") ? 1 : 2, line + "\n")
      return line.hasPrefix("frame_us") ? 0 : 1
    }
    let server: PlayServer
    do { server = try PlayServer(address: parsed.address, port: parsed.port, page: PlayPage.html) } catch {
      FileSystem.write(fd: 2, "\(name): \(error.description)\n")
      return 1
    }
    guard let gate = server.gate else { return 1 }
    let host = parsed.address == "0.0.0.0" ? "127.0.0.1" : parsed.address
    FileSystem.write(fd: 1, "http://\(host):\(server.port)/?token=\(gate.token)\n")
    PlayStop.install()
    let session = PlaySession(server: server, script: parsed.script)
    let status = session.run()
    server.stop()
    PlayStop.restore()
    FileSystem.write(fd: 2, "\(name): stopped\n")
    return status
  }

  struct Parsed {
    var address = "127.0.0.1"
    var port = 0
    /// `--measure-frames N` (hidden, for scripts/bench).
    var measure: Int?
    var script: PlaySession.Script
  }

  struct UsageError: Error, CustomStringConvertible {
    let description: String
  }

  /// The interpreter's options (before the script, or after it up to `--`), plus `--port` and
  /// `--host`; a seed is picked when none is given.
  static func parse(_ args: [String], progname: String) throws(UsageError) -> Parsed {
    let valued = HostInterpreter.valuedOptions.union(ownOptions)
    let flags = HostInterpreter.flagOptions
    // Long options after the script move before it (up to `--`); the rest are the script's.
    var before: [String] = []
    var after: [String] = []
    var scriptSeen = false
    var i = 0
    while i < args.count {
      let a = args[i]
      if !scriptSeen {
        before.append(a)
        let long = a.hasPrefix("--") && !a.contains("=") && valued.contains(String(a.dropFirst(2)))
        if a == "-e" || a == "-l" || long {
          i += 1
          if i < args.count { before.append(args[i]) }
        } else if !a.hasPrefix("-") || a == "-" {
          scriptSeen = true
        }
      } else if a == "--" {
        after += args[(i + 1)...]
        break
      } else if a.hasPrefix("--"), let name = a.dropFirst(2).split(separator: "=", maxSplits: 1).first.map(String.init),
        valued.contains(name) || flags.contains(name)
      {
        before.insert(a, at: before.count - 1)
        if valued.contains(name) && !a.contains("=") {
          i += 1
          guard i < args.count else { throw UsageError(description: "'--\(name)' needs argument") }
          before.insert(args[i], at: before.count - 1)
        }
      } else {
        after.append(a)
      }
      i += 1
    }
    var options: InterpreterOptions
    do { options = try InterpreterOptions.parse([progname] + before + after, valued: valued, flags: flags) } catch {
      throw UsageError(description: error.description)
    }
    guard let path = options.script, path != "-" else { throw UsageError(description: "a script to play is needed") }
    guard !options.interactive else { throw UsageError(description: "-i: the playground is the interactive part") }
    guard options.long["trace"] == nil else { throw UsageError(description: "--trace: not with play (record instead)") }
    options.rawArgv = options.argv.map { Array($0.utf8) }
    var settings: HostInterpreter.Settings
    do { settings = try HostInterpreter.settings(options) } catch { throw UsageError(description: error.description) }
    let seed = settings.seed ?? Int.random(in: 0..<(1 << 31))
    settings.seed = seed
    options.long["seed"] = String(seed)
    var parsed = Parsed(
      script: PlaySession.Script(
        options: options, settings: settings, path: path, args: Array(options.argv[(options.scriptIndex + 1)...]),
        seed: seed, command: "tantan-host play --seed \(seed) \(path)"))
    if let p = options.long["port"] {
      guard let port = Int(p), (0...65535).contains(port) else {
        throw UsageError(description: "bad value for --port: 0 to 65535 expected, got '\(p)'")
      }
      parsed.port = port
    }
    if let m = options.long["measure-frames"] {
      guard let n = Int(m), n > 0 else { throw UsageError(description: "bad value for --measure-frames: '\(m)'") }
      parsed.measure = n
    }
    if let h = options.long["host"] {
      let address = h == "localhost" ? "127.0.0.1" : h
      let parts = address.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 4, parts.allSatisfy({ Int($0).map { (0...255).contains($0) } ?? false }) else {
        throw UsageError(description: "bad value for --host: an IPv4 address expected, got '\(h)'")
      }
      parsed.address = address
    }
    return parsed
  }
}
