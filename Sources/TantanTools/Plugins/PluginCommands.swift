import CLua
import CLuaShim
import LuaRuntime
import TantanLua

/// `tantan-host plugins` and `tantan-host NAME args...` for a plugin's subcommand.
///
/// A first non-option argument that is not a regular file (and has no `/`, and does not follow
/// `--`) may name a subcommand: `plugins` lists the plugins; otherwise, when some plugin folder
/// exists, plugins are loaded and a registered command of that name runs. When none matches, the
/// argument is a script as in `lua5.4` (and fails the same way when it does not exist).
enum PluginCommands {
  static func isCandidate(_ options: InterpreterOptions) -> Bool {
    guard let name = options.script, name != "-", !name.contains("/") else { return false }
    if options.scriptIndex > 0, options.argv[options.scriptIndex - 1] == "--" { return false }
    return FileSystem.kind(name) != .file
  }

  /// The command's arguments: everything after its name.
  static func arguments(_ options: InterpreterOptions) -> [String] {
    Array(options.argv[(options.scriptIndex + 1)...])
  }

  /// Runs a plugin command in a prepared state; nil when no plugin registers `name`.
  static func run(_ name: String, host: TantanHost, interpreter: Interpreter, options: InterpreterOptions) -> Int32? {
    guard let entry = host.plugins.command(named: name), let fn = entry.value else { return nil }
    guard interpreter.runPreamble() else { return 1 }  // LUA_INIT, -e, -l, -W as before a script
    let lua = host.lua
    fn.push(lua)
    let args = arguments(options)
    lua.newTable(narr: Int32(args.count))
    for (i, a) in args.enumerated() { lua.push(a); lua.rawSet(-2, index: i + 1) }
    let status = interpreter.doCall(1, 1)
    guard status == LUA_OK else {
      interpreter.report(status)
      return 1
    }
    defer { lua.pop() }
    switch lua.type(-1) {
    case LUA_TNIL: return 0
    case LUA_TBOOLEAN: return lua.bool(-1) ? 0 : 1
    default: return lua.integer(-1).map { Int32(truncatingIfNeeded: $0) } ?? 0
    }
  }

  /// `tantan-host plugins --plugin DIR --strict-plugins`: options after `plugins` count as before it.
  static func addListingOptions(_ options: inout InterpreterOptions) throws(InterpreterOptions.ParseError) {
    let args = arguments(options)
    var i = 0
    while i < args.count {
      let a = args[i]
      if a == "--strict-plugins" {
        options.long["strict-plugins"] = ""
      } else if a == "--plugin" || a.hasPrefix("--plugin=") {
        var dir = String(a.dropFirst("--plugin=".count))
        if a == "--plugin" {
          i += 1
          guard i < args.count else { throw .needsArgument(a) }
          dir = args[i]
        }
        options.long["plugin"] = dir
        options.longValues["plugin", default: []].append(dir)
      } else {
        throw .unrecognized(a)
      }
      i += 1
    }
  }

  /// The `tantan-host plugins` listing: one line per plugin found, then why it is not loaded or
  /// what it registered.
  static func listing(_ registry: PluginRegistry, requested: [String]) -> String {
    let searched = "searched: " + PluginDiscovery.places(requested: requested).joined(separator: ", ")
    guard !registry.records.isEmpty else { return "no plugins found (\(searched))\n" }
    let header = ["NAME", "VERSION", "API", "STATUS", "FROM", "FOLDER"]
    let rows = registry.records.map { r in
      [r.name, r.version ?? "-", r.api.map(String.init) ?? "-", r.status.rawValue, r.origin.rawValue, r.dir]
    }
    var widths = header.map(\.count)
    for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { i, c in i == cells.count - 1 ? c : c.padding(to: widths[i]) }.joined(separator: "  ")
        + "\n"
    }
    var out = "tantan-host \(TantanHost.version), api_level \(TantanHost.apiLevel); \(searched)\n" + line(header)
    for (r, row) in zip(registry.records, rows) {
      out += line(row)
      if let reason = r.reason { out += "    \(reason)\n" }
      let provides = registry.provided(by: r.name)
      if r.status == .loaded, !provides.isEmpty { out += "    provides: \(provides.joined(separator: "; "))\n" }
    }
    return out
  }
}

extension PluginRegistry {
  /// What a plugin registered, for the listing: `source csv, json`, `command csv-head`, ...
  func provided(by plugin: String) -> [String] {
    func names(_ label: String, _ list: [Entry]) -> String? {
      let n = list.filter { $0.plugin == plugin }.map(\.name)
      return n.isEmpty ? nil : "\(label) \(n.joined(separator: ", "))"
    }
    var out: [String?] = [names("source", sources)]
    for kind in presets.keys.sorted() { out.append(names("\(kind) preset", presets[kind]!)) }
    out += [names("assertion", assertionList), names("reporter", reporterList), names("command", commands)]
    let hookNames = Hook.allCases.filter { h in (hooks[h] ?? []).contains { $0.plugin == plugin } }.map(\.rawValue)
    if !hookNames.isEmpty { out.append("hooks \(hookNames.joined(separator: ", "))") }
    return out.compactMap { $0 }
  }
}

extension String {
  fileprivate func padding(to n: Int) -> String { count >= n ? self : self + String(repeating: " ", count: n - count) }
}
