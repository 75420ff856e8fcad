/// Who may talk to the playground: a request must name the server as its `Host` (one of the names
/// it listens under: a page on another site that resolves its own name to 127.0.0.1, a DNS
/// rebinding, sends its own name) and carry the random token of the URL printed at start
/// (`?token=...`); a WebSocket's `Origin`, when the browser sends one, must be this server too.
/// Anything else is refused with 403 before CivetWeb dispatches it.
struct PlayGate: Sendable {
  let token: String
  /// `host:port` spellings of this server (`127.0.0.1:8123`, `localhost:8123`).
  let hosts: Set<String>

  enum Verdict: Equatable {
    case page, socket
    case refused(status: Int, reason: String)
  }

  init(token: String, address: String, port: Int) {
    self.token = token
    var names: Set<String> = ["\(address):\(port)"]
    if address == "127.0.0.1" || address == "localhost" { names.formUnion(["127.0.0.1:\(port)", "localhost:\(port)"]) }
    hosts = names
  }

  /// 32 hex digits from the system's cryptographic generator.
  static func newToken() -> String {
    var g = SystemRandomNumberGenerator()
    return (0..<4).map { _ in
      let v = g.next() as UInt32
      let hex = String(v, radix: 16)
      return String(repeating: "0", count: 8 - hex.count) + hex
    }.joined()
  }

  func admit(method: String, path: String, query: String?, host: String?, origin: String?, websocket: Bool) -> Verdict {
    guard let host, hosts.contains(host.lowercased()) else {
      return .refused(status: 403, reason: "the Host header is not this server's")
    }
    guard let given = Self.parameter("token", in: query ?? ""), Self.same(given, token) else {
      return .refused(status: 403, reason: "a wrong or missing token")
    }
    if let origin, !hosts.contains(Self.stripScheme(origin.lowercased())) {
      return .refused(status: 403, reason: "the Origin is not this server")
    }
    switch (path, websocket) {
    case ("/ws", true): return .socket
    case ("/", false):
      return method == "GET" || method == "HEAD" ? .page : .refused(status: 405, reason: "GET only")
    default: return .refused(status: 404, reason: "no such page")
    }
  }

  /// `name=value` in a query string (the value as written: tokens are plain hex).
  static func parameter(_ name: String, in query: String) -> String? {
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      if parts.count == 2, parts[0] == name { return String(parts[1]) }
    }
    return nil
  }

  private static func stripScheme(_ origin: String) -> String {
    for scheme in ["http://", "https://"] where origin.hasPrefix(scheme) {
      return String(origin.dropFirst(scheme.count))
    }
    return origin
  }

  /// Compares every byte whatever differs first, so the time taken tells nothing of the token.
  static func same(_ a: String, _ b: String) -> Bool {
    let x = Array(a.utf8)
    let y = Array(b.utf8)
    guard x.count == y.count else { return false }
    var diff: UInt8 = 0
    for i in x.indices { diff |= x[i] ^ y[i] }
    return diff == 0
  }
}
