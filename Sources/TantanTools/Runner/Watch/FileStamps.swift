#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// What `--watch` compares to find the files a save changed: each file's modification time, size
/// and inode (an editor that saves by renaming a new file over the old one changes the inode).
struct FileStamps: Equatable {
  struct Stamp: Equatable {
    var seconds: Int, nanoseconds: Int, size: Int, inode: UInt64
  }

  private(set) var stamps: [String: Stamp?] = [:]

  init(_ paths: some Sequence<String>) {
    for p in paths { stamps[p] = Self.stamp(p) }
  }

  /// The paths whose stamp differs in `now` (created, changed or deleted).
  func changed(_ now: FileStamps) -> [String] {
    now.stamps.keys.filter { stamps[$0] != now.stamps[$0] }
  }

  static func stamp(_ path: String) -> Stamp? {
    var st = stat()
    guard stat(path, &st) == 0 else { return nil }
    #if os(Linux)
      return Stamp(
        seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int(st.st_size),
        inode: UInt64(st.st_ino))
    #else
      return Stamp(
        seconds: Int(st.st_mtimespec.tv_sec), nanoseconds: Int(st.st_mtimespec.tv_nsec), size: Int(st.st_size),
        inode: UInt64(st.st_ino))
    #endif
  }
}
