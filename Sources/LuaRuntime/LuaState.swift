import CLua
import CLuaShim

public struct LuaStateError: Error, CustomStringConvertible {
  public let description: String
}

/// Owns one `lua_State` (with the limit-aware allocator) and closes it exactly once.
/// Closing runs every `__gc`, so each Swift object handed to Lua is released.
public final class LuaState {
  public let handle: LuaStateHandle
  /// The main thread.
  public let main: Lua
  /// The running thread: binding code and callbacks must use its stack, which is a coroutine's
  /// when a coroutine called into the host.
  public var lua: Lua { Lua(tt_current(main.L)) }

  public init(openLibs: Bool = true) throws(LuaStateError) {
    _ = Dispatcher.installed
    guard let L = tt_newstate() else { throw LuaStateError(description: "cannot create state: not enough memory") }
    handle = LuaStateHandle(L)
    // The handle outlives nothing it is stored in: the state owns it and clears it on close.
    tt_set_owner(L, Unmanaged.passUnretained(handle).toOpaque())
    main = Lua(L)
    if openLibs, tt_openlibs(L) != LUA_OK {
      let msg = main.string(-1) ?? "cannot open standard libraries"
      close()
      throw LuaStateError(description: msg)
    }
  }

  public var isClosed: Bool { handle.L == nil }

  /// The limit error a finalizer hit while the state closed (`file:line: not enough memory`):
  /// finalizers at close run under the same limits as the script.
  public private(set) var limitMessageAtClose: String?

  public func close() {
    guard let L = handle.L else { return }
    handle.L = nil
    var message = [CChar](repeating: 0, count: 256)
    if tt_close(L, &message, message.count) != TT_LIMIT_NONE.rawValue {
      limitMessageAtClose = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
  }

  deinit { close() }

  // MARK: limits
  public func setLimits(maxMemory: Int? = nil, maxInstructions: Int? = nil, timeout: Double? = nil) {
    if let maxMemory { tt_set_max_memory(main.L, maxMemory) }
    if let maxInstructions { tt_set_max_instructions(main.L, Int64(maxInstructions)) }
    if let timeout { tt_set_timeout(main.L, timeout) }
  }
  public var memoryInUse: Int { tt_memory_in_use(main.L) }
  public var memoryPeak: Int { tt_memory_peak(main.L) }
  /// The sticky limit error ("file:line: instruction limit (N) exceeded"), once one tripped.
  public var limitMessage: String? { tt_limit_message(main.L).map { String(cString: $0) } }

  // MARK: loading
  /// Loads a chunk; on failure the message is on the stack top and is also returned.
  public func load(_ code: String, name: String, mode: String? = nil) -> Int32 {
    var code = code
    return code.withUTF8 { buf in
      buf.withMemoryRebound(to: CChar.self) { c in tt_loadbuffer(lua.L, c.baseAddress, c.count, name, mode) }
    }
  }
  /// Loads a file with chunk name `@path` (nil path: stdin), skipping a `#!` line as `lua` does.
  public func loadFile(_ path: String?, mode: String? = nil) -> Int32 {
    tt_loadfile(lua.L, path, mode)
  }

  /// Keeps the text of every `@name` chunk loaded from now on, up to `perChunk` bytes of each and
  /// `total` in all, outside the memory limit: a trace shows source lines without opening the
  /// file a chunk name points to (`load(s, "@/etc/passwd")` is `s`).
  public func keepChunkTexts(perChunk: Int = 1 << 20, total: Int = 4 << 20) {
    tt_keep_chunk_texts(main.L, perChunk, total)
  }

  /// The text of the chunk named `name` as this state loaded it (its first bytes up to the cap),
  /// or nil: texts not kept, never loaded, or bytecode.
  public func chunkText(_ name: String) -> String? {
    var len = 0
    guard let p = tt_chunk_text(main.L, name, &len) else { return nil }
    return String(decoding: UnsafeRawBufferPointer(start: p, count: len), as: UTF8.self)
  }

  /// Pops a value into the registry.
  public func ref() -> LuaRef { LuaRef(popping: lua, handle: handle) }

}
