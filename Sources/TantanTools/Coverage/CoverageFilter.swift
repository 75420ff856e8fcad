import CLua
import CLuaShim
import LuaRuntime
import TantanLua
import TantanScripts

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Which files a coverage report holds, as luacov decides it: include and exclude Lua patterns
/// (from `.luacov` in the project folder, then `--coverage-include`/`--coverage-exclude`),
/// matched against a file's path relative to the project folder with `.lua` dropped
/// (`Sources/TantanScripts/lua/coverage_config.lua`). Files outside the project folder are left
/// out unless an include pattern matches their absolute path.
final class CoverageFilter {
  struct ConfigError: Error, CustomStringConvertible { let description: String }

  let root: String
  let include: [String]
  let exclude: [String]
  private let state: LuaState
  private let module: LuaRef

  /// `root`: the project folder (the working directory); `config`: the `.luacov` to read when it
  /// exists (nil: none).
  init(root: String, config: String?, include: [String] = [], exclude: [String] = []) throws(ConfigError) {
    self.root = root
    do { state = try LuaState() } catch { throw ConfigError(description: error.description) }
    let lua = state.lua
    var size = 0
    let text = tt_script_coverage_config(&size)
    guard tt_loadbuffer(lua.L, text, size, "=[tantan]/coverage_config.lua", "t") == LUA_OK, lua.pcall(0, 1) else {
      throw ConfigError(description: lua.string(-1) ?? "coverage_config.lua")
    }
    module = state.ref()
    var fromFile: ([String], [String]) = ([], [])
    if let config, FileSystem.kind(config) != .missing {
      module.push(lua)
      lua.rawGet(-1, "read")
      lua.push(config)
      guard lua.pcall(1, 2), lua.type(-2) == LUA_TTABLE else {
        throw ConfigError(description: "cannot read \(config): \(lua.string(-1) ?? "?")")
      }
      let inc = (try? lua.value(-2)) ?? .nil
      let exc = (try? lua.value(-1)) ?? .nil
      lua.setTop(0)
      fromFile = (inc.items.compactMap(\.text), exc.items.compactMap(\.text))
    }
    self.include = fromFile.0 + include
    self.exclude = fromFile.1 + exclude
    for p in self.include + self.exclude {  // a malformed pattern is a usage error now, not later
      if case .failure(let e) = matches(p, [p], []) {
        throw ConfigError(description: "bad coverage pattern '\(p)': \(e)")
      }
    }
  }

  /// The project folder: the working directory.
  static var workingDirectory: String {
    var buf = [CChar](repeating: 0, count: 4096)
    guard getcwd(&buf, buf.count) != nil else { return "." }
    return String(decoding: buf.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// Where chunk `name` (as loaded: `./m.lua`, `spec/a_spec.lua`, `/abs/x.lua`) is reported, and
  /// whether it is: its path relative to the root when inside it, else its absolute path.
  func reported(_ name: String) -> (path: String, included: Bool) {
    let absolute = Self.normalize(name.hasPrefix("/") ? name : root + "/" + name)
    if absolute.hasPrefix(root == "/" ? "/" : root + "/") {
      let relative = String(absolute.dropFirst(root == "/" ? 1 : root.count + 1))
      return (relative, (try? matches(relative, include, exclude).get()) ?? false)
    }
    guard !include.isEmpty else { return (absolute, false) }
    return (absolute, (try? matches(absolute, include, exclude).get()) ?? false)
  }

  private func matches(_ name: String, _ include: [String], _ exclude: [String]) -> Result<Bool, ConfigError> {
    let lua = state.lua
    defer { lua.setTop(0) }
    module.push(lua)
    lua.rawGet(-1, "included")
    lua.push(name)
    for list in [include, exclude] {
      lua.newTable(narr: Int32(list.count), nrec: 0)
      for (i, p) in list.enumerated() {
        lua.push(p)
        lua.rawSet(-2, index: i + 1)
      }
    }
    guard lua.pcall(3, 1) else { return .failure(ConfigError(description: lua.string(-1) ?? "?")) }
    return .success(lua.bool(-1))
  }

  /// `a/./b/../c` as `a/c`, lexically (symbolic links are not followed).
  static func normalize(_ path: String) -> String {
    var parts: [Substring] = []
    for part in path.split(separator: "/", omittingEmptySubsequences: true) {
      if part == "." { continue }
      if part == "..", let last = parts.last, last != ".." { parts.removeLast(); continue }
      parts.append(part)
    }
    return (path.hasPrefix("/") ? "/" : "") + parts.joined(separator: "/")
  }
}
