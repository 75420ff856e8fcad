import Foundation
import LuaRuntime

@testable import TantanLua

/// A component defined in the tests, registered through the same path as the deck, the grid and
/// the list (`ComponentRegistryTests`): a switch with one method, one field and one event.
final class Toggle: ComponentObject, SVGSavable {
  unowned let host: TantanHost
  var on = false
  var flips = 0
  var events: EventLog
  /// The planted bug: after this many flips the model reports itself broken (nil: never).
  var breaksAfter: Int?

  init(host: TantanHost) {
    self.host = host
    events = EventLog(host: host, component: "toggle")
  }

  func flip() {
    on.toggle()
    flips += 1
    events.append(Event("did_flip", [.bool(on)]))
  }

  var eventNames: [String] { events.names }

  func invariantViolation(_ lua: Lua) -> String? {
    guard let n = breaksAfter, flips >= n else { return nil }
    return "toggle flipped \(flips) times"
  }

  func svgDocument() throws -> String {
    "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"40\" height=\"20\"><rect width=\"40\" height=\"20\" fill=\"\(on ? "#0a0" : "#999")\"/></svg>\n"
  }
}

enum ToggleBinding: LuaBinding, LuaModuleBinding, TantanComponent {
  typealias Object = Toggle
  typealias Context = TantanHost

  static func luaError(_ error: any Error, at site: LuaCallSite, _ lua: Lua) -> LuaCallError {
    passThrough(error) ?? .message("\(site.name): \(error)")
  }

  static let toggleClass = LuaClass<Toggle>(
    name: "test.Toggle", doc: "A switch (a component defined in the tests).",
    methods: [
      method("flip", "Turns it over.", returns: .none) { t in t.flip() },
      method(
        "break_after", "Plants a bug: the model reports itself broken after n flips.", .integer("n"), returns: .none
      ) {
        t, n in t.breaksAfter = n
      },
      RenderBinding.saveMethod(),
    ],
    fields: [field("on", "Whether it is on.", .boolean) { t in t.on }],
    describe: { t in "test.Toggle(\(t.on ? "on" : "off"))" })

  static let constructor = function("tantan.toggle", "A switch, off.", returns: .object(toggleClass)) { host, _ in
    Toggle(host: host)
  }

  static let entry = ComponentEntry(
    luaClass: toggleClass, constructor: constructor, config: { [] }, docs: { [] },
    explore: EmbeddedScript(
      chunkName: "@toggle_explore.lua",
      text: (try? String(
        contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
          "toggle_explore.lua"),
        encoding: .utf8)) ?? ""),
    play: ComponentPlay(buttons: [("flip", "Flip")]))
}
