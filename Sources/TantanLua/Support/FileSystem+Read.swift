import CLuaShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension FileSystem {
  /// What reading a file gave.
  package enum Contents: Equatable {
    case text(String)
    /// It could not be opened or read (`errno` says why).
    case unreadable
    /// The system could not give the memory for it.
    case noMemory
  }

  /// The file's text, or its first `limit` bytes (a device or a FIFO is read until its end or
  /// `limit`). The bytes go into one buffer sized from the file's length (grown by doubling for
  /// what has no length), each size asked of `reserve` before the buffer grows to it (a caller
  /// charges it to a memory limit; throwing stops the read), and of the system through `malloc`,
  /// so a file too large for the memory is `.noMemory`, never an abort in the Swift runtime.
  package static func contents<E: Error>(
    _ path: String, limit: Int = .max, reserve: (Int) throws(E) -> Void = { (_: Int) throws(Never) in }
  ) throws(E) -> Contents {
    guard let f = fopen(path, "rb") else { return .unreadable }
    defer { fclose(f) }
    var st = stat()
    let regular = fstat(fileno(f), &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG
    // A regular file's length, and one byte more to see its end (it may have grown meanwhile).
    var capacity = regular ? min(Int(st.st_size), limit - 1) + 1 : min(limit, 65536)
    var buffer: UnsafeMutableRawPointer? = nil
    defer { free(buffer) }
    var count = 0
    while count < limit {
      if buffer == nil || count == capacity {
        if buffer != nil { capacity = min(limit, max(capacity, 32768) * 2) }
        try reserve(capacity)
        guard let grown = realloc(buffer, max(capacity, 1)) else { return .noMemory }
        buffer = grown
      }
      let n = fread(buffer! + count, 1, capacity - count, f)
      count += n
      if n == 0 {
        if ferror(f) != 0 { return .unreadable }
        break
      }
    }
    guard tt_system_room(count) != 0 else { return .noMemory }  // the String's own copy
    return .text(String(decoding: UnsafeRawBufferPointer(start: buffer, count: count), as: UTF8.self))
  }

  /// The file's text, or its first `limit` bytes; nil when it cannot be read whole (or the system
  /// cannot give the memory).
  package static func read(_ path: String, limit: Int = .max) -> String? {
    guard case .text(let s) = contents(path, limit: limit, reserve: { (_: Int) throws(Never) in }) else { return nil }
    return s
  }
}
