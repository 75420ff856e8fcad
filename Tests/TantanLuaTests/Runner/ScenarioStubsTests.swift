import Foundation
import XCTest

/// `lua/scenarios.d.lua` is the one declaration of what scenario files see (the runner's prelude
/// defines it in Lua): a scenario reads the stubs and compares them with the globals, classes and
/// parameter names it really gets, so stale stubs and undeclared globals fail here.
final class ScenarioStubsTests: XCTestCase {
  func testTheStubsDeclareExactlyWhatTheRunnerDefines() throws {
    let stubs = HostBinary.packageRoot.appendingPathComponent("lua/scenarios.d.lua").path
    // The globals of a plain tantan-host state: the runner's own are the rest.
    let plain = try HostBinary.run(["-e", "for k in pairs(_G) do print(k) end"])
    XCTAssertEqual(plain.status, 0, plain.stderr)
    let names = plain.stdout.split(separator: "\n").map { "[\"\($0)\"] = true" }.joined(separator: ", ")
    let dir = try SuiteDir(["stubs_spec.lua": Self.checker(stubs: stubs, plain: names)])
    let r = try dir.test(["stubs_spec.lua"])
    XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
    XCTAssertTrue(r.stdout.contains("2 scenarios: 2 passed"), r.stdout)
  }

  /// Reads the stubs with Lua patterns: `function f(a, b) end`, `a, b = f, g` aliases, `x = ...`
  /// globals, and `---@class`/`---@field` blocks (a field's parameter names from its `fun(...)`).
  static func checker(stubs: String, plain: String) -> String {
    """
    local PLAIN = { \(plain) }
    local globals, classes, current = {}, {}, nil
    -- `a: T, b?: fun(x: U, y: V)` -> {"a", "b"}: names of the top-level parameters (not self, not ...).
    local function param_names(list)
      local out, depth, start = {}, 0, 1
      list = list .. ","
      for i = 1, #list do
        local c = list:sub(i, i)
        if c == "(" or c == "{" or c == "<" then depth = depth + 1
        elseif c == ")" or c == "}" or c == ">" then depth = depth - 1
        elseif c == "," and depth == 0 then
          local name = list:sub(start, i - 1):match("^%s*([%w_%.]+)%??")
          if name == "self" then out.self = true end
          if name and name ~= "self" and name ~= "..." then out[#out + 1] = name end
          start = i + 1
        end
      end
      return out
    end
    for line in io.lines([[\(stubs)]]) do
      local cls = line:match("^%-%-%-@class%s+([%w_%.]+)")
      local field, ftype = line:match("^%-%-%-@field%s+([%w_]+)%??%s+(.*)$")
      if cls then current = cls; classes[cls] = {}
      elseif field and current then
        local args = ftype:match("^fun(%b())")
        args = args and args:sub(2, -2)
        classes[current][field] = args and param_names(args) or false
      elseif not line:find("^%-%-%-") then
        current = nil
        local f, args = line:match("^function%s+([%w_]+)%((.-)%)")
        local lhs, rhs = line:match("^([%w_, ]+)%s*=%s*(.+)$")
        if f then globals[f] = param_names(args)
        elseif lhs then
          local values = {}
          for v in (rhs .. ","):gmatch("%s*([^,]-)%s*,") do values[#values + 1] = v end
          local i = 0
          for name in lhs:gmatch("[%w_]+") do
            i = i + 1
            globals[name] = globals[values[i]] or false
          end
        end
      end
    end

    local problems = {}
    local function add(msg) problems[#problems + 1] = msg end
    local function same_params(what, declared, fn)
      if not declared or type(fn) ~= "function" or debug.getinfo(fn, "S").what ~= "Lua" then return end
      -- A vararg function without named parameters (assert's chain) says nothing to compare.
      local info = debug.getinfo(fn, "Su")
      if info.nparams == 0 and info.isvararg then return end
      -- luassert's functions are loaded without debug information: their parameters are counted.
      if info.source == "=?" then
        local count = #declared + (declared.self and 1 or 0)
        if info.nparams ~= count then
          add(what .. ": declared " .. count .. " parameter(s), defined " .. info.nparams)
        end
        return
      end
      local real = {}
      for i = 1, info.nparams do
        local name = debug.getlocal(fn, i)
        if name ~= "self" then real[#real + 1] = name end
      end
      if table.concat(real, ", ") ~= table.concat(declared, ", ") then
        add(what .. ": declared (" .. table.concat(declared, ", ") .. "), defined (" .. table.concat(real, ", ") .. ")")
      end
    end
    local function fields(cls, obj, exhaustive)
      for name, params in pairs(classes[cls] or {}) do
        local ok, v = pcall(function() return obj[name] end)
        if not ok or v == nil then add(cls .. "." .. name .. " is declared but missing") else same_params(cls .. "." .. name, params, v) end
      end
      if exhaustive then
        for k in pairs(obj) do
          if classes[cls][k] == nil then add(cls .. "." .. k .. " is defined but not declared") end
        end
      end
    end
    local function report()
      if #problems > 0 then error("lua/scenarios.d.lua is stale:\\n" .. table.concat(problems, "\\n"), 0) end
    end

    it("declares every global the runner defines, and no other", function()
      for k in pairs(_G) do
        if not PLAIN[k] and globals[k] == nil then add("global '" .. k .. "' has no declaration") end
      end
      for k, params in pairs(globals) do
        if rawget(_G, k) == nil then add("'" .. k .. "' is declared but the runner does not define it")
        else same_params(k, params, rawget(_G, k)) end
      end
      fields("Assert", assert, false)
      fields("SpyModule", spy, true)
      fields("Spy", spy.new(), false)
      fields("StubModule", stub, true)
      fields("Stub", stub(), false)
      fields("MockModule", mock, true)
      fields("match", match, false)
      report()
    end)

    explore("declares the gen explore actions draw from", {
      setup = function() return {} end,
      actions = { check = function(_, gen) fields("ExploreGen", gen, true) report() end },
      runs = 1, steps = 1,
    })
    """
  }
}
