import LuaRuntime

/// Reference rows from LuaLS annotations in an embedded `.lua` file, for functions written in Lua:
/// the `---` block right above `function TABLE.NAME(PARAMS)` is its one declaration (description
/// lines, `---@param name type`, `---@return type`), read where the code is.
enum LuaAnnotations {
  /// One `.function` row per annotated `function table.name(...)` of `source`, named
  /// `qualified.name`, and what is wrong with the annotations (a parameter without `---@param` is
  /// typed `any` and reported: ExploreDocsTests requires none).
  static func functions(in source: String, table: String, as qualified: String) -> (docs: [LuaDoc], problems: [String])
  {
    var docs: [LuaDoc] = []
    var problems: [String] = []
    var block: [Substring] = []
    for raw in source.split(separator: "\n", omittingEmptySubsequences: false) {
      let line = raw.drop { $0 == " " }
      if line.hasPrefix("---") {
        block.append(line.dropFirst(3))
        continue
      }
      defer { block = [] }
      guard !block.isEmpty, let (name, params) = definition(line, table: table) else { continue }
      docs.append(doc("\(qualified).\(name)", params, block, &problems))
    }
    return (docs, problems)
  }

  /// `function table.name(a, b)` -> ("name", ["a", "b"]).
  private static func definition(_ line: Substring, table: String) -> (String, [String])? {
    let prefix = "function \(table)."
    guard line.hasPrefix(prefix), let open = line.firstIndex(of: "("), let close = line.firstIndex(of: ")") else {
      return nil
    }
    let name = String(line[line.index(line.startIndex, offsetBy: prefix.count)..<open])
    let params = line[line.index(after: open)..<close].split(separator: ",").map { $0.trimmingSpaces }
    return (name, params.filter { !$0.isEmpty })
  }

  private static func doc(_ name: String, _ params: [String], _ block: [Substring], _ problems: inout [String])
    -> LuaDoc
  {
    var text: [String] = []
    var types: [String: String] = [:]
    var returns: [String] = []
    for line in block {
      if line.hasPrefix("@param ") {
        let rest = line.dropFirst("@param ".count).trimmingSpaces
        let parts = rest.split(separator: " ", maxSplits: 1)
        if parts.count < 2 { problems.append("\(name): @param \(rest) has no type") }
        types[String(parts.first ?? "")] = parts.count < 2 ? "any" : parts[1].trimmingSpaces
      } else if line.hasPrefix("@return ") {
        returns.append(String(line.dropFirst("@return ".count)).trimmingSpaces)
      } else if !line.hasPrefix("@") {
        text.append(String(line).trimmingSpaces)
      }
    }
    let typed = params.map { p in
      if types[p] == nil { problems.append("\(name): parameter '\(p)' has no ---@param") }
      return "\(p): \(types[p] ?? "any")"
    }
    let result = returns.isEmpty ? "" : ": " + returns.joined(separator: ", ")
    return LuaDoc(.function, name, "fun(\(typed.joined(separator: ", ")))\(result)", text.joined(separator: " "))
  }
}

extension StringProtocol {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
