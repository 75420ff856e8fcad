/// `lua.c`'s command line (`collectargs`), plus the long options an embedding host declares.
public struct InterpreterOptions: Equatable {
  public enum Action: Equatable {
    case execute(String)  // -e
    case require(String)  // -l mod or -l g=mod
    case warningsOn  // -W
  }

  public var argv: [String]
  public var progname: String
  /// Index in `argv` of the script (`argv.count` when there is none), as `lua.c`'s `script`.
  public var scriptIndex: Int
  public var interactive = false  // -i
  public var showVersion = false  // -v (also implied by -i)
  public var ignoreEnvironment = false  // -E
  public var hasExecute = false  // -e seen
  public var actions: [Action] = []
  /// Host long options seen before the script, `--name value` or `--name=value`; flags map to "".
  /// A repeated option keeps its last value here; `longValues` keeps every value in order.
  public var long: [String: String] = [:]
  /// The arguments as the bytes the process received (a `String` cannot hold bytes that are not
  /// UTF-8, and lua passes every byte through: file names, `-e` code, `arg`). Parsing fills it
  /// from `argv`; a host replaces it with the raw `argv` when it has them.
  public var rawArgv: [[UInt8]]
  /// Where each action's text starts: its index in `argv` and a byte offset (2 for `-estat`).
  public var actionArguments: [ArgumentPosition] = []
  public struct ArgumentPosition: Equatable {
    public var index: Int
    public var offset: Int
  }

  /// The bytes of argument `i` (its UTF-8 when `rawArgv` does not cover it).
  public func rawArgument(_ i: Int) -> [UInt8] {
    rawArgv.count == argv.count ? rawArgv[i] : Array(argv[i].utf8)
  }

  /// The bytes of action `i` (the code of `-e`, the spec of `-l`).
  public func rawBytes(ofAction i: Int) -> [UInt8] {
    if i < actionArguments.count, actionArguments[i].index < argv.count {
      return Array(rawArgument(actionArguments[i].index).dropFirst(actionArguments[i].offset))
    }
    switch actions[i] {
    case .execute(let s), .require(let s): return Array(s.utf8)
    case .warningsOn: return []
    }
  }
  /// Every value of each valued long option, in command-line order (`--plugin A --plugin B`).
  public var longValues: [String: [String]] = [:]

  /// All values given for a repeatable valued option, in order (empty when absent).
  public func values(_ name: String) -> [String] { longValues[name] ?? [] }

  public var script: String? { scriptIndex < argv.count ? argv[scriptIndex] : nil }

  public enum ParseError: Error, Equatable {
    /// `lua.c` prints "'-e' needs argument" or "unrecognized option '-x'", then the usage.
    case needsArgument(String)
    case unrecognized(String)
    case badValue(option: String, message: String)
  }

  /// `valued`: host long options that take a value; `flags`: those that do not.
  public static func parse(_ argv: [String], valued: Set<String> = [], flags: Set<String> = []) throws(ParseError)
    -> InterpreterOptions
  {
    var o = InterpreterOptions(
      argv: argv, progname: argv.first.flatMap { $0.isEmpty ? nil : $0 } ?? "lua", scriptIndex: argv.count,
      rawArgv: argv.map { Array($0.utf8) })
    var i = 1
    while i < argv.count {
      let a = argv[i]
      o.scriptIndex = i
      guard a.hasPrefix("-") else { return o }
      let chars = Array(a.utf8)
      if a == "-" { return o }
      if a == "--" { o.scriptIndex = i + 1; return o }
      if a.hasPrefix("--") {
        let body = String(a.dropFirst(2))
        let (name, inline) = body.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
          .splitPair
        if flags.contains(name), inline == nil {
          o.long[name] = ""
        } else if valued.contains(name) {
          let value: String
          if let inline {
            value = inline
          } else {
            i += 1
            guard i < argv.count else { throw .needsArgument(a) }
            value = argv[i]
          }
          o.long[name] = value
          o.longValues[name, default: []].append(value)
        } else {
          throw .unrecognized(a)
        }
        i += 1
        continue
      }
      let extra = chars.count > 2
      switch chars[1] {
      case UInt8(ascii: "E"):
        if extra { throw .unrecognized(a) }
        o.ignoreEnvironment = true
      case UInt8(ascii: "W"):
        if extra { throw .unrecognized(a) }
        o.actions.append(.warningsOn)
        o.actionArguments.append(ArgumentPosition(index: i, offset: 0))
      case UInt8(ascii: "i"), UInt8(ascii: "v"):
        if extra { throw .unrecognized(a) }
        if chars[1] == UInt8(ascii: "i") { o.interactive = true }
        o.showVersion = true
      case UInt8(ascii: "e"), UInt8(ascii: "l"):
        var value = String(a.dropFirst(2))
        var position = ArgumentPosition(index: i, offset: 2)
        if !extra {
          i += 1
          guard i < argv.count, !argv[i].hasPrefix("-") else { throw .needsArgument(a) }
          value = argv[i]
          position = ArgumentPosition(index: i, offset: 0)
        }
        o.actionArguments.append(position)
        if chars[1] == UInt8(ascii: "e") {
          o.hasExecute = true; o.actions.append(.execute(value))
        } else {
          o.actions.append(.require(value))
        }
      default:
        throw .unrecognized(a)
      }
      i += 1
    }
    o.scriptIndex = argv.count
    return o
  }

  /// `lua.c`'s usage text with this host's long options appended.
  public static func usage(progname: String, hostOptions: [(String, String)]) -> String {
    var s = """
      usage: \(progname) [options] [script [args]]
      Available options are:
        -e stat   execute string 'stat'
        -i        enter interactive mode after executing 'script'
        -l mod    require library 'mod' into global 'mod'
        -l g=mod  require library 'mod' into global 'g'
        -v        show version information
        -E        ignore environment variables
        -W        turn warnings on
        --        stop handling options
        -         stop handling options and execute stdin

      """
    for (opt, help) in hostOptions { s += "  \(opt.padding(to: 22)) \(help)\n" }
    return s
  }
}

extension Array where Element == String {
  fileprivate var splitPair: (String, String?) { (self.first ?? "", self.count > 1 ? self[1] : nil) }
}

extension String {
  func padding(to n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
