import CLua
import CLuaShim

/// A string option (`"left"|"right"|...`): the Lua string argument is matched on its own bytes
/// against the enum's raw values, laid out once, with no Swift `String` built. What `LuaParam.option`
/// reads with.
/// Making a `String` and calling `init(rawValue:)` instead cost 486 Ir more per deck swipe
/// (bench/ir-rows row 3: 9,502 vs 9,016, measured on the deck's own copy of this match). Plain
/// loops over raw memory, inlined: an outlined match calling `memcmp` over arrays, in a closure
/// capturing three values, cost about 80 Ir more per swipe (row 3: 9,208 vs 9,128).
public final class LuaOption<Value: RawRepresentable & CaseIterable>: @unchecked Sendable
where Value.RawValue == String {
  // immutable after init
  @usableFromInline let values: UnsafeMutablePointer<Value>
  @usableFromInline let count: Int
  /// All raw values' bytes, one after another; each one's first byte there, and its length.
  @usableFromInline let bytes: UnsafeMutablePointer<UInt8>
  @usableFromInline let starts: UnsafeMutablePointer<Int>
  @usableFromInline let lengths: UnsafeMutablePointer<Int>
  /// The message for a string naming no case (given the string).
  @usableFromInline let invalid: @Sendable (String) -> String

  public init(invalid: @escaping @Sendable (String) -> String = { "invalid option '\($0)'" }) {
    self.invalid = invalid
    let cases = Array(Value.allCases)
    count = cases.count
    values = .allocate(capacity: max(count, 1))
    values.initialize(from: cases, count: count)
    let all = cases.flatMap(\.rawValue.utf8)
    bytes = .allocate(capacity: max(all.count, 1))
    bytes.initialize(from: all, count: all.count)
    starts = .allocate(capacity: max(count, 1))
    lengths = .allocate(capacity: max(count, 1))
    var start = 0
    for (i, c) in cases.enumerated() {
      starts[i] = start
      lengths[i] = c.rawValue.utf8.count
      start += lengths[i]
    }
  }

  deinit {
    values.deinitialize(count: count)
    values.deallocate()
    bytes.deallocate()
    starts.deallocate()
    lengths.deallocate()
  }

  /// `"left"|"right"`, as LuaLS types it.
  public var type: String { (0..<count).map { "\"\(values[$0].rawValue)\"" }.joined(separator: "|") }

  /// The case the string at `arg` names; `invalid`'s message for another string (numbers are
  /// converted for it, as `checkString` does), `checkString`'s error for anything else.
  @inlinable public func read(_ lua: Lua, _ arg: Int32) throws(LuaCallError) -> Value {
    if let i = position(lua, arg) { return values[i] }
    let s = try lua.checkString(arg)
    guard let v = Value(rawValue: s) else { throw .argument(arg, invalid(s)) }
    return v
  }

  /// The position of the case the string at `arg` names; nil when it is no string or names none.
  @inlinable @inline(__always) public func position(_ lua: Lua, _ arg: Int32) -> Int? {
    guard lua_type(lua.L, arg) == LUA_TSTRING else { return nil }
    var length = 0
    guard let raw = tt_tostring(lua.L, arg, &length) else { return nil }
    let s = UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self)
    var i = 0
    while i < count {
      if lengths[i] == length {
        let name = bytes + starts[i]
        var k = 0
        while k < length && name[k] == s[k] { k += 1 }
        if k == length { return i }
      }
      i += 1
    }
    return nil
  }
}
