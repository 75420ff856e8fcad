import CLua
import Foundation
import LuaRuntime
import XCTest

@testable import TantanLua

/// Every Lua-visible name is declared once; the committed stubs and reference are that
/// declaration, freshly generated. Regenerate with `tantan-host --emit-meta lua`.
final class ApiDocsTests: XCTestCase {
  func testCommittedStubsAndReferenceMatchAFreshGeneration() throws {
    let lua = HostBinary.packageRoot.appendingPathComponent("lua")
    for (file, fresh) in [(ApiDocs.stubFile, ApiDocs.stubs()), (ApiDocs.referenceFile, ApiDocs.reference())] {
      let committed = try String(contentsOf: lua.appendingPathComponent(file), encoding: .utf8)
      XCTAssertEqual(committed, fresh, "lua/\(file) is stale: run `tantan-host --emit-meta lua`")
    }
  }

  func testEmitMetaWritesBothFiles() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meta-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: dir) }
    let r = try HostBinary.run(["--emit-meta", dir.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      try String(contentsOf: dir.appendingPathComponent(ApiDocs.stubFile), encoding: .utf8), ApiDocs.stubs())
  }

  /// `--emit-meta DIR` creates DIR (and its parents) when missing; a DIR that cannot be made is an
  /// error with the system's reason.
  func testEmitMetaCreatesItsFolder() throws {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("meta-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: dir) }
    try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
    let target = dir.appendingPathComponent("new/lua")
    let r = try HostBinary.run(["--emit-meta", target.path])
    XCTAssertEqual(r.status, 0, r.stderr)
    XCTAssertEqual(
      try String(contentsOf: target.appendingPathComponent(ApiDocs.referenceFile), encoding: .utf8), ApiDocs.reference()
    )
    try "".write(to: dir.appendingPathComponent("file"), atomically: true, encoding: .utf8)
    let bad = try HostBinary.run(["--emit-meta", dir.appendingPathComponent("file/lua").path])
    XCTAssertEqual(bad.status, 1)
    XCTAssertTrue(
      bad.stderr.hasSuffix(
        ": cannot write \(dir.path)/file/lua/\(ApiDocs.stubFile): cannot create the folder \(dir.path)/file/lua: Not a directory\n"
      ), bad.stderr)
  }

  /// The runtime and the declaration agree both ways: nothing undeclared, nothing declared missing.
  func testEveryRuntimeNameIsDeclaredAndEveryDeclarationExists() throws {
    let t = try LuaTestHost()
    let lua = t.state.lua
    let groups = ApiDocs.groups(ApiDocs.all)
    // Callback and config tables are the script's.
    for g in groups where !g.members.allSatisfy({ $0.kind == .callback || $0.kind == .key }) {
      let declared = Set(g.members.map(\.name))
      var actual = Set<String>()
      if g.name == "tantan" {
        lua_getglobal(lua.L, "tantan")
      } else if g.name.hasPrefix("tantan.") && g.name.dropFirst(7).first?.isLowercase == true {
        // a sub-table of the module, e.g. tantan.json
        lua_getglobal(lua.L, "tantan")
        lua.rawGet(-1, String(g.name.dropFirst(7)))
        lua_rotate(lua.L, -2, 1)
        lua.pop()
        // a sub-table whose code loads on first use (tantan.explore): reading a declared name loads it
        if let first = g.members.first?.name, lua.type(-1) == LUA_TTABLE {
          lua_getfield(lua.L, -1, first)
          lua.pop()
        }
      } else {
        // a class: its methods are the table held by the metatable's __index (upvalue 2, after the Swift box)
        guard lua_getfield(lua.L, Lua.registryIndex, g.name) == LUA_TTABLE else {
          XCTFail("\(g.name) is neither a module table nor a registered class")
          lua.pop()
          continue
        }
        lua.rawGet(-1, "__index")
        XCTAssertNotNil(lua_getupvalue(lua.L, -1, 2), "\(g.name).__index has no methods table")
        lua_rotate(lua.L, -3, 1)
        lua.pop(2)
        guard lua.type(-1) == LUA_TTABLE else {
          XCTFail("\(g.name): __index upvalue 2 is not a table"); lua.pop(); continue
        }
        var methods = Set<String>()
        lua.pushNil()
        while lua_next(lua.L, -2) != 0 {
          lua.pop()
          if let k = lua.string(-1) { methods.insert(k) }
        }
        lua.pop()
        XCTAssertEqual(
          methods, Set(g.members.filter { $0.kind == .method }.map(\.name)),
          "\(g.name): methods differ from the declaration")
        continue
      }
      XCTAssertEqual(lua.type(-1), LUA_TTABLE, g.name)
      lua.pushNil()
      while lua_next(lua.L, -2) != 0 {
        lua.pop()
        if let k = lua.string(-1) { actual.insert(k) }
      }
      lua.pop()
      XCTAssertEqual(actual.subtracting(declared), [], "\(g.name): undeclared names")
      let optional = Set(g.members.filter { $0.signature.hasSuffix("?") }.map(\.name))  // nil fields are absent
      XCTAssertEqual(declared.subtracting(actual).subtracting(optional), [], "\(g.name): declared but missing")
    }
  }

  func testClassMethodsAreExactlyTheDeclaredOnes() throws {
    for g in ApiDocs.groups(ApiDocs.all) where g.name != "tantan" {
      let methods = g.members.filter { $0.kind == .method }.map(\.name)
      XCTAssertEqual(Set(methods).count, methods.count, "\(g.name): a method declared twice")
      let fields = g.members.filter { $0.kind == .field }.map(\.name)
      XCTAssertEqual(Set(fields).intersection(methods), [], "\(g.name): a name is both a field and a method")
    }
  }
}
