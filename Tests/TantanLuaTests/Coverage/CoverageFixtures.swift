import Foundation

/// A project whose covered and missed lines are known: a spec, a delegate module and a helper it
/// loads, a script, and the lines each leaves unrun.
enum CoverageProject {
  static let helper = """
    local helper = {}

    function helper.clamp(n, lo, hi)
      if n < lo then
        return lo
      elseif n > hi then
        return hi
      end
      return n
    end

    function helper.unused()
      return "never called"
    end

    return helper

    """
  /// helper.lua's executable lines (a function's `end` holds its closure), and those the spec leaves.
  static let helperLines = [1, 3, 4, 5, 6, 7, 9, 10, 12, 13, 14, 16]
  static let helperMissed = [5, 13]

  static let delegate = """
    local helper = require("helper")
    local delegate = {}

    function delegate.title(item)
      return ("%s (%d)"):format(item.name, helper.clamp(item.count, 0, 99))
    end

    function delegate.on_swipe(item, direction)
      if direction == "left" then
        item.liked = false
      else
        item.liked = true
      end
      return item.liked
    end

    return delegate

    """
  static let delegateLines = [1, 2, 4, 5, 6, 8, 9, 10, 12, 14, 15, 17]
  static let delegateMissed = [10]

  static let spec = """
    local delegate = require("delegate")

    describe("delegate", function()
      it("titles an item", function()
        assert.equal("a (5)", delegate.title({ name = "a", count = 5 }))
        assert.equal("b (99)", delegate.title({ name = "b", count = 150 }))
      end)

      it("likes on a right swipe", function()
        assert.is_true(delegate.on_swipe({}, "right"))
      end)
    end)

    """

  /// Clamps twice (5 to 3, then 1), or once and `os.exit(3)` when given an argument.
  static let script = """
    local helper = require("helper")
    print(helper.clamp(5, 0, 3))
    if #arg > 0 then os.exit(3) end
    print(helper.clamp(1, 0, 3))

    """

  static var files: [String: String] {
    ["helper.lua": helper, "delegate.lua": delegate, "spec/delegate_spec.lua": spec, "script.lua": script]
  }

  /// lcov's `DA` records of a tracefile: file (as written) to line to hits.
  static func lcovRecords(_ text: String) -> [String: [Int: Int]] {
    var out: [String: [Int: Int]] = [:]
    var file = ""
    for line in text.split(separator: "\n") {
      if line.hasPrefix("SF:") { file = String(line.dropFirst(3)) }
      if line.hasPrefix("DA:") {
        let parts = line.dropFirst(3).split(separator: ",")
        out[file, default: [:]][Int(parts[0])!] = Int(parts[1])!
      }
    }
    return out
  }
}
