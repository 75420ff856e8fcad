-- The busted API that scenario files use: blocks, hooks, assertions, spies, tags and pending.
-- These files run unchanged under busted itself: busted --lua=tantan-host scenarios
describe("blocks and hooks", function()
  local log, ready

  setup(function() ready = true end)  -- tantan-host: before each scenario (fresh state); busted: once
  before_each(function() log = { "before" } end)
  after_each(function() log[#log + 1] = "after" end)

  it("runs setup, then before_each, then the scenario", function()
    assert.is_true(ready)
    assert.same({ "before" }, log)
  end)

  describe("nested", function()
    before_each(function() log[#log + 1] = "inner before" end)

    it("runs outer hooks before inner hooks", function()
      assert.same({ "before", "inner before" }, log)
    end)
  end)
end)

describe("assertions #assert", function()
  it("compares with == or deeply", function()
    assert.equal(3, 1 + 2)
    assert.are.same({ 1, { x = 2 } }, { 1, { x = 2 } })
    assert.is_not.equal({}, {})
    assert.are_not.same({ 1 }, { 2 })
  end)

  it("checks truthiness, nil and types", function()
    assert.truthy(0)
    assert.falsy(nil)
    assert.is_nil(nil)
    assert.is_true(true)
    assert.is_false(false)
    assert.is_string("s")
    assert.is_number(1.5)
    assert.is_table({})
  end)

  it("compares floats with a tolerance", function()
    assert.near(0.3, 0.1 + 0.2, 1e-12)
    assert.is_not.near(1, 2, 0.5)
  end)

  it("matches patterns", function()
    assert.matches("^did_swipe%(%d+", "did_swipe(3, \"left\")")
    assert.does_not.match("right", "left")
  end)

  it("checks errors and their messages", function()
    assert.has_error(function() error("no more cards") end, "no more cards")
    assert.error_matches(function() error("card 7 is gone") end, "card %d+")
    assert.has_no.errors(function() end)
  end)
end)

describe("spies #spy", function()
  it("record calls and arguments", function()
    local s = spy.new(function(x) return type(x) == "number" and x * 2 or x end)
    assert.equal(6, s(3))
    s("a", nil)
    assert.spy(s).was.called(2)
    assert.spy(s).was.called_with(3)
    assert.spy(s).was.called_with("a", nil)
    assert.spy(s).was_not.called_with(4)
    assert.spy(s).returned_with(6)
  end)

  it("wrap a method in place and revert it", function()
    local delegate = { did_swipe = function(_, index) return index end }
    local s = spy.on(delegate, "did_swipe")
    delegate:did_swipe(2)
    assert.spy(s).was.called_with(delegate, 2)
    assert.spy(s).was.called_with(match._, 2)
    s:revert()
    assert.is_false(spy.is_spy(delegate.did_swipe))
  end)
end)

describe("pending work", function()
  pending("a scenario still to write")
end)
