#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What a page sent or did, in arrival order: CivetWeb's threads put, the session's thread takes.
enum PlayInbound: Equatable {
  case opened(UInt)
  case message(UInt, [UInt8])
  /// A frame refused before it was read (binary, fragmented or too large); the socket is closed.
  case refused(UInt, String)
  case closed(UInt)
}

/// A queue guarded by a mutex, with a condition the taker sleeps on until something arrives or
/// its deadline passes. The only state CivetWeb's threads and the session's thread share.
final class PlayInbox: @unchecked Sendable {  // every field is read and written under `mutex`
  private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
  private let arrived: UnsafeMutablePointer<pthread_cond_t> = .allocate(capacity: 1)
  private var items: [PlayInbound] = []
  /// Open WebSockets (CivetWeb's connection pointers, as numbers).
  private var sockets: [UInt] = []

  init() {
    pthread_mutex_init(mutex, nil)
    pthread_cond_init(arrived, nil)
  }

  deinit {
    pthread_cond_destroy(arrived)
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
    arrived.deallocate()
  }

  func locked<T>(_ body: () throws -> T) rethrows -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return try body()
  }

  func put(_ item: PlayInbound) {
    locked {
      switch item {
      case .opened(let s): sockets.append(s)
      case .closed(let s): sockets.removeAll { $0 == s }
      default: break
      }
      items.append(item)
      pthread_cond_signal(arrived)
    }
  }

  /// Everything queued, waiting at most `seconds` for a first item.
  func take(waiting seconds: Double) -> [PlayInbound] {
    locked {
      if items.isEmpty && seconds > 0 {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)
        let whole = Int(seconds)
        var deadline = timespec(tv_sec: now.tv_sec + whole, tv_nsec: now.tv_nsec + Int((seconds - Double(whole)) * 1e9))
        if deadline.tv_nsec >= 1_000_000_000 {
          deadline.tv_sec += 1
          deadline.tv_nsec -= 1_000_000_000
        }
        _ = pthread_cond_timedwait(arrived, mutex, &deadline)
      }
      defer { items = [] }
      return items
    }
  }

  /// Runs `body` with the open sockets while none can close (a close waits for the lock).
  func withSockets(_ body: ([UInt]) -> Void) { locked { body(sockets) } }
  var socketCount: Int { locked { sockets.count } }
}
