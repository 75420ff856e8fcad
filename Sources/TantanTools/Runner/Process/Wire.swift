#if canImport(Darwin)
  import Darwin
#elseif canImport(Glibc)
  import Glibc
#endif

/// The runner's process protocol (coordinator <-> worker, worker <-> scenario child): a frame is
/// `<decimal length>\n<payload>`, a payload is fields `<decimal length>:<bytes>`. Lengths make
/// every byte safe in a field, and a frame cut short (a process that died writing) never parses.
struct WireWriter {
  private(set) var payload: [UInt8] = []

  mutating func put(_ s: String) {
    var s = s
    s.withUTF8 { bytes in
      decimal(bytes.count)
      payload.append(UInt8(ascii: ":"))
      payload.append(contentsOf: bytes)
    }
  }
  mutating func put(_ n: Int) { put(String(n)) }

  /// `n >= 0` in decimal digits.
  private mutating func decimal(_ n: Int) {
    if n >= 10 { decimal(n / 10) }
    payload.append(UInt8(ascii: "0") + UInt8(n % 10))
  }
  mutating func put(_ d: Double) { put(String(d)) }  // Swift's description of a Double round-trips
  mutating func put(_ b: Bool) { put(b ? "1" : "0") }
  mutating func put(_ s: String?) {
    put(s != nil)
    if let s { put(s) }
  }
  mutating func put(_ n: Int?) {
    put(n != nil)
    if let n { put(n) }
  }
  mutating func put(_ list: [String]) {
    put(list.count)
    for s in list { put(s) }
  }

  var frame: [UInt8] { Array("\(payload.count)\n".utf8) + payload }
}

struct WireError: Error, CustomStringConvertible { let description: String }

struct WireReader {
  private let bytes: [UInt8]
  private var at = 0

  init(_ payload: [UInt8]) { bytes = payload }

  var atEnd: Bool { at >= bytes.count }

  mutating func string() throws(WireError) -> String {
    var n = 0
    while at < bytes.count, bytes[at] != UInt8(ascii: ":") {
      let d = Int(bytes[at]) - Int(UInt8(ascii: "0"))
      guard (0...9).contains(d), n < 1 << 40 else { throw WireError(description: "bad field length") }
      n = n * 10 + d
      at += 1
    }
    guard at < bytes.count, at + 1 + n <= bytes.count else { throw WireError(description: "field cut short") }
    let s = String(decoding: bytes[(at + 1)..<(at + 1 + n)], as: UTF8.self)
    at += 1 + n
    return s
  }
  mutating func int() throws(WireError) -> Int {
    let s = try string()
    guard let n = Int(s) else { throw WireError(description: "integer expected, got '\(s)'") }
    return n
  }
  mutating func double() throws(WireError) -> Double {
    let s = try string()
    guard let d = Double(s) else { throw WireError(description: "number expected, got '\(s)'") }
    return d
  }
  mutating func bool() throws(WireError) -> Bool { try string() == "1" }
  mutating func optionalString() throws(WireError) -> String? { try bool() ? try string() : nil }
  mutating func optionalInt() throws(WireError) -> Int? { try bool() ? try int() : nil }
  mutating func strings() throws(WireError) -> [String] {
    let n = try int()
    var out: [String] = []
    for _ in 0..<max(n, 0) { out.append(try string()) }
    return out
  }
}

/// Frames read from one file descriptor: `fill` from it, take whole frames out.
struct FrameBuffer {
  private var buffer: [UInt8] = []
  /// What one read fills: made once (zeroing 64 KiB per read cost more than the frames' decoding).
  private var chunk = [UInt8](repeating: 0, count: 65536)

  /// The next whole frame's payload, if one has arrived.
  mutating func next() throws(WireError) -> [UInt8]? {
    guard let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) else {
      if buffer.count > 24 { throw WireError(description: "bad frame header") }
      return nil
    }
    guard let n = Int(String(decoding: buffer[..<newline], as: UTF8.self)), n >= 0 else {
      throw WireError(description: "bad frame header")
    }
    guard buffer.count - newline - 1 >= n else { return nil }
    let payload = Array(buffer[(newline + 1)..<(newline + 1 + n)])
    buffer.removeSubrange(..<(newline + 1 + n))
    return payload
  }

  /// Reads once from `fd` into the buffer: false at end of file or on an error.
  mutating func fill(from fd: Int32) -> Bool {
    while true {
      let n = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
      if n < 0, errno == EINTR { continue }
      guard n > 0 else { return false }
      buffer += chunk[0..<n]
      return true
    }
  }
}

enum Wire {
  /// Writes a whole frame (false when the reader is gone).
  @discardableResult
  static func send(_ fd: Int32, _ w: WireWriter) -> Bool {
    let frame = w.frame
    return frame.withUnsafeBytes { b in
      var off = 0
      while off < b.count {
        // A socket to a process that died gives EPIPE instead of killing this process with SIGPIPE.
        var n = Portable.send(fd, b.baseAddress! + off, b.count - off)
        if n < 0, errno == ENOTSOCK { n = write(fd, b.baseAddress! + off, b.count - off) }
        if n < 0, errno == EINTR { continue }
        if n <= 0 { return false }
        off += n
      }
      return true
    }
  }
}
