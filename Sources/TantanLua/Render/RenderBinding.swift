import CLua
import HeadlessUI
import LuaRuntime

/// `tantan.render`: SVG pictures of the host's components (`host.components`: `svg`, `frames`),
/// and the `save_svg` method each component's class adds to its methods
/// (`RenderBinding.saveMethod()`).
extension RenderBinding: TantanExtension, LuaModuleBinding {
  typealias Context = TantanHost

  /// `frames` refuses more than this many pictures (each is a few kilobytes).
  static let maxFrames = 1000

  static var docs: [LuaDoc] {
    [table.doc, svg.doc, frames.doc]
  }

  static let table = ModuleField(
    "tantan.render", "tantan.render",
    "SVG pictures of decks, grids and lists (deterministic: the same state gives the same bytes)."
  ) { host, lua in
    lua.newTable(narr: 0, nrec: 2)
    svg.install(lua, in: -1, context: host)
    frames.install(lua, in: -1, context: host)
  }

  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    passThrough(error) ?? lua.convert(error)
  }

  static let svg = function(
    "tantan.render.svg",
    "An SVG 1.1 document of the component now: deck cards with frame, rotation, scale, alpha, title and colour and the LIKE/NOPE stamp while dragging; grid cells, the dragged slot, the snapshot, delete badges and the scroll position; list items, sticky headers, the refresh indicator and paging. Titles come from view-model keys title/name/text/label, subtitles from subtitle/detail/author, colours from color/colour (#rgb or #rrggbb); no Lua code runs.",
    drawableParam, returns: .string
  ) { host, lua, arg in try drawable(host, lua, arg).svgDocument() }

  static let frames = function(
    "tantan.render.frames",
    "Pictures of an animation: the SVG now, then after each step of 1/fps seconds of tantan.clock (timers and animations run as with clock:advance) until `seconds` have passed (the last step may be shorter): ceil(seconds * fps) + 1 frames, at most \(maxFrames).",
    drawableParam, positive("seconds"), positive("fps"), returns: .pushedByBody("string[]")
  ) { host, lua, arg, seconds, fps in
    try pushFrames(host, lua, try drawable(host, lua, arg), seconds: seconds, fps: fps)
  }

  /// A component (checked by the body against the host's components: `drawable`); typed in the
  /// reference with the built-in components' classes.
  static let drawableParam = LuaParam<Int32>("obj", ComponentRegistry.builtin.classNames.joined(separator: "|")) {
    (_, arg) throws(LuaCallError) in arg
  }

  /// Instructions a picture of `frames` counts against --max-instructions.
  static let frameSteps = 1000

  static func install(_ host: TantanHost, module: Int32) { table.install(host, in: module) }

  /// The component at `arg`: `bad argument #1 to 'svg' (tantan.SwipeDeck, ... expected, got table)`.
  static func drawable(_ host: TantanHost, _ lua: Lua, _ arg: Int32) throws(LuaCallError) -> any ComponentObject {
    let components = host.components
    if let c = components.object(lua, arg) { return c }
    let got = lua.type(arg) == LUA_TNONE ? "no value" : lua.typeName(arg)
    let closed = components.classNames.contains(got)
    throw .argument(arg, "\(components.classList) expected, got \(closed ? "a closed \(got)" : got)")
  }

  /// `frames(obj, seconds, fps)`: steps land on start + k / fps exactly (no drift), the last on
  /// start + seconds. Pushed here: the pictures stay charged until Lua holds them.
  static func pushFrames(_ host: TantanHost, _ lua: Lua, _ obj: any ComponentObject, seconds: Double, fps: Double)
    throws
  {
    let exact = seconds * fps
    let near = exact.rounded()
    let steps = abs(exact - near) <= 1e-9 * max(1, exact) ? near : exact.rounded(.up)
    guard steps + 1 <= Double(maxFrames) else {
      let frames = steps < 1e15 ? String(Int(steps) + 1) : lua.formatNumber(steps + 1)
      throw LuaCallError.argument(
        3,
        "too many frames: \(lua.string(2) ?? "?") s at \(lua.string(3) ?? "?") fps is \(frames) frames (at most \(maxFrames))"
      )
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
    var pictures = [try keep(try obj.svgDocument())]
    pictures.reserveCapacity(count + 1)
    let start = host.clock.now
    for k in stride(from: 1, through: count, by: 1) {
      let target = start + min(Double(k) / fps, seconds)
      do { try host.clock.advance(by: max(0, target - host.clock.now)) } catch {
        throw ClockBinding.luaError(error, at: ClockBinding.advanceSite, lua)
      }
      pictures.append(try keep(try obj.svgDocument()))
    }
    lua.newTable(narr: Int32(pictures.count))
    for (i, p) in pictures.enumerated() {
      lua.push(p)
      lua.rawSet(-2, index: i + 1)
    }
  }

  /// A positive finite number; the message shows it as the script wrote it.
  private static func positive(_ name: String) -> LuaParam<Double> {
    LuaParam(name, "number") { (lua, arg) throws(LuaCallError) in
      let d = try lua.checkNumber(arg)
      guard d.isFinite, d > 0 else {
        throw .argument(arg, "positive finite number expected, got \(lua.string(arg) ?? "?")")
      }
      return d
    }
  }
}
