import CLua
import CLuaShim

/// The body of a Swift function callable from Lua: returns the number of results it pushed.
public typealias LuaSwiftFunction = (Lua) throws(LuaCallError) -> Int32

final class FunctionBox {
  let body: LuaSwiftFunction
  init(_ body: @escaping LuaSwiftFunction) { self.body = body }
}

/// The one entry from C into Swift: runs the box and turns a thrown error into a sentinel.
private let dispatch: tt_Dispatch = { L, box in
  // The box is kept alive by its Lua closure for the whole call: no retain/release needed.
  Unmanaged<FunctionBox>.fromOpaque(box!)._withUnsafeGuaranteedRef { fn in
    do throws(LuaCallError) {
      return try fn.body(Lua(L!))
    } catch {
      return error.raise(L!)
    }
  }
}

private let releaseBox: @convention(c) (UnsafeMutableRawPointer?) -> Void = { box in
  Unmanaged<FunctionBox>.fromOpaque(box!).release()
}

enum Dispatcher {
  /// Installed once per process, before the first state runs any Swift function.
  static let installed: Void = { tt_set_dispatcher(dispatch) }()
}

extension Lua {
  /// Pushes a Lua function that runs `body`; the `upvalues` values on top of the stack become its
  /// upvalues 1...n (read them with `Lua.upvalue(i)`).
  public func push(function body: @escaping LuaSwiftFunction, upvalues: Int32 = 0) {
    _ = Dispatcher.installed
    let box = Unmanaged.passRetained(FunctionBox(body)).toOpaque()
    tt_pushswift(L, box, releaseBox, upvalues)
  }

  /// `t[name] = function` for a table at `t` that the host owns.
  public func setFunction(_ t: Int32, _ name: String, _ body: @escaping LuaSwiftFunction) {
    let t = absIndex(t)
    push(function: body)
    rawSet(t, name)
  }
}
