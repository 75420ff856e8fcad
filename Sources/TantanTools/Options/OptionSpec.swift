/// One command-line option, declared once (the way swift-argument-parser declares them): its long
/// name, short form, argument, default and help. A command's parsing (`OptionParser`), its
/// `--help` text and what its reports record are all read from its list of declarations.
struct OptionSpec: Sendable {
  enum Argument: Equatable, Sendable {
    case none
    /// `--name VALUE`, `--name=VALUE`, `-xVALUE`, `-x VALUE`.
    case required(String)
    /// `--name` or `--name=VALUE` (and `-x` or `-xVALUE`), as getopt's `x::`.
    case optional(String)
  }

  var long: String
  var short: Character? = nil
  var argument: Argument = .none
  /// Applied before the command line when the option is absent (nil: no default), and shown in `--help`.
  var defaultValue: String? = nil
  var help: String
  /// Other long names that mean the same (`--output` for `--reporter`); not in `--help`.
  var aliases: [String] = []
  /// Not in `--help` (options one process passes to another).
  var hidden = false

  /// `-j, --jobs N` as `--help` shows it.
  var synopsis: String {
    var s = short.map { "-\($0), " } ?? ""
    s += "--" + long
    switch argument {
    case .none: break
    case .required(let v): s += " " + v
    case .optional(let v): s += "[=" + v + "]"
    }
    return s
  }

  /// The help lines of `specs`, the synopsis in a column of `width`, the text wrapped at `wrap`.
  static func help(_ specs: [OptionSpec], width: Int = 24, wrap: Int = 100) -> String {
    var out = ""
    for spec in specs where !spec.hidden {
      var text = spec.help
      if let d = spec.defaultValue, !text.contains("(default") { text += " (default \(d))" }
      let head = "  " + spec.synopsis
      var lines: [String] = []
      var line = ""
      for word in text.split(separator: " ") {
        if !line.isEmpty, line.count + 1 + word.count > wrap - width - 3 {
          lines.append(line)
          line = ""
        }
        line += (line.isEmpty ? "" : " ") + word
      }
      if !line.isEmpty { lines.append(line) }
      let pad = String(repeating: " ", count: width + 3)
      if head.count <= width + 2 {
        out += head + String(repeating: " ", count: width + 3 - head.count) + (lines.first ?? "") + "\n"
        lines = Array(lines.dropFirst())
      } else {
        out += head + "\n"
      }
      for l in lines { out += pad + l + "\n" }
    }
    return out
  }
}

/// getopt_long's rules for a list of `OptionSpec`s, as GNU getopt applies them (permuting): options
/// and operands mix; `--` ends the options; `-` is an operand; short flags combine (`-lu`), a short
/// option's value may follow it in the same word (`-j2`) or be the next (`-j 2`); long options take
/// `--name=VALUE` or `--name VALUE` and may be shortened to an unambiguous prefix. The messages
/// are getopt's.
enum OptionParser {
  struct Error: Swift.Error, CustomStringConvertible, Equatable {
    let description: String
    /// For a bad value: the option (`--jobs`) and what was wrong, as the interpreter words them.
    var option: String? = nil
    var detail: String? = nil

    static func badValue(_ name: String, _ detail: String) -> Error {
      Error(description: "bad value for --\(name): \(detail)", option: "--" + name, detail: detail)
    }
  }

  struct Occurrence: Equatable {
    /// Index of the option in the declarations.
    var option: Int
    var value: String?
  }

  struct Result: Equatable {
    var occurrences: [Occurrence] = []
    var operands: [String] = []
  }

  static func parse(_ args: [String], _ specs: [OptionSpec]) throws(Error) -> Result {
    var out = Result()
    var i = 0
    while i < args.count {
      let a = args[i]
      i += 1
      if a == "--" {
        out.operands += args[i...]
        break
      }
      if a.hasPrefix("--") {
        let body = a.dropFirst(2)
        let name = String(body.prefix { $0 != "=" })
        let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
        let k = try longIndex(name, specs, spelling: a)
        let spec = specs[k]
        switch spec.argument {
        case .none:
          if inline != nil { throw Error(description: "option '--\(spec.long)' doesn't allow an argument") }
          out.occurrences.append(Occurrence(option: k, value: nil))
        case .optional:
          out.occurrences.append(Occurrence(option: k, value: inline))
        case .required:
          if let inline {
            out.occurrences.append(Occurrence(option: k, value: inline))
          } else {
            guard i < args.count else { throw Error(description: "option '--\(spec.long)' requires an argument") }
            out.occurrences.append(Occurrence(option: k, value: args[i]))
            i += 1
          }
        }
        continue
      }
      if a.hasPrefix("-"), a != "-" {
        var rest = Substring(a.dropFirst())
        while let c = rest.first {
          rest = rest.dropFirst()
          guard let k = specs.firstIndex(where: { $0.short == c }) else {
            throw Error(description: "invalid option -- '\(c)'")
          }
          switch specs[k].argument {
          case .none:
            out.occurrences.append(Occurrence(option: k, value: nil))
            continue
          case .optional:
            out.occurrences.append(Occurrence(option: k, value: rest.isEmpty ? nil : String(rest)))
          case .required:
            if !rest.isEmpty {
              out.occurrences.append(Occurrence(option: k, value: String(rest)))
            } else {
              guard i < args.count else { throw Error(description: "option requires an argument -- '\(c)'") }
              out.occurrences.append(Occurrence(option: k, value: args[i]))
              i += 1
            }
          }
          break
        }
        continue
      }
      out.operands.append(a)
    }
    return out
  }

  /// The option a long name means: exact (a name or an alias), else the one option it abbreviates.
  private static func longIndex(_ name: String, _ specs: [OptionSpec], spelling: String) throws(Error) -> Int {
    if let k = specs.firstIndex(where: { $0.long == name || $0.aliases.contains(name) }) { return k }
    let candidates =
      name.isEmpty
      ? []
      : specs.indices.filter { k in
        !specs[k].hidden && ([specs[k].long] + specs[k].aliases).contains { $0.hasPrefix(name) }
      }
    if candidates.count == 1 { return candidates[0] }
    if candidates.count > 1 {
      let names = candidates.map { "'--\(specs[$0].long)'" }.joined(separator: " ")
      throw Error(description: "option '--\(name)' is ambiguous; possibilities: \(names)")
    }
    throw Error(description: "unrecognized option '\(spelling.prefix { $0 != "=" })'")
  }
}
