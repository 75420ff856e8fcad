import CLua
import CLuaShim
import LuaRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Plugin files (`plugin.lua` and the modules under `lua/`) compiled once per run and loaded as
/// bytecode by every other state: the scenario runner loads the same plugins into each scenario's
/// fresh state. Files are keyed by path; a file that does not compile is never cached (each
/// state reports its error). Shared between the runner's threads, guarded by a mutex.
package final class PluginChunkCache: @unchecked Sendable {
  private var chunks: [String: [UInt8]] = [:]
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  package init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  var count: Int {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return chunks.count
  }

  private func get(_ path: String) -> [UInt8]? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return chunks[path]
  }

  private func put(_ path: String, _ bytes: [UInt8]) {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    chunks[path] = bytes
  }

  /// Pushes the compiled file and returns true, or pushes the load error and returns false.
  /// Under the sandbox a file must be text (mode "t"); its cached bytecode is our own compilation
  /// of that text, so loading it is not loading a binary chunk from the plugin.
  static func load(_ path: String, into host: TantanHost, sandboxed: Bool, cache: PluginChunkCache?) -> Bool {
    let lua = host.lua
    if let cache, let bytes = cache.get(path) {
      return bytes.withUnsafeBufferPointer { b in
        b.withMemoryRebound(to: CChar.self) {
          tt_loadbuffer(lua.L, $0.baseAddress, $0.count, "@" + path, "b") == LUA_OK
        }
      }
    }
    guard host.state.loadFile(path, mode: sandboxed ? "t" : nil) == LUA_OK else { return false }
    if let cache, let bytes = dump(lua) { cache.put(path, bytes) }
    return true
  }

  /// `lua_dump` of the function on top of the stack (left there), debug information kept so
  /// positions and chunk names stay; it does not depend on the state's `string.dump`.
  static func dump(_ lua: Lua) -> [UInt8]? {
    var out: [UInt8] = []
    let status = withUnsafeMutablePointer(to: &out) { p in
      lua_dump(
        lua.L,
        { _, data, size, ud in
          guard let data, let ud else { return 0 }
          ud.assumingMemoryBound(to: [UInt8].self).pointee.append(
            contentsOf: UnsafeRawBufferPointer(start: data, count: size))
          return 0
        }, p, 0)
    }
    return status == 0 && !out.isEmpty ? out : nil
  }
}
