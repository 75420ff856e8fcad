/// Finds, in Swift source text, the types declared to conform to a protocol: what the
/// ConformanceList build-tool plugin (Plugins/ConformanceList) lists for a target, so a new
/// component or playground adapter is registered by declaring its conformance, with no list to
/// edit (Swift has no runtime type registration on Linux).
///
/// A declaration counts when the protocol is in the inheritance list of a `struct`, `enum`,
/// `class` or `actor`, or of an `extension` (before any `where`), by its name or module-qualified
/// (`TantanLua.TantanComponent`). Comments, string literals and their interpolations are skipped.
/// Not listed, because the generated list could not name them: `private`/`fileprivate` types,
/// types inside a function or closure body, and protocols. Nested types come qualified
/// (`Outer.Inner`).
public enum ConformanceScan {
  /// The qualified names of the types `source` declares to conform to `proto`, in source order.
  public static func conformers(of proto: String, in source: String) -> [String] {
    var lexer = Lexer(Array(source.utf8))
    var tokens = lexer.tokens()
    tokens.append("")
    var found: [String] = []
    // One entry per open brace: the type name it opens, or nil for any other body.
    var scopes: [String?] = []
    var pendingScope: String?? = nil
    var i = 0
    while i < tokens.count - 1 {
      let t = tokens[i]
      if t == "{" {
        scopes.append(pendingScope ?? nil)
        pendingScope = nil
        i += 1
        continue
      }
      if t == "}" {
        _ = scopes.popLast()
        i += 1
        continue
      }
      guard Self.declarationKeywords.contains(t), let decl = declaration(tokens, at: i) else {
        i += 1
        continue
      }
      let insideTypes = scopes.allSatisfy { $0 != nil }
      let qualified = (scopes.compactMap { $0 } + [decl.name]).joined(separator: ".")
      if decl.conforms(to: proto), insideTypes, t != "protocol", !hidden(tokens, before: i) {
        found.append(t == "extension" ? decl.name : qualified)
      }
      // The body's brace opens this type's scope (an extension's names its type, maybe `A.B`).
      pendingScope = .some(decl.name)
      i = decl.end
    }
    return found
  }

  static let declarationKeywords: Set<String> = ["struct", "enum", "class", "actor", "extension", "protocol"]
  static let notNames: Set<String> = ["func", "var", "let", "subscript", "init", "deinit", "case", "protocol"]

  struct Declaration {
    let name: String
    let inherited: [String]
    let end: Int  // the token index of the body's `{`

    func conforms(to proto: String) -> Bool {
      inherited.contains { $0 == proto || $0.hasSuffix("." + proto) }
    }
  }

  /// `KEYWORD Name<...>: A, B.C<D> & E where ... {`, from the keyword's index.
  static func declaration(_ tokens: [String], at start: Int) -> Declaration? {
    var i = start + 1
    guard i < tokens.count, isIdentifier(tokens[i]), !notNames.contains(tokens[i]) else { return nil }
    var name = tokens[i]
    i += 1
    while tokens[i] == ".", isIdentifier(tokens[i + 1]) {  // extension A.B
      name += "." + tokens[i + 1]
      i += 2
    }
    i = skipAngles(tokens, i)
    var inherited: [String] = []
    if tokens[i] == ":" {
      i += 1
      var current = ""
      while i < tokens.count - 1, tokens[i] != "{", tokens[i] != "where" {
        switch tokens[i] {
        case ",", "&":
          if !current.isEmpty { inherited.append(current) }
          current = ""
          i += 1
        case "<":
          i = skipAngles(tokens, i)
        case "any", "some":
          i += 1
        case let t where t.hasPrefix("@"):  // @unchecked, @retroactive, @MainActor
          i += 1
        default:
          current += tokens[i]
          i += 1
        }
      }
      if !current.isEmpty { inherited.append(current) }
    }
    while i < tokens.count - 1, tokens[i] != "{" { i = tokens[i] == "<" ? skipAngles(tokens, i) : i + 1 }
    return Declaration(name: name, inherited: inherited, end: i)
  }

  static func skipAngles(_ tokens: [String], _ start: Int) -> Int {
    guard tokens[start] == "<" else { return start }
    var depth = 0
    var i = start
    repeat {
      if tokens[i] == "<" { depth += 1 } else if tokens[i] == ">" { depth -= 1 }
      i += 1
    } while depth > 0 && i < tokens.count - 1
    return i
  }

  /// Whether a `private` or `fileprivate` modifier precedes the keyword.
  static func hidden(_ tokens: [String], before index: Int) -> Bool {
    var i = index - 1
    while i >= 0 {
      let t = tokens[i]
      if t == "private" || t == "fileprivate" { return true }
      guard Self.modifiers.contains(t) || t.hasPrefix("@") else { return false }
      i -= 1
    }
    return false
  }

  static let modifiers: Set<String> = [
    "public", "package", "internal", "open", "final", "indirect", "nonisolated", "private", "fileprivate",
  ]

  static func isIdentifier(_ t: String) -> Bool {
    guard let c = t.utf8.first else { return false }
    return c == UInt8(ascii: "_") || c == UInt8(ascii: "`") || c >= 0x80 || (c | 0x20 >= 0x61 && c | 0x20 <= 0x7a)
  }
}

extension ConformanceScan {
  /// The generated file: `enum <enumName>` with one computed list per protocol (`TantanComponent`
  /// gives `static var tantanComponent: [any TantanComponent.Type]`), each sorted by name and
  /// without repeats (a type may declare a conformance once, but be extended twice).
  public static func listFile(enumName: String, imports: [String], lists: [(proto: String, types: [String])]) -> String
  {
    var s = "// Generated at build time by Plugins/ConformanceList from this target's sources. Do not edit.\n"
    for line in imports { s += line + "\n" }
    s +=
      "\n/// The types this target's sources declare to conform to each protocol, sorted by name.\nenum \(enumName) {\n"
    for (proto, types) in lists {
      let member = proto.prefix(1).lowercased() + proto.dropFirst()
      let names = Set(types).sorted().map { "\($0).self" }.joined(separator: ", ")
      s += "  static var \(member): [any \(proto).Type] { [\(names)] }\n"
    }
    return s + "}\n"
  }
}
