#if canImport(Glibc)
  import Glibc
#endif

/// Runs `body(0..<count)` on `jobs` POSIX threads, each index exactly once. Every Lua state is
/// created, used and closed inside one call of `body`, so states never cross threads.
/// With one job everything runs on the calling thread.
final class WorkerPool: @unchecked Sendable {  // shared fields are guarded by `mutex`
  private let count: Int
  private let body: (Int) -> Void
  private var next = 0
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>

  private init(count: Int, body: @escaping (Int) -> Void) {
    self.count = count
    self.body = body
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }

  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }

  private func take() -> Int? {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    guard next < count else { return nil }
    next += 1
    return next - 1
  }

  private func work() {
    while let i = take() { body(i) }
  }

  static func run(count: Int, jobs: Int, _ body: @escaping (Int) -> Void) {
    let pool = WorkerPool(count: count, body: body)
    let threads = min(max(jobs, 1), count)
    if threads <= 1 {
      pool.work()
      return
    }
    var ids: [pthread_t] = []
    for _ in 1..<threads {  // the calling thread is the last worker
      var tid = pthread_t()
      let arg = Unmanaged.passRetained(pool).toOpaque()
      var attr = pthread_attr_t()
      pthread_attr_init(&attr)
      pthread_attr_setstacksize(&attr, 16 << 20)
      let rc = pthread_create(
        &tid, &attr,
        { arg in
          let pool = Unmanaged<WorkerPool>.fromOpaque(arg!).takeRetainedValue()
          pool.work()
          return nil
        }, arg)
      pthread_attr_destroy(&attr)
      if rc == 0 { ids.append(tid) } else { Unmanaged<WorkerPool>.fromOpaque(arg).release() }
    }
    pool.work()  // also finishes the work if no thread could be started
    for tid in ids { pthread_join(tid, nil) }
  }
}

/// A mutex-guarded action, for progress output from worker threads.
final class Locked: @unchecked Sendable {
  private let mutex: UnsafeMutablePointer<pthread_mutex_t>
  init() {
    mutex = .allocate(capacity: 1)
    pthread_mutex_init(mutex, nil)
  }
  deinit {
    pthread_mutex_destroy(mutex)
    mutex.deallocate()
  }
  func run<T>(_ body: () -> T) -> T {
    pthread_mutex_lock(mutex)
    defer { pthread_mutex_unlock(mutex) }
    return body()
  }
}

/// `map` on worker threads; the result order is the input order whatever finished first.
enum Parallel {
  static func map<T, R>(_ items: [T], jobs: Int, _ body: @escaping (T) -> R) -> [R] {
    let slots = UnsafeMutablePointer<R?>.allocate(capacity: max(items.count, 1))
    slots.initialize(repeating: nil, count: max(items.count, 1))
    defer {
      slots.deinitialize(count: max(items.count, 1))
      slots.deallocate()
    }
    let box = SlotBox(slots)
    WorkerPool.run(count: items.count, jobs: jobs) { i in box.slots[i] = body(items[i]) }
    return (0..<items.count).map { slots[$0]! }
  }

  private final class SlotBox<R>: @unchecked Sendable {  // each index is written by one thread only
    let slots: UnsafeMutablePointer<R?>
    init(_ s: UnsafeMutablePointer<R?>) { slots = s }
  }
}
