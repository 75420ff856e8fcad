import HeadlessUI
import LuaRuntime
import XCTest

@testable import TantanLua

/// Every config key whose default is declared as a value (`ConfigDefault`) is held against the
/// model's real default: the key's value (`ConfigKey.current`) in the config the component starts
/// from, per built-in preset for the deck.
final class ConfigDefaultsTests: XCTestCase {
  /// Numbers compare by value (`300` declared, `300.0` in a `Double` field).
  static func same(_ a: LuaValue, _ b: LuaValue) -> Bool {
    func number(_ v: LuaValue) -> Double? {
      switch v {
      case .integer(let i): return Double(i)
      case .number(let d): return d
      default: return nil
      }
    }
    if let x = number(a), let y = number(b) { return x == y }
    return a == b
  }

  /// The rows whose default disagrees with `config` (described: "key: declared 300, model 320"),
  /// and how many were checked.
  static func mismatches<C>(_ rows: [ConfigKey<C>], _ config: C, preset: String? = nil) -> (bad: [String], checked: Int)
  {
    var bad: [String] = []
    var checked = 0
    for row in rows where row.key != "preset" {
      guard let want = row.defaultValue.value(preset: preset), let current = row.current else { continue }
      let got = current(config)
      checked += 1
      if !same(got, want) { bad.append("\(row.key): declared \(row.defaultValue.text), model \(got)") }
    }
    return (bad, checked)
  }

  func testTheDecksDefaultsAreItsModelsOwnInEveryPreset() {
    for preset in SwipeDeckPreset.allCases {
      let r = Self.mismatches(DeckBinding.config.rows, SwipeDeckConfig.preset(preset), preset: preset.rawValue)
      XCTAssertEqual(r.bad, [], preset.rawValue)
      XCTAssertGreaterThanOrEqual(r.checked, 13, preset.rawValue)
    }
  }

  func testTheGridsDefaultsAreItsModelsOwn() {
    let r = Self.mismatches(GridBinding.config.rows, ReorderGridConfig())
    XCTAssertEqual(r.bad, [])
    XCTAssertGreaterThanOrEqual(r.checked, 5)
  }

  func testTheListsDefaultsAreItsModelsOwn() {
    let r = Self.mismatches(ListBinding.config.rows, ListSetup())
    XCTAssertEqual(r.bad, [])
    XCTAssertGreaterThanOrEqual(r.checked, 5)
  }

  /// The check can fail: a declared default that is not the model's is reported.
  func testAWrongDefaultIsReported() {
    let wrong = ConfigKey<SwipeDeckConfig>.number("width", \.width, default: 301, "Container width.")
    XCTAssertEqual(Self.mismatches([wrong], .tantan).bad, ["width: declared 301, model number(300.0)"])
  }
}
