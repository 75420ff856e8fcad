import XCTest

/// `tantan.json`: JSONTestSuite-style accept (y_) and reject (n_) cases written by hand,
/// round trips, determinism and encode errors.
final class JSONBindingTests: XCTestCase {
  /// Decodes `text` and encodes the result again: the canonical form.
  func canonical(_ t: LuaTestHost, _ text: String) -> String {
    t.eval("tantan.json.encode(tantan.json.decode([==[\(text)]==]))")
  }

  func testAcceptedDocuments() throws {
    let t = try LuaTestHost()
    let cases: [(String, String)] = [
      ("[]", "[]"), ("{}", "{}"), ("[[] ]", "[[]]"), ("[{}]", "[{}]"),
      (" [1] ", "[1]"), ("\t\n\r [1]\n", "[1]"),
      ("0", "0"), ("-0", "0"), ("123", "123"), ("-123", "-123"), ("1.5", "1.5"), ("-0.0", "-0.0"),
      ("1E2", "100.0"), ("1e-2", "0.01"), ("1E+2", "100.0"), ("0.1", "0.1"),
      ("1.7976931348623157e308", "1.7976931348623157e+308"),
      ("9223372036854775807", "9223372036854775807"), ("9223372036854775808", "9.223372036854776e+18"),
      ("true", "true"), ("false", "false"), ("null", "null"), ("[null, 1]", "[null,1]"),
      ("\"\"", "\"\""), ("\"\\u0041\\u00e9\"", "\"Aé\""), ("\"\\ud834\\udd1e\"", "\"𝄞\""),
      ("\"\\\"\\\\\\/\\b\\f\\n\\r\\t\"", "\"\\\"\\\\/\\b\\f\\n\\r\\t\""), ("\"\\u0000\"", "\"\\u0000\""),
      ("\"日本\"", "\"日本\""), ("{\"b\":1,\"a\":2,\"\":3}", "{\"\":3,\"a\":2,\"b\":1}"),
      ("{\"a\":1,\"a\":2}", "{\"a\":2}"), ("{\"a\":{\"b\":[1,{\"c\":null}]}}", "{\"a\":{\"b\":[1,{\"c\":null}]}}"),
    ]
    for (text, want) in cases {
      XCTAssertEqual(canonical(t, text), want, "decoding \(text)")
    }
    t.ok(
      """
      local j = tantan.json
      local v = j.decode('[1, 1.0, 2.5, -7]')
      assert(math.type(v[1]) == "integer" and math.type(v[2]) == "float" and v[4] == -7)
      assert(getmetatable(v) == j.array_mt and getmetatable(j.decode('{}')) == nil)
      local o = j.decode('{"x": null, "list": [null, null]}')
      assert(o.x == j.null and #o.list == 2 and o.list[1] == j.null)
      local deep = string.rep("[", 200) .. string.rep("]", 200)
      assert(j.encode(j.decode(deep)) == deep)
      """)
  }

  func testRejectedDocuments() throws {
    let t = try LuaTestHost()
    let cases: [(String, String)] = [
      ("", "expected a value, got end of input at line 1 column 1"),
      ("   ", "expected a value, got end of input at line 1 column 4"),
      ("[1,]", "expected a value, got character ']' at line 1 column 4"),
      ("[1 2]", "expected ',' or ']' in an array, got character '2' at line 1 column 4"),
      ("[", "expected a value, got end of input at line 1 column 2"),
      ("{\"a\":1,}", "expected a string key, got character '}' at line 1 column 8"),
      ("{a:1}", "expected a string key, got character 'a' at line 1 column 2"),
      ("{\"a\" 1}", "expected ':' after an object key, got character '1' at line 1 column 6"),
      ("{\"a\":1", "expected ',' or '}' in an object, got end of input at line 1 column 7"),
      ("01", "leading zeros are not allowed in numbers at line 1 column 1"),
      ("-", "expected a digit, got end of input at line 1 column 2"),
      ("1.", "expected a digit after '.', got end of input at line 1 column 3"),
      (".5", "expected a value, got character '.' at line 1 column 1"),
      ("1e", "expected a digit in the exponent, got end of input at line 1 column 3"),
      ("+1", "expected a value, got character '+' at line 1 column 1"),
      ("1e999", "number 1e999 is out of range at line 1 column 1"),
      ("NaN", "expected a value, got character 'N' at line 1 column 1"),
      ("tru", "invalid literal (expected 'true') at line 1 column 1"),
      ("nul", "invalid literal (expected 'null') at line 1 column 1"),
      ("'a'", "expected a value, got character ''' at line 1 column 1"),
      ("\"abc", "unterminated string at line 1 column 1"),
      ("\"\\x\"", "invalid escape '\\x' at line 1 column 2"),
      ("\"\\u12\"", "invalid hex digit character '\"' in a \\u escape at line 1 column 6"),
      ("\"\\ud800\"", "lone UTF-16 surrogate in a \\u escape at line 1 column 2"),
      ("\"\\udc00\"", "lone UTF-16 surrogate in a \\u escape at line 1 column 2"),
      ("\"a\tb\"", "control character 0x9 in a string (escape it) at line 1 column 3"),
      ("[1]\n x", "unexpected character 'x' after the value at line 2 column 2"),
      ("[1]]", "unexpected character ']' after the value at line 1 column 4"),
      ("\u{FEFF}[]", "expected a value, got byte 0xEF at line 1 column 1"),
      (String(repeating: "[", count: 201), "table nested deeper than 200 levels at line 1 column 201"),
    ]
    for (text, message) in cases {
      t.fails("tantan.json.decode([==[\(text)]==])", "test:1: tantan.json.decode: \(message)")
    }
    t.fails("tantan.json.decode({})", "test:1: bad argument #1 to 'decode' (string expected, got table)")
  }

  /// `decode('"\xff"')` used to accept bytes that `encode` refuses: now it refuses them too, where they are.
  func testDecodeRefusesInvalidUTF8() throws {
    let t = try LuaTestHost()
    let cases: [(String, String)] = [
      (#""\xff""#, "invalid UTF-8 (byte 0xFF) in a string at line 1 column 2"),
      (#""a\xc3""#, "invalid UTF-8 (byte 0xC3) in a string at line 1 column 3"),  // cut short
      (#""\xc0\xaf""#, "invalid UTF-8 (byte 0xC0) in a string at line 1 column 2"),  // overlong '/'
      (#""\xed\xa0\x80""#, "invalid UTF-8 (byte 0xED) in a string at line 1 column 2"),  // a surrogate
      (#""\xf4\x90\x80\x80""#, "invalid UTF-8 (byte 0xF4) in a string at line 1 column 2"),  // past U+10FFFF
      (#"{"k\xfe": 1}"#, "invalid UTF-8 (byte 0xFE) in a string at line 1 column 4"),  // keys too
      (#"[\n "\x80"]"#, "invalid UTF-8 (byte 0x80) in a string at line 2 column 3"),
    ]
    for (text, message) in cases {
      t.fails("tantan.json.decode('\(text)')", "test:1: tantan.json.decode: \(message)")
    }
    t.ok(#"assert(tantan.json.decode('"\xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80"') == "é€😀")"#)
  }

  func testEncodeIsDeterministicAndLossless() throws {
    let t = try LuaTestHost()
    t.ok(
      """
      local j = tantan.json
      assert(j.encode({b = 1, a = {z = true, y = false}, c = "x"}) == '{"a":{"y":false,"z":true},"b":1,"c":"x"}')
      assert(j.encode({3, 2, 1}) == "[3,2,1]" and j.encode({}) == "{}" and j.encode(setmetatable({}, j.array_mt)) == "[]")
      assert(j.encode(nil) == "null" and j.encode(j.null) == "null" and j.encode({j.null}) == "[null]")
      assert(j.encode("tab\\tquote\\"nl\\n\\1\\127é") == '"tab\\\\tquote\\\\"nl\\\\n\\\\u0001\\\\u007fé"')
      for _, x in ipairs{0.1, 1/3, 2^-1074, 1e300, -2.5e-8, math.pi, 123456789.123456789, 2^63, math.maxinteger, math.mininteger} do
        local back = j.decode(j.encode(x))
        assert(back == x and math.type(back) == math.type(x), j.encode(x))
      end
      local doc = '{"feed":[{"id":1,"price":9.9,"tags":["a","b"]},{"gone":null,"id":"x"}],"page":{"next":2}}'
      assert(j.encode(j.decode(doc)) == doc)
      """)
  }

  func testValuesJSONCannotHold() throws {
    let t = try LuaTestHost()
    let cases: [(String, String)] = [
      ("print", "cannot encode a function value (at value)"),
      ("{a = {b = {print}}}", "cannot encode a function value (at value.a.b[1])"),
      ("{['two words'] = io.stdout}", "cannot encode a FILE* value (at value[\"two words\"])"),
      ("{0/0}", "cannot encode NaN (at value[1]): JSON has no NaN or infinity"),
      ("{-(0/0)}", "cannot encode NaN (at value[1]): JSON has no NaN or infinity"),
      ("{x = 1/0}", "cannot encode infinity (at value.x): JSON has no NaN or infinity"),
      ("{x = -1/0}", "cannot encode -infinity (at value.x): JSON has no NaN or infinity"),
      ("{1, 2, nil, 4}", "cannot encode a sparse array (at value: 3 items, largest index 4)"),
      ("{1, a = 2}", "cannot encode a table with both array items and string keys (at value)"),
      ("{[1.5] = 1}", "cannot encode a table with key 1.5 (at value): JSON keys are strings, arrays are 1..n"),
      ("{[0] = 1}", "cannot encode a table with key 0 (at value): JSON keys are strings, arrays are 1..n"),
      ("{[true] = 1}", "cannot encode a table with a boolean key (at value): JSON keys are strings, arrays are 1..n"),
      ("setmetatable({a = 1}, tantan.json.array_mt)", "cannot encode an array with string keys (at value)"),
      ("coroutine.create(print)", "cannot encode a thread value (at value)"),
      ("{name = 'caf\\xe9'}", "cannot encode a string that is not valid UTF-8 (at value.name)"),
      ("{a = {['\\xff'] = 1}}", "cannot encode a key that is not valid UTF-8 (at value.a)"),
    ]
    for (expr, message) in cases {
      t.fails("tantan.json.encode(\(expr))", "test:1: tantan.json.encode: \(message)")
    }
    t.fails(
      "local t = {}; t.me = {t}; tantan.json.encode(t)",
      "test:1: tantan.json.encode: cannot encode a table that contains itself (at value.me[1])")
    t.fails(
      "local t = {}; for i = 1, 300 do t = {t} end; tantan.json.encode(t)",
      "test:1: tantan.json.encode: cannot encode a table nested deeper than 200 levels (at value\(String(repeating: "[1]", count: 200)))"
    )
    t.fails("tantan.json.encode()", "test:1: bad argument #1 to 'encode' (value expected)")
    // The same table twice (not a cycle) is fine.
    t.ok("local s = {1}; assert(tantan.json.encode({s, s}) == '[[1],[1]]')")
  }
}
