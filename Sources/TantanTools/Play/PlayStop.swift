import CLua
import CLuaShim

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Ctrl-C (and SIGTERM) stop the playground cleanly: between calls into Lua a handler sets a
/// flag the session's loop reads (it wakes at least every 0.1 s); during a call the interpreter's
/// own handler interrupts the Lua code (`interrupted!`), and that counts as a stop too.
enum PlayStop {
  nonisolated(unsafe) private static var flag: sig_atomic_t = 0
  /// The handlers are the playground's (a server runs; not while measuring or in tests).
  nonisolated(unsafe) private static var installed = false

  static var requested: Bool { flag != 0 }
  static func request() { flag = 1 }

  static func install() {
    flag = 0
    installed = true
    signal(SIGINT) { _ in PlayStop.flag = 1 }
    signal(SIGTERM) { _ in PlayStop.flag = 1 }
  }

  /// After a run of the script: the interpreter's `docall` put SIGINT back to the default when it
  /// returned (as lua.c does), which would let the next Ctrl-C kill the server uncleanly; the
  /// playground's handler comes back. A run that Ctrl-C interrupted counts as a stop.
  static func resume(interrupted: Bool) {
    guard installed else { return }
    signal(SIGINT) { _ in PlayStop.flag = 1 }
    if interrupted { flag = 1 }
  }

  /// Runs a call into `L` with lua.c's Ctrl-C handler, then puts the playground's back. The
  /// interpreter's handler resets SIGINT to the default once it ran: that is how a Ctrl-C during
  /// the call is seen.
  static func around<T>(_ L: OpaquePointer, _ body: () throws(PlayFailure) -> T) throws(PlayFailure) -> T {
    tt_install_sigint(L)
    defer {
      let previous = signal(SIGINT) { _ in PlayStop.flag = 1 }
      if previous.map({ unsafeBitCast($0, to: Int.self) == 0 }) ?? true { flag = 1 }  // SIG_DFL is 0
      tt_clear_interrupt(L)
    }
    return try body()
  }

  static func restore() {
    installed = false
    signal(SIGINT, SIG_DFL)
    signal(SIGTERM, SIG_DFL)
  }
}
