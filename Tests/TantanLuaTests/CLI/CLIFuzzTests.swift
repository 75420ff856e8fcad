import Foundation
import XCTest

/// Wrong argument types into every `tantan.*` function and method never crash the process: each
/// call either works or raises a Lua error that `pcall` catches.
final class CLIFuzzTests: CLITestCase {
  static let values = """
    local weird = setmetatable({}, { __index = function() error('index trap') end,
                                     __tostring = function() error('tostring trap') end })
    -- Nested past the table depth limit, shared (one table referenced twice) and cyclic tables,
    -- shaped so list sections, items, presets and JSON walk into them.
    local deep = {} do local t = deep for i = 1, 300 do t[1] = {} t = t[1] end end
    local shared = { id = 1, title = 's' }
    local sharing = { shared, shared, sections = { { id = 1, header = shared, items = { shared, { id = 2, a = shared, b = shared } } } } }
    local cycle = { id = 1 } cycle.self = cycle cycle.sections = { { id = 1, items = { cycle } } } cycle[1] = cycle
    local nested = { sections = { { id = 1, items = { { id = 1, p = deep } } } } }
    local values = { n = 18, nil, 2 ^ 63, math.maxinteger, 1e308, 0, 1.5, 'x', '1', {}, print, true,
      coroutine.create(print), weird, io.stdout, 2 ^ -1074, nested, sharing, cycle }
    """
  /// Durations a duration check must reject; their messages go through `Lua.formatNumber`.
  static let invalidDurations = ["0/0", "1/0", "-1/0", "-1", "-2^63", "math.mininteger", "-0.5"]

  /// tantan.after(-1, f), clock:advance(0/0): a clean argument error, never a crash.
  func testInvalidDurationsAreArgumentErrors() throws {
    var crashed: [String] = []
    for d in Self.invalidDurations {
      for call in ["tantan.after(\(d), print)", "tantan.clock:advance(\(d))"] {
        let r = try runHost(["-e", "local ok, e = pcall(function() \(call) end) print(ok, e)"])
        if r.signaled { crashed.append(call); continue }
        assertSane(r)
        XCTAssertEqual(r.status, 0, "\(call): \(r)")
        XCTAssertTrue(r.stdout.hasPrefix("false\t(command line):1: bad argument #"), "\(call): \(r.stdout)")
        XCTAssertTrue(r.stdout.contains("non-negative finite number expected"), "\(call): \(r.stdout)")
      }
    }
    XCTAssertTrue(crashed.isEmpty, "crashed: \(crashed.joined(separator: ", "))")
  }

  /// Every function in `tantan` and every method of the clock and a timer, called as a user would
  /// (`clock:advance(v)`), with 0 to 3 arguments drawn from the values above.
  func testEveryTantanFunctionAndMethodSurvivesWrongArguments() throws {
    try write(
      "fuzz.lua",
      Self.values + """
        local clock = tantan.clock
        local timer = tantan.after(1000, function() end)
        local calls, errors = 0, 0
        local function try(f, ...)
          calls = calls + 1
          local ok = pcall(f, ...)
          if not ok then errors = errors + 1 end
        end
        local targets = {}
        for k, v in pairs(tantan) do if type(v) == 'function' then targets[#targets + 1] = { 'tantan.' .. k, v } end end
        for _, name in ipairs { 'advance', 'settle' } do
          targets[#targets + 1] = { 'clock:' .. name, function(...) return clock[name](clock, ...) end }
          targets[#targets + 1] = { 'clock.' .. name, function(...) return clock[name](...) end }
        end
        targets[#targets + 1] = { 'timer:cancel', function(...) return timer:cancel(...) end }
        for _, name in ipairs { 'encode', 'decode' } do targets[#targets + 1] = { 'tantan.json.' .. name, tantan.json[name] } end
        targets[#targets + 1] = { 'timer.cancel', function(...) return timer.cancel(...) end }
        table.sort(targets, function(a, b) return a[1] < b[1] end)
        for _, t in ipairs(targets) do
          local f = t[2]
          try(f)
          for i = 1, values.n do
            local a = values[i]
            try(f, a)
            for j = 1, values.n do
              local b = values[j]
              try(f, a, b)
              try(f, a, b, a)
            end
          end
        end
        -- fields: read with keys of every type, write string keys
        for i = 1, values.n do
          local k = values[i]
          if k ~= nil and k == k then
            try(function() return clock[k] end)
            try(function() return timer[k] end)
            try(function() return tantan[k] end)
          end
          try(function() clock.now = k end)
          try(function() clock.pending = k end)
          try(function() timer.pending = k end)
          try(function() clock.nonexistent = k end)
          try(function() return tostring(clock), tostring(timer) end)
        end
        print('calls', calls, 'errors', errors)
        print('clock still works', pcall(clock.advance, clock, 1), clock.now >= 0)
        """)
    let r = try runHost(["--max-instructions", "100000000", "fuzz.lua"], timeout: 120)
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertTrue(r.stdout.contains("clock still works\ttrue\ttrue"), r.stdout)
    XCTAssertEqual(r.stderr, "")
  }

  func testTimerCallbacksWithOddBehaviour() throws {
    let r = try runHost(
      [
        "--max-instructions", "50000000", "-e",
        """
        local stop = false
        local function again() if not stop then tantan.after(0, again) end end  -- settle is bounded
        tantan.after(0, again)
        print(pcall(tantan.clock.settle, tantan.clock))
        stop = true
        -- a callback that cancels itself, yields, or errors with odd values
        local t; t = tantan.after(1, function() print('cancel self', t:cancel()) end)
        tantan.after(1, function() coroutine.yield() end)
        tantan.after(1, function() error() end)
        tantan.after(1, function() error(setmetatable({}, { __tostring = function() return 'E' end })) end)
        for i = 1, 4 do print(pcall(tantan.clock.advance, tantan.clock, 1)) end
        local co = coroutine.wrap(function() tantan.after(0, function() coroutine.yield(1) end) tantan.clock:advance(1) end)
        print(pcall(co))
        """,
      ], timeout: 120)
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertTrue(r.stdout.hasPrefix("false\t"), r.stdout)
    XCTAssertTrue(r.stdout.contains("settle:"), r.stdout)
  }

  /// The metatables of host objects are reachable with `getmetatable`; calling their metamethods
  /// with foreign values (another userdata, number keys) must fail cleanly too.
  func testMetamethodsOfHostObjectsCalledDirectly() throws {
    try write(
      "meta.lua",
      Self.values + """
        local objects = { tantan.clock, tantan.after(1, print) }
        for _, obj in ipairs(objects) do
          local mt = getmetatable(obj)
          local names = {}
          for k, v in pairs(mt) do if type(v) == 'function' then names[#names + 1] = k end end
          table.sort(names)
          for _, name in ipairs(names) do
            for i = 1, values.n do
              for j = 1, values.n do
                if values[i] ~= obj then pcall(mt[name], values[i], values[j], values[i]) end
              end
            end
          end
          for i = 1, values.n do pcall(function() obj[values[i] or 1] = 1 end) end
        end
        print('survived')
        """)
    let r = try runHost(["meta.lua"], timeout: 120)
    assertSane(r)
    XCTAssertEqual(r.status, 0, "\(r)")
    XCTAssertEqual(r.stdout, "survived\n")
  }
}
