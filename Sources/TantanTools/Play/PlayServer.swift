import CWebServer

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct PlayServerError: Error, CustomStringConvertible {
  let description: String
}

/// The playground's HTTP and WebSocket server: CivetWeb (CWebServer) serving one page and one
/// WebSocket, behind the `PlayGate`. CivetWeb calls back on its own threads; those touch only the
/// page (immutable), the gate and the `inbox` (both under the inbox's lock): never a Lua state
/// (the session's thread takes the page's messages from the inbox).
final class PlayServer: @unchecked Sendable {  // `gate` and the inbox are only used under the lock
  /// A message larger than this is refused and its socket closed (the page's are under 1 KiB).
  static let maxMessage = 64 << 10

  let page: [UInt8]
  let inbox = PlayInbox()
  private(set) var port = 0
  /// Set once CivetWeb listens (the port is known then); a request before that is refused.
  private var gateValue: PlayGate?
  private var web: OpaquePointer?

  var gate: PlayGate? { inbox.locked { gateValue } }

  /// Listens on `address:port` (port 0: a free one) with a fresh token.
  init(address: String, port: Int, page: String) throws(PlayServerError) {
    self.page = Array(page.utf8)
    var bound: Int32 = 0
    var error = [CChar](repeating: 0, count: 256)
    let handlers = tt_web_handlers(
      context: Unmanaged.passUnretained(self).toOpaque(), admit: Self.admit, request: Self.request,
      ready: Self.ready, data: Self.data, closed: Self.closed)
    guard let web = tt_web_start(address, Int32(port), handlers, &bound, &error, error.count) else {
      throw PlayServerError(
        description: String(decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }
    self.web = web
    self.port = Int(bound)
    let gate = PlayGate(token: PlayGate.newToken(), address: address, port: Int(bound))
    inbox.locked { gateValue = gate }
  }

  /// Closes every socket and waits for CivetWeb's threads (their `closed` calls take the lock).
  func stop() {
    guard let web else { return }
    self.web = nil
    tt_web_stop(web)
  }

  deinit { stop() }

  /// Sends a text frame to one socket, or to every open one.
  func send(_ text: String, to socket: UInt? = nil) {
    var text = text
    text.withUTF8 { bytes in
      bytes.withMemoryRebound(to: CChar.self) { chars in
        inbox.withSockets { sockets in
          for s in sockets where socket == nil || s == socket {
            _ = tt_web_send(UnsafeMutableRawPointer(bitPattern: s), chars.baseAddress, chars.count)
          }
        }
      }
    }
  }

  /// Closes one socket (after a refused message).
  func close(_ socket: UInt) {
    inbox.withSockets { sockets in
      if sockets.contains(socket) { tt_web_close(UnsafeMutableRawPointer(bitPattern: socket)) }
    }
  }

  // MARK: CivetWeb's threads

  private static func server(_ context: UnsafeMutableRawPointer?) -> PlayServer {
    Unmanaged<PlayServer>.fromOpaque(context!).takeUnretainedValue()
  }

  private static let admit:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<tt_web_request>?) -> Int32 = {
      context, conn, request in
      let server = server(context)
      guard let r = request?.pointee else { return 1 }
      let text = { (p: UnsafePointer<CChar>?) in p.map { String(cString: $0) } }
      let verdict =
        server.gate?.admit(
          method: text(r.method) ?? "", path: text(r.path) ?? "", query: text(r.query), host: text(r.host),
          origin: text(r.origin), websocket: r.websocket != 0) ?? .refused(status: 403, reason: "not ready")
      guard case .refused(let status, let reason) = verdict else { return 0 }
      respond(conn, status: status, type: "text/plain; charset=utf-8", body: Array("\(reason)\n".utf8))
      return 1
    }

  private static let request:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<tt_web_request>?) -> Void = {
      context, conn, _ in
      // Admitted as `.page`: the one document (scripts inline; nothing is loaded from elsewhere).
      respond(
        conn, status: 200, type: "text/html; charset=utf-8", body: server(context).page,
        headers:
          "Content-Security-Policy: default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob:; connect-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'\r\n"
      )
    }

  private static func respond(
    _ conn: UnsafeMutableRawPointer?, status: Int, type: String, body: [UInt8], headers: String? = nil
  ) {
    body.withUnsafeBufferPointer { b in
      b.withMemoryRebound(to: CChar.self) { c in
        tt_web_respond(conn, Int32(status), type, c.baseAddress, c.count, headers)
      }
    }
  }

  private static let ready: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    context, conn in
    server(context).inbox.put(.opened(UInt(bitPattern: conn)))
  }

  private static let data:
    @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, Int32, UnsafePointer<CChar>?, Int) ->
      Int32 = { context, conn, opcode, fin, bytes, size in
        let inbox = server(context).inbox
        let socket = UInt(bitPattern: conn)
        switch opcode {
        case 1 where fin != 0 && size <= maxMessage:
          let message = bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: size)) } ?? []
          inbox.put(.message(socket, message))
          return 1
        case 8: return 0  // the page closes
        case 9, 10: return 1  // ping, pong: CivetWeb's own keep-alive
        default:
          let why =
            opcode == 1 || opcode == 0
            ? (size > maxMessage ? "a message over \(maxMessage) bytes" : "a fragmented message")
            : "a binary message"
          inbox.put(.refused(socket, why))
          return 0
        }
      }

  private static let closed: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = {
    context, conn in
    server(context).inbox.put(.closed(UInt(bitPattern: conn)))
  }
}
