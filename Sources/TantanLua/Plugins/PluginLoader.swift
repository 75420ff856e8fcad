import CLua
import CLuaShim
import LuaRuntime

/// Loads discovered plugins into one state: runs each `plugin.lua`, checks its manifest, refuses
/// too new an `api`, skips shadowed names and calls `setup(host)`.
///
/// Isolation: whatever goes wrong with one plugin (no `plugin.lua`, a syntax error, a manifest
/// that is not a table or has no `name`, `setup` raising, a `require` cycle among its modules, a
/// name another plugin registered) is reported with the plugin's name and `file:line`, everything
/// it registered is dropped, and the others load as if it was not there.
package enum PluginLoader {
  package struct Options {
    var sandboxed = false
    /// `--strict-plugins`: the caller stops at the first failure (`load` returns false).
    var strict = false
    /// Report failures on stderr (the `plugins` listing shows them instead).
    var quiet = false
    /// Compiled manifests and modules shared by the states of one run (the scenario runner
    /// loads the same plugins into every scenario's state).
    var cache: PluginChunkCache?
    package init(sandboxed: Bool = false, strict: Bool = false, quiet: Bool = false, cache: PluginChunkCache? = nil) {
      self.sandboxed = sandboxed; self.strict = strict; self.quiet = quiet; self.cache = cache
    }
  }

  /// Loads `candidates` in order into `host`; returns false when, with `strict`, one failed or
  /// was refused (the rest is not loaded then).
  @discardableResult
  package static func load(_ candidates: [PluginCandidate], into host: TantanHost, options: Options) -> Bool {
    let registry = host.plugins
    registry.strict = options.strict
    guard !candidates.isEmpty else { return true }
    registry.chunkCache = options.cache
    PluginModules.install(host, sandboxed: options.sandboxed)
    var names = Set<String>()
    var stopped: String?  // a plugin used up a limit of the run: the state runs nothing more
    for c in candidates {
      if let stopped {
        registry.records.append(
          PluginRecord(name: c.folderName, dir: c.dir, origin: c.origin, status: .skipped, reason: stopped))
        continue
      }
      var record = loadOne(c, host: host, options: options, taken: &names)
      stopped = limitReason(host, after: record.name)
      if record.status == .loaded { record.reason = nil }
      registry.records.append(record)
      if record.status == .failed || record.status == .refused {
        if !options.quiet {
          registry.report("plugin '\(record.name)' \(record.status.rawValue): \(record.reason ?? "?")")
        }
        if options.strict { return false }
      }
    }
    return true
  }

  private static func loadOne(_ c: PluginCandidate, host: TantanHost, options: Options, taken: inout Set<String>)
    -> PluginRecord
  {
    let lua = host.lua
    let top = lua.top
    defer { lua.setTop(top) }
    var r = PluginRecord(name: c.folderName, dir: c.dir, origin: c.origin, status: .failed)
    func fail(_ why: String) -> PluginRecord { r.status = .failed; r.reason = why; return r }

    if let problem = c.problem { return fail("\(c.dir): \(problem)") }
    let file = c.manifestPath
    guard FileSystem.kind(file) == .file else {
      return fail("\(c.dir): no plugin.lua (a plugin folder needs one returning its manifest)")
    }
    guard PluginChunkCache.load(file, into: host, sandboxed: options.sandboxed, cache: options.cache) else {
      return fail(lua.string(-1) ?? "\(file): cannot load")
    }
    lua.push(c.folderName)
    lua.push(c.dir)
    host.plugins.loadingRoot = (plugin: c.folderName, dir: c.dir)
    let ran = lua.pcall(2, 1)
    host.plugins.loadingRoot = nil
    guard ran else { return fail(message(lua)) }
    var at: String { "\(file):\(returnLine(file))" }  // reads the file: only for messages
    guard lua.type(-1) == LUA_TTABLE else { return fail("\(at): manifest must be a table, got \(lua.typeName(-1))") }
    let m = lua.absIndex(-1)

    guard lua.rawGet(m, "name") == LUA_TSTRING, let name = lua.string(-1), !name.isEmpty else {
      return fail("\(at): manifest has no 'name' (a non-empty string expected, got \(lua.typeName(-1)))")
    }
    lua.pop()
    r.name = name
    let vt = lua.rawGet(m, "version")
    r.version = (vt == LUA_TSTRING || vt == LUA_TNUMBER) ? lua.string(-1) : nil
    lua.pop()
    if lua.rawGet(m, "description") == LUA_TSTRING { r.description = lua.string(-1) }
    lua.pop()
    let apiType = lua.rawGet(m, "api")
    guard apiType != LUA_TNIL else {
      return fail("\(at): manifest has no 'api' (the minimum tantan.api_level, an integer; got nil)")
    }
    guard apiType == LUA_TNUMBER, let api = lua.integer(-1), api >= 0 else {
      // A number as Lua prints it (inf, 1.5), anything else by its type.
      let got = apiType == LUA_TNUMBER ? lua.string(-1) ?? "?" : lua.typeName(-1)
      return fail("\(at): manifest 'api' must be a non-negative integer (the minimum tantan.api_level), got \(got)")
    }
    lua.pop()
    r.api = api
    let setupType = lua.rawGet(m, "setup")
    guard setupType == LUA_TFUNCTION || setupType == LUA_TNIL else {
      return fail("\(at): manifest 'setup' must be a function, got \(lua.typeName(-1))")
    }

    guard taken.insert(name).inserted else {
      let first = host.plugins.records.first { $0.name == name }
      r.status = .shadowed
      r.reason = "shadowed by \(first?.dir ?? "an earlier plugin") (the first plugin named '\(name)' wins)"
      return r
    }
    guard api <= TantanHost.apiLevel else {
      r.status = .refused
      r.reason = "\(file): requires api_level \(api), but this host's tantan.api_level is \(TantanHost.apiLevel)"
      return r
    }

    let registry = host.plugins
    registry.moduleRoots.append((plugin: name, dir: c.dir))
    if setupType == LUA_TFUNCTION {
      let ctx = PluginContext(plugin: name, version: r.version, dir: c.dir, registry: registry)
      PluginHostObject.cls.push(lua, ctx)
      let ok = lua.pcall(1, 0, traceback: false)
      ctx.open = false
      if !ok {
        registry.remove(plugin: name)
        return fail("setup failed: " + message(lua))
      }
    }
    r.status = .loaded
    return r
  }

  private static func message(_ lua: Lua) -> String { lua.errorText(-1) }

  /// Why the plugins after `plugin` are not loaded, once it tripped a limit of the run (the limits
  /// are the run's, sticky: the state raises at every instruction from then on); nil otherwise.
  private static func limitReason(_ host: TantanHost, after plugin: String) -> String? {
    let used: String
    switch tt_limit_tripped(host.lua.L) {
    case TT_LIMIT_NONE: return nil
    case TT_LIMIT_MEMORY: used = "used up the run's --max-memory"
    case TT_LIMIT_INSTRUCTIONS: used = "used up the run's --max-instructions"
    case TT_LIMIT_TIMEOUT: used = "used up the run's --timeout"
    default: used = "was interrupted"
    }
    return "not loaded: plugin '\(plugin)' \(used)"
  }

  /// The line of the manifest's last top-level `return` (where the manifest table is built), or
  /// the last line: a returned value has no position of its own.
  static func returnLine(_ file: String) -> Int {
    guard let lines = FileSystem.lines(file) else { return 1 }
    var last = 0
    for (i, l) in lines.enumerated() where l.hasPrefix("return") { last = i + 1 }
    if last > 0 { return last }
    return max(1, lines.last?.isEmpty == true ? lines.count - 1 : lines.count)
  }
}
