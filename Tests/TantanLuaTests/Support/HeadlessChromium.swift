import Foundation
import XCTest

/// Debian's `chromium` (which `scripts/bootstrap` installs) run headless on a page the host wrote,
/// for the browser tests; they are skipped only when no Chromium can be found.
enum HeadlessChromium {
  static var path: String? {
    let env = ProcessInfo.processInfo.environment
    if let p = env["CHROMIUM"], !p.isEmpty { return p }
    for dir in (env["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
      for name in ["chromium", "chromium-browser"] where FileManager.default.isExecutableFile(atPath: "\(dir)/\(name)")
      {
        return "\(dir)/\(name)"
      }
    }
    return nil
  }

  static func find() throws -> String {
    guard let exe = path else {
      throw XCTSkip(
        "chromium not found: scripts/bootstrap installs Debian's chromium (or set CHROMIUM=/path/to/chromium)")
    }
    return exe
  }

  /// Runs Chromium headless on `url` with a private profile; returns stdout.
  static func run(_ exe: String, _ args: [String], profile: String, url: String) throws -> String {
    let p = try RunningProcess(
      exe,
      [
        "--headless", "--disable-gpu", "--no-sandbox", "--no-first-run", "--user-data-dir=\(profile)",
        "--window-size=1280,900", "--virtual-time-budget=3000",
      ] + args + [url],
      env: ProcessInfo.processInfo.environment, cwd: nil)
    p.write(stdin: nil)
    let r = p.wait(timeout: 90)
    XCTAssertFalse(r.timedOut, "chromium hung: \(args)")
    XCTAssertEqual(r.status, 0, r.description)
    return r.stdout
  }

  /// Size, distinct colours, the share of pixels unlike the most common one, and each colour's
  /// share (`rrggbb`) of a sample of pixels, decoded by a small PNG reader in Python's standard
  /// library (zlib; no extra packages).
  static func pixelStats(_ path: String) throws -> (
    width: Int, colors: Int, nonBackground: Double, share: [String: Double]
  ) {
    let script = #"""
      import sys, zlib, struct, collections
      data = open(sys.argv[1], "rb").read()
      assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
      pos, idat, w, h, ctype = 8, b"", 0, 0, 0
      while pos < len(data):
          n, kind = struct.unpack(">I4s", data[pos:pos + 8]); body = data[pos + 8:pos + 8 + n]; pos += 12 + n
          if kind == b"IHDR":
              w, h, depth, ctype = struct.unpack(">IIBB", body[:10]); assert depth == 8 and ctype in (2, 6)
          elif kind == b"IDAT": idat += body
      bpp = 4 if ctype == 6 else 3; stride = w * bpp; raw = zlib.decompress(idat)
      prev, rows = bytearray(stride), []
      for y in range(h):
          f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
          for i in range(stride):
              a = line[i - bpp] if i >= bpp else 0; b = prev[i]; c = prev[i - bpp] if i >= bpp else 0
              if f == 1: line[i] = (line[i] + a) & 255
              elif f == 2: line[i] = (line[i] + b) & 255
              elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
              elif f == 4:
                  p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
                  line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
          rows.append(bytes(line)); prev = line
      counts = collections.Counter(r[i:i + 3] for r in rows[::4] for i in range(0, stride, bpp * 4))
      total = sum(counts.values())
      print(w, len(counts), 1 - counts.most_common(1)[0][1] / total)
      for rgb, n in counts.most_common(30): print(rgb.hex(), n / total)
      """#
    let p = try RunningProcess(
      "/usr/bin/env", ["python3", "-c", script, path], env: ProcessInfo.processInfo.environment, cwd: nil)
    p.write(stdin: nil)
    let r = p.wait(timeout: 60)
    let lines = r.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
    guard r.status == 0, let parts = lines.first, parts.count == 3, let w = Int(parts[0]), let c = Int(parts[1]),
      let f = Double(parts[2])
    else {
      throw XCTSkip("cannot decode the screenshot with python3: \(r.description)")
    }
    var share: [String: Double] = [:]
    for line in lines.dropFirst() where line.count == 2 { share[line[0]] = Double(line[1]) }
    return (w, c, f, share)
  }
}
