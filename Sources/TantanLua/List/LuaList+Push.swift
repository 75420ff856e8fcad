import CLua
import HeadlessUI
import LuaRuntime

/// Model values to Lua tables, converting indices to 1-based.
extension Lua {
  func push(_ r: Rect) {
    newTable(narr: 0, nrec: 4)
    push(r.x); rawSet(-2, "x")
    push(r.y); rawSet(-2, "y")
    push(r.w); rawSet(-2, "w")
    push(r.h); rawSet(-2, "h")
  }

  /// A view model as the script gave it (its own table), or nil.
  func push(_ viewModel: ListViewModel?) {
    if let ref = viewModel?.ref { ref.push(self) } else { pushNil() }
  }

  func push(_ p: ListIndexPath) {
    newTable(narr: 0, nrec: 2)
    push(p.section + 1); rawSet(-2, "section")
    push(p.index + 1); rawSet(-2, "index")
  }

  /// `{ {kind=, section=, index=, frame=, z=} }`; `index` is nil for headers and footers.
  func push(_ attributes: [ListAttributes]) {
    newTable(narr: Int32(clamping: attributes.count))
    for (k, a) in attributes.enumerated() {
      newTable(narr: 0, nrec: 5)
      push(a.kind.rawValue); rawSet(-2, "kind")
      push(a.section + 1); rawSet(-2, "section")
      if let i = a.index { push(i + 1); rawSet(-2, "index") }
      push(a.frame); rawSet(-2, "frame")
      push(a.z); rawSet(-2, "z")
      rawSet(-2, index: k + 1)
    }
  }

  /// `{inserted=, deleted=, moved=, reloaded=, sections={inserted=, deleted=, moved=, reloaded=}}`.
  func push(_ c: ListChanges) {
    func paths(_ ps: [ListIndexPath], _ key: String) {
      newTable(narr: Int32(clamping: ps.count))
      for (k, p) in ps.enumerated() { push(p); rawSet(-2, index: k + 1) }
      rawSet(-2, key)
    }
    func numbers(_ ns: [Int], _ key: String) {
      newTable(narr: Int32(clamping: ns.count))
      for (k, n) in ns.enumerated() { push(n + 1); rawSet(-2, index: k + 1) }
      rawSet(-2, key)
    }
    newTable(narr: 0, nrec: 5)
    paths(c.inserted, "inserted")
    paths(c.deleted, "deleted")
    newTable(narr: Int32(clamping: c.moved.count))
    for (k, m) in c.moved.enumerated() {
      newTable(narr: 0, nrec: 2)
      push(m.from); rawSet(-2, "from")
      push(m.to); rawSet(-2, "to")
      rawSet(-2, index: k + 1)
    }
    rawSet(-2, "moved")
    paths(c.reloaded, "reloaded")
    newTable(narr: 0, nrec: 4)
    numbers(c.sections.inserted, "inserted")
    numbers(c.sections.deleted, "deleted")
    newTable(narr: Int32(clamping: c.sections.moved.count))
    for (k, m) in c.sections.moved.enumerated() {
      newTable(narr: 0, nrec: 2)
      push(m.from + 1); rawSet(-2, "from")
      push(m.to + 1); rawSet(-2, "to")
      rawSet(-2, index: k + 1)
    }
    rawSet(-2, "moved")
    numbers(c.sections.reloaded, "reloaded")
    rawSet(-2, "sections")
  }

  /// A rect argument `{x=, y=, w=, h=}`: finite numbers, `w` and `h` >= 0 (raw access).
  func checkRect(_ arg: Int32) throws(LuaCallError) -> Rect {
    guard type(arg) == LUA_TTABLE else { throw typeError(arg, "rect {x=, y=, w=, h=}") }
    var v: [Double] = []
    for key in ["x", "y", "w", "h"] {
      rawGet(arg, key)
      defer { pop() }
      guard let d = number(-1) else { throw .argument(arg, "rect.\(key): number expected, got \(typeName(-1))") }
      let isSize = key == "w" || key == "h"
      guard d.isFinite, !isSize || d >= 0 else {
        throw .argument(
          arg, "rect.\(key): \(isSize ? "finite number >= 0" : "finite number") expected, got \(string(-1) ?? "?")")
      }
      v.append(d)
    }
    return Rect(x: v[0], y: v[1], w: v[2], h: v[3])
  }
}
