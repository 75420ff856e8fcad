import CLua
import HeadlessUI
import LuaRuntime

// The components whose classes have `save_svg` (`RenderExtension.saveMethod()`, SVG/SVGFile.swift).
extension LuaSwipeDeck: SVGSavable {}
extension LuaGrid: SVGSavable {}
extension LuaList: SVGSavable {}

/// `tantan.render`: SVG pictures of the components (`svg`, `frames`), and the `save_svg` method
/// each drawable class adds to its methods (`RenderExtension.saveMethod()`).
extension RenderExtension: TantanExtension {
  /// `frames` refuses more than this many pictures (each is a few kilobytes).
  static let maxFrames = 1000
  static let drawableNames = "tantan.SwipeDeck, tantan.ReorderGrid or tantan.List"

  static var docs: [LuaDoc] {
    [LuaDoc(.field, "tantan.render", "tantan.render", "SVG pictures of decks, grids and lists (deterministic: the same state gives the same bytes)."),
     LuaDoc(.function, "tantan.render.svg", "fun(obj: tantan.SwipeDeck|tantan.ReorderGrid|tantan.List): string",
            "An SVG 1.1 document of the component now: deck cards with frame, rotation, scale, alpha, title and colour and the LIKE/NOPE stamp while dragging; grid cells, the dragged slot, the snapshot, delete badges and the scroll position; list items, sticky headers, the refresh indicator and paging. Titles come from view-model keys title/name/text/label, subtitles from subtitle/detail/author, colours from color/colour (#rgb or #rrggbb); no Lua code runs."),
     LuaDoc(.function, "tantan.render.frames", "fun(obj: tantan.SwipeDeck|tantan.ReorderGrid|tantan.List, seconds: number, fps: number): string[]",
            "Pictures of an animation: the SVG now, then after each step of 1/fps seconds of tantan.clock (timers and animations run as with clock:advance) until `seconds` have passed (the last step may be shorter): ceil(seconds * fps) + 1 frames, at most \(maxFrames).")]
  }

  /// Instructions a picture of `frames` counts against --max-instructions.
  static let frameSteps = 1000

  static func install(_ host: TantanHost, module: Int32) {
    let lua = host.lua
    lua.newTable(narr: 0, nrec: 2)
    lua.setFunction(-1, "svg") { (lua: Lua) throws(LuaCallError) -> Int32 in
      lua.push(try drawable(lua, 1).svgDocument())
      return 1
    }
    lua.setFunction(-1, "frames") { [unowned host] (lua: Lua) throws(LuaCallError) -> Int32 in
      try frames(host, lua)
    }
    lua.rawSet(module, "render")
  }

  /// The component at `arg`: `bad argument #1 to 'svg' (tantan.SwipeDeck, ... expected, got table)`.
  static func drawable(_ lua: Lua, _ arg: Int32) throws(LuaCallError) -> any SVGDrawable {
    if let d = SwipeDeckBinding.deckClass.object(lua, arg) { return d }
    if let g = GridExtension.gridClass.object(lua, arg) { return g }
    if let l = ListExtension.listClass.object(lua, arg) { return l }
    let got = lua.type(arg) == LUA_TNONE ? "no value" : lua.typeName(arg)
    let closed = [SwipeDeckBinding.deckClass.name, GridExtension.gridClass.name, ListExtension.listClass.name].contains(got)
    throw .argument(arg, "\(drawableNames) expected, got \(closed ? "a closed \(got)" : got)")
  }

  /// `frames(obj, seconds, fps)`: steps land on start + k / fps exactly (no drift), the last on
  /// start + seconds.
  static func frames(_ host: TantanHost, _ lua: Lua) throws(LuaCallError) -> Int32 {
    let obj = try drawable(lua, 1)
    let seconds = try positive(lua, 2)
    let fps = try positive(lua, 3)
    let exact = seconds * fps
    let near = exact.rounded()
    let steps = abs(exact - near) <= 1e-9 * max(1, exact) ? near : exact.rounded(.up)
    guard steps + 1 <= Double(maxFrames) else {
      let frames = steps < 1e15 ? String(Int(steps) + 1) : lua.formatNumber(steps + 1)
      throw .argument(3, "too many frames: \(lua.string(2) ?? "?") s at \(lua.string(3) ?? "?") fps is \(frames) frames (at most \(maxFrames))")
    }
    let count = Int(steps)
    // The pictures are held in Swift until they are pushed: each is charged to the memory limit
    // as it is made (released on return, when Lua holds them), and counts `frameSteps`
    // instructions, so the clock is read for --timeout at every frame.
    var charged = 0
    defer { lua.releaseHost(charged) }
    func keep(_ picture: String) throws(LuaCallError) -> String {
      try lua.hostTick(frameSteps)
      try lua.chargeHost(picture.utf8.count)
      charged += picture.utf8.count
      return picture
    }
    var pictures = [try keep(obj.svgDocument())]
    pictures.reserveCapacity(count + 1)
    let start = host.clock.now
    for k in stride(from: 1, through: count, by: 1) {
      let target = start + min(Double(k) / fps, seconds)
      do { try host.clock.advance(by: max(0, target - host.clock.now)) } catch { throw lua.convert(error) }
      pictures.append(try keep(obj.svgDocument()))
    }
    lua.newTable(narr: Int32(pictures.count))
    for (i, p) in pictures.enumerated() {
      lua.push(p)
      lua.rawSet(-2, index: i + 1)
    }
    return 1
  }

  private static func positive(_ lua: Lua, _ arg: Int32) throws(LuaCallError) -> Double {
    let d = try lua.checkNumber(arg)
    guard d.isFinite, d > 0 else { throw .argument(arg, "positive finite number expected, got \(lua.string(arg) ?? "?")") }
    return d
  }
}
