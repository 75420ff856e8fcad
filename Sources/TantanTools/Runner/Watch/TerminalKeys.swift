#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// While `--watch` waits, a terminal on stdin reads single keys without echo (canonical mode and
/// signal keys off: Ctrl-C and Ctrl-D read as `q`, so the terminal is always put back); `restore`
/// puts it back before a run prints or the command exits.
struct TerminalKeys {
  private let fd: Int32
  private let saved: termios?

  /// Whether keys arrive one by one (stdin is a terminal whose mode could be changed).
  var single: Bool { saved != nil }

  init(_ fd: Int32) {
    self.fd = fd
    var mode = termios()
    guard fd >= 0, isatty(fd) == 1, tcgetattr(fd, &mode) == 0 else {
      saved = nil
      return
    }
    var keys = mode
    keys.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG)
    withUnsafeMutableBytes(of: &keys.c_cc) { cc in
      cc[Int(VMIN)] = 1
      cc[Int(VTIME)] = 0
    }
    saved = tcsetattr(fd, TCSANOW, &keys) == 0 ? mode : nil
  }

  func restore() {
    guard var mode = saved else { return }
    _ = tcsetattr(fd, TCSANOW, &mode)
  }
}
