-- The virtual clock and timers, the way a scenario drives them. Run: tantan-host test scenarios
-- Times are relative to the scenario's start: under tantan-host every scenario has its own clock
-- starting at 0, but busted runs every scenario in one state, so these also pass under busted.
describe("the virtual clock #clock", function()
  local t0
  before_each(function() t0 = tantan.clock.now end)

  it("moves only when a scenario advances it", function()
    tantan.clock:advance(5)
    assert.equal(t0 + 5, tantan.clock.now)
  end)

  it("fires a timer only when time is advanced past it", function()
    local fired = spy.new()
    tantan.after(0.5, function() fired() end)  -- a spy is a callable table; timers take functions
    tantan.clock:advance(0.4)
    assert.spy(fired).was_not.called()
    tantan.clock:advance(0.1)
    assert.spy(fired).was.called(1)
  end)

  it("fires timers in due order, ties in scheduling order", function()
    local order = {}
    tantan.after(2, function() order[#order + 1] = "b" end)
    tantan.after(1, function() order[#order + 1] = "a" end)
    tantan.after(2, function() order[#order + 1] = "c" end)
    tantan.clock:settle()
    assert.same({ "a", "b", "c" }, order)
  end)

  it("shows each timer its own due time", function()
    local seen = {}
    for _, t in ipairs { 0.25, 0.5, 1 } do
      tantan.after(t, function() seen[#seen + 1] = tantan.clock.now - t0 end)
    end
    tantan.clock:advance(10)
    assert.same({ 0.25, 0.5, 1 }, seen)
    assert.near(t0 + 10, tantan.clock.now, 1e-9)
  end)

  it("cancels a pending timer", function()
    local fired = spy.new()
    local t = tantan.after(1, function() fired() end)
    assert.is_true(t.pending)
    assert.is_true(t:cancel())
    assert.is_false(t:cancel())
    tantan.clock:settle()
    assert.spy(fired).was_not.called()
  end)

  it("settles timers scheduled by timers", function()
    local n = 0
    local function tick()
      n = n + 1
      if n < 5 then tantan.after(1, tick) end
    end
    tantan.after(1, tick)
    assert.equal(5, tantan.clock:settle())
    assert.equal(5, n)
    assert.equal(t0 + 5, tantan.clock.now)
  end)

  it("rejects negative and infinite durations", function()
    assert.has_error(function() tantan.after(-1, function() end) end)
    assert.error_matches(function() tantan.clock:advance(math.huge) end, "finite")
  end)

  it("passes a timer's error to whoever advanced the clock", function()
    tantan.after(1, function() error("boom in a timer") end)
    assert.error_matches(function() tantan.clock:advance(2) end, "boom in a timer")
  end)
end)
