import ConformanceScan
import XCTest

/// What the ConformanceList plugin lists: the declarations that count, the ones that cannot be
/// named from the generated file, and text that only looks like a declaration.
final class ConformanceScanTests: XCTestCase {
  func found(_ source: String, _ proto: String = "P") -> [String] { ConformanceScan.conformers(of: proto, in: source) }

  func testTypesAndExtensionsDeclaringTheProtocol() {
    let source = """
      enum A: LuaBinding, P {}
      final class B: P { func f() {} }
      package struct C<T: Equatable>: Q, P where T: Hashable { var x: Int { 1 } }
      extension D: P {}
      extension E: @retroactive P where E: Q {}
      @MainActor public final class F: Mod.P {}
      actor G: Q & P {}
      struct H: @unchecked Sendable, P {}
      struct NotIt: Q, PP, P2 {}
      extension NotEither: Q where T: P {}
      """
    XCTAssertEqual(found(source), ["A", "B", "C", "D", "E", "F", "G", "H"])
  }

  func testNestedTypesComeQualified() {
    let source = """
      enum Outer {
        struct Inner: P {}
        enum Deeper { class Deepest: P {} }
      }
      extension Outer.Inner { enum Sub: P {} }
      extension Outer.Inner: Q {}
      """
    XCTAssertEqual(found(source), ["Outer.Inner", "Outer.Deeper.Deepest", "Outer.Inner.Sub"])
  }

  func testWhatTheGeneratedListCouldNotNameIsLeftOut() {
    let source = """
      private struct Hidden: P {}
      fileprivate final class AlsoHidden: P {}
      protocol Refines: P {}
      func f() { struct Local: P {} }
      var v: Int { enum InGetter: P {}; return 1 }
      let c = { class InClosure: P {} }
      class Base { class func make() -> Base { Base() } }
      struct After: P {}
      """
    XCTAssertEqual(found(source), ["After"])
  }

  func testCommentsAndStringsAreNotRead() {
    let source = #"""
      // struct InLineComment: P {}
      /* struct InBlock: P { /* nested */ struct StillInBlock: P {} } */
      let s = "struct InString: P {"
      let m = """
        enum InMultiline: P { \(1 + "}".count) }
        """
      let r = #"struct InRaw: P { \" "#
      let i = "\( "enum InInterpolation: P {" ) \(f(")"))"
      struct Real: P {}
      """#
    XCTAssertEqual(found(source), ["Real"])
  }

  func testTheListFileIsSortedWithoutRepeatsAndNamesItsImports() {
    let text = ConformanceScan.listFile(
      enumName: "TConformances", imports: ["@testable import M"],
      lists: [("TantanComponent", ["ListBinding", "DeckBinding", "GridBinding", "DeckBinding"]), ("Q", [])])
    XCTAssertEqual(
      text,
      """
      // Generated at build time by Plugins/ConformanceList from this target's sources. Do not edit.
      @testable import M

      /// The types this target's sources declare to conform to each protocol, sorted by name.
      enum TConformances {
        static var tantanComponent: [any TantanComponent.Type] { [DeckBinding.self, GridBinding.self, ListBinding.self] }
        static var q: [any Q.Type] { [] }
      }

      """)
  }
}
