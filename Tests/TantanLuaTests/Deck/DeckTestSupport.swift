/// Lua helpers for deck tests, on one line so `test:LINE` in expected messages stays the script's line.
///  - `eq(actual, expected)`: fails at the caller's line with both values.
///  - `ev(deck)`: the recorded events joined by spaces, then cleared.
///  - `idx(deck)`: the item indices of the visible cards, top first, joined by commas.
let deckPrelude =
  "local function eq(a, b) if a ~= b then error(('expected %s, got %s'):format(tostring(b), tostring(a)), 2) end end "
  + "local function ev(d) local e = table.concat(d:events(), ' ') d:clear_events() return e end "
  + "local function idx(d) local t = {} for _, c in ipairs(d.cards) do t[#t + 1] = c.index end return table.concat(t, ',') end "

extension LuaTestHost {
  /// `ok` with the deck helpers in scope.
  func deckOK(_ code: String, file: StaticString = #filePath, line: UInt = #line) {
    ok(deckPrelude + code, file: file, line: line)
  }

  /// `fails` with the deck helpers in scope.
  func deckFails(_ code: String, _ message: String, file: StaticString = #filePath, line: UInt = #line) {
    fails(deckPrelude + code, message, file: file, line: line)
  }
}
