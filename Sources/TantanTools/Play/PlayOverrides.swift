import CLua
import LuaRuntime

/// The values set in the panel, by component label and config key (`durations.swipe` for a key of
/// a nested table), applied over the script's own config when the constructor runs: a shallow
/// copy of the script's table (a nested table is copied too before one of its keys is set), so the
/// script's tables are never changed. The recorded scenario applies them the same way
/// (`PlayScenario`).
struct PlayOverrides: Equatable {
  /// label -> key -> value, keys in the order they were first set.
  private(set) var values: [String: [(key: String, value: PlayArg)]] = [:]

  static func == (a: PlayOverrides, b: PlayOverrides) -> Bool {
    a.values.keys.sorted() == b.values.keys.sorted()
      && a.values.allSatisfy { label, pairs in
        let other = b.values[label] ?? []
        return pairs.count == other.count && zip(pairs, other).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      }
  }

  func value(_ label: String, _ key: String) -> PlayArg? { values[label]?.first { $0.key == key }?.value }

  /// Sets (or, with nil, removes) one value.
  mutating func set(_ label: String, _ key: String, _ value: PlayArg?) {
    var pairs = values[label] ?? []
    if let i = pairs.firstIndex(where: { $0.key == key }) {
      if let value { pairs[i].value = value } else { pairs.remove(at: i) }
    } else if let value {
      pairs.append((key, value))
    }
    values[label] = pairs.isEmpty ? nil : pairs
  }

  /// Keeps only the keys `known` still lists for each label (after the script changed on disk).
  mutating func keep(_ known: (String) -> Set<String>) {
    for label in values.keys {
      let keys = known(label)
      values[label] = values[label]?.filter { keys.contains($0.key) }
      if values[label]?.isEmpty ?? false { values[label] = nil }
    }
  }

  /// Replaces the table at `index` with a copy carrying `pairs`.
  static func apply(_ pairs: [(key: String, value: PlayArg)], toConfigAt index: Int32, _ lua: Lua) {
    let index = lua.absIndex(index)
    copy(lua, index)
    let copy = lua.top
    for (key, value) in pairs {
      let parts = key.split(separator: ".", maxSplits: 1).map(String.init)
      if parts.count == 2 {
        if lua.rawGet(copy, parts[0]) == LUA_TTABLE {
          Self.copy(lua, lua.top)
          lua_rotate(lua.L, -2, 1)
          lua.pop()
        } else {
          lua.pop()
          lua.newTable()
        }
        value.push(lua)
        lua.rawSet(-2, parts[1])
        lua.rawSet(copy, parts[0])
      } else {
        value.push(lua)
        lua.rawSet(copy, key)
      }
    }
    lua_copy(lua.L, -1, index)
    lua.pop()
  }

  /// Pushes a raw shallow copy of the table at `t`.
  private static func copy(_ lua: Lua, _ t: Int32) {
    let t = lua.absIndex(t)
    lua.newTable()
    lua.pushNil()
    while lua_next(lua.L, t) != 0 {
      lua.pushValue(-2)
      lua_rotate(lua.L, -2, 1)
      lua_rawset(lua.L, -4)
    }
  }
}
