import CLua
import LuaRuntime
import TantanLua

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Edit and see: the script and the modules it required from its own folder are looked at every
/// `period` seconds (their modification time and size); a change reruns the script.
struct PlayWatch {
  static let period = 0.25

  private var stamps: [String: Stamp] = [:]
  private var lastLook = 0.0

  struct Stamp: Equatable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
  }

  mutating func watch(files: [String]) {
    stamps = [:]
    for f in files { stamps[f] = Self.stamp(f) }
  }

  /// True once when a watched file's stamp differs from the one taken at `watch`.
  mutating func changed(now: Double) -> Bool {
    guard now - lastLook >= Self.period else { return false }
    lastLook = now
    for (file, old) in stamps {
      let new = Self.stamp(file)
      if new != old {
        stamps[file] = new
        return true
      }
    }
    return false
  }

  static func stamp(_ path: String) -> Stamp {
    var st = stat()
    guard stat(path, &st) == 0 else { return Stamp(seconds: -1, nanoseconds: 0, size: -1) }
    #if canImport(Darwin)
      return Stamp(seconds: st.st_mtimespec.tv_sec, nanoseconds: st.st_mtimespec.tv_nsec, size: Int(st.st_size))
    #else
      return Stamp(seconds: st.st_mtim.tv_sec, nanoseconds: st.st_mtim.tv_nsec, size: Int(st.st_size))
    #endif
  }

  /// The files of the modules in `package.loaded` that lie in the script's folder (`name.lua` or
  /// `name/init.lua`, dots as folders), as `require` with the default path finds them there.
  static func moduleFiles(_ build: PlayBuild, scriptDir: String) -> [String] {
    guard !build.state.isClosed else { return [] }
    let lua = build.state.lua
    var names: [String] = []
    lua.rawGet(Lua.registryIndex, LUA_LOADED_TABLE)
    lua.pushNil()
    while lua_next(lua.L, -2) != 0 {
      if lua.type(-2) == LUA_TSTRING, let name = lua.string(-2), name.utf8.count < 200 { names.append(name) }
      lua.pop()
    }
    lua.pop()
    var files: [String] = []
    for name in names.sorted() {
      let path = String(name.map { $0 == "." ? "/" : $0 })
      for candidate in ["\(path).lua", "\(path)/init.lua"] {
        let file = FileSystem.join(scriptDir, candidate)
        if FileSystem.kind(file) == .file { files.append(file) }
      }
    }
    return files
  }
}
