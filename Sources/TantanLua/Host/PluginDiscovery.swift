/// Where plugins come from, in order: `--plugin DIR` (repeatable), `./plugins/`,
/// `TANTAN_PLUGIN_PATH` (colon-separated), `~/.config/tantan/plugins/`.
///
/// Each place is either one plugin folder (it holds `plugin.lua`) or a folder of plugin folders
/// (every non-hidden subfolder is a candidate, in byte order of names). With no such folders,
/// discovery costs two `stat` calls and two `getenv`s: nothing is loaded and no Lua runs.
package struct PluginCandidate: Sendable, Equatable {
  package enum Origin: String, Sendable {
    case option = "--plugin"
    case cwd = "./plugins"
    case path = "TANTAN_PLUGIN_PATH"
    case user = "~/.config/tantan/plugins"
  }
  /// The plugin folder, as found (relative paths stay relative).
  package let dir: String
  let origin: Origin
  /// Set when the folder cannot be a plugin at all (a `--plugin` path that does not exist).
  let problem: String?

  var manifestPath: String { Self.path(dir, "plugin.lua") }

  /// `dir/name`, also for `.` (`./plugin.lua`, where `FileSystem.join` gives `plugin.lua`): chunk
  /// names and module roots keep the folder as given.
  static func path(_ dir: String, _ name: String) -> String {
    dir.hasSuffix("/") ? dir + name : dir + "/" + name
  }
  /// The folder's own name: the plugin's name until its manifest says otherwise.
  var folderName: String { FileSystem.baseName(dir) }
}

package enum PluginDiscovery {
  /// The places searched, for messages: `--plugin a`, `./plugins`, ...
  package static func places(requested: [String]) -> [String] {
    requested.map { "--plugin \($0)" } + ["./plugins", "TANTAN_PLUGIN_PATH", "~/.config/tantan/plugins"]
  }

  /// Every candidate, in discovery order; the same folder reached twice is listed once.
  /// `env` reads the environment (tests pass their own).
  package static func discover(requested: [String]) -> [PluginCandidate] {
    discover(requested: requested, env: FileSystem.environment)
  }

  static func discover(requested: [String], env: (String) -> String?) -> [PluginCandidate] {
    var out: [PluginCandidate] = []
    var seen = Set<String>()
    func add(_ c: PluginCandidate) {
      if c.problem == nil, let real = FileSystem.realPath(c.dir) {
        guard seen.insert(real).inserted else { return }
      }
      out.append(c)
    }
    for dir in requested {
      switch FileSystem.kind(dir) {
      case .directory: scan(dir, .option, explicit: true).forEach(add)
      case .missing: add(PluginCandidate(dir: dir, origin: .option, problem: "no such directory"))
      default: add(PluginCandidate(dir: dir, origin: .option, problem: "not a directory"))
      }
    }
    if FileSystem.kind("plugins") == .directory { scan("plugins", .cwd, explicit: false).forEach(add) }
    if let path = env("TANTAN_PLUGIN_PATH") {
      for dir in path.split(separator: ":") where FileSystem.kind(String(dir)) == .directory {
        scan(String(dir), .path, explicit: false).forEach(add)
      }
    }
    if let home = env("HOME"), !home.isEmpty {
      let dir = FileSystem.join(home, ".config/tantan/plugins")
      if FileSystem.kind(dir) == .directory { scan(dir, .user, explicit: false).forEach(add) }
    }
    return out
  }

  /// A folder holding `plugin.lua` is one plugin; otherwise each subfolder is a candidate. An
  /// explicitly requested folder with neither is reported as a plugin without `plugin.lua`.
  static func scan(_ dir: String, _ origin: PluginCandidate.Origin, explicit: Bool) -> [PluginCandidate] {
    if FileSystem.kind(PluginCandidate.path(dir, "plugin.lua")) == .file {
      return [PluginCandidate(dir: dir, origin: origin, problem: nil)]
    }
    let subs = FileSystem.subfolders(dir).map {
      PluginCandidate(dir: PluginCandidate.path(dir, $0), origin: origin, problem: nil)
    }
    if subs.isEmpty && explicit { return [PluginCandidate(dir: dir, origin: origin, problem: nil)] }
    return subs
  }
}
