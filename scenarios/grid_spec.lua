-- The drag-to-reorder grid (DraggingSort) the way an app uses it: long press, drag, drop, edit.

local function items(n)
  local list = {}
  for i = 1, n do list[i] = string.char(96 + i) end  -- "a", "b", ...
  return list
end

local function contains(list, wanted)
  for _, v in ipairs(list) do if v == wanted then return true end end
  return false
end

describe("reorder grid #grid", function()
  it("lays items out in rows of four", function()
    local grid = tantan.grid { items = items(8) }
    assert.equal(8, grid.count)
    local one, two, five = grid:cell(1).frame, grid:cell(2).frame, grid:cell(5).frame
    assert.is_true(two.x > one.x)
    assert.equal(one.y, two.y)
    assert.is_true(five.y > one.y)
    assert.equal(one.x, five.x)
  end)

  it("finds the cell under a point", function()
    local grid = tantan.grid { items = items(8) }
    local f = grid:cell(6).frame
    assert.equal(6, grid:index_at(f.x + f.w / 2, f.y + f.h / 2))
  end)

  it("drags item 1 onto item 3", function()
    local grid = tantan.grid { items = items(4) }
    assert.equal(3, grid:drag(1, 3))
    assert.same({ "b", "c", "a", "d" }, grid.items)
  end)

  it("drags backwards", function()
    local grid = tantan.grid { items = items(8) }
    assert.equal(2, grid:drag(7, 2))
    assert.same({ "a", "g", "b", "c", "d", "e", "f", "h" }, grid.items)
  end)

  it("reports the committed move once", function()
    local delegate = { did_drop = function() end }
    local did_drop = spy.on(delegate, "did_drop")
    local grid = tantan.grid { items = items(4), delegate = delegate }
    grid:drag(1, 3)
    assert.spy(did_drop).was.called(1)
    assert.spy(did_drop).was.called_with(grid, 1, 3)
    assert.is_true(contains(grid:events(), "did_drop(1, 3)"))
  end)

  it("enters editing on a long press and drops where the finger is", function()
    local grid = tantan.grid { items = items(8) }
    grid:long_press(1)
    assert.is_true(grid.editing)
    assert.equal(1, grid.dragging)
    local f = grid:cell(2).frame
    grid:drag_to(f.x + f.w / 2, f.y + f.h / 2)
    assert.equal(2, grid:drop())
    assert.is_nil(grid.dragging)
    assert.same({ "b", "a" }, { grid.items[1], grid.items[2] })
  end)

  it("cancels a drag and keeps the order", function()
    local grid = tantan.grid { items = items(4) }
    grid:long_press(2)
    grid:drag_by(200, 0)
    grid:cancel()
    assert.same(items(4), grid.items)
  end)

  it("never moves a locked item", function()
    local grid = tantan.grid { items = items(4), locked = { 1 } }
    pcall(function() grid:drag(3, 1) end)
    assert.equal("a", grid.items[1])
    assert.is_false(grid:move(1, 3))
    assert.equal("a", grid.items[1])
  end)

  it("lets the delegate veto a move", function()
    local grid = tantan.grid { items = items(4), delegate = { can_move = function(_, i) return i ~= 2 end } }
    assert.equal(2, grid:drag(2, 4))
    assert.same(items(4), grid.items)
  end)

  it("deletes with the badge while editing", function()
    local delegate = { did_delete = function() end }
    local did_delete = spy.on(delegate, "did_delete")
    local grid = tantan.grid { items = items(4), delegate = delegate }
    assert.has_error(function() grid:delete(2) end)  -- the badge is hidden outside editing
    grid:toggle_editing()
    assert.is_true(grid.editing)
    grid:delete(2)
    assert.same({ "a", "c", "d" }, grid.items)
    assert.spy(did_delete).was.called_with(grid, 2, "b")
  end)

  it("moves with the keyboard through the same commit path", function()
    local grid = tantan.grid { items = items(4) }
    assert.is_true(grid:move(4, 1))
    assert.same({ "d", "a", "b", "c" }, grid.items)
    assert.is_true(contains(grid:events(), "did_drop(4, 1)"))
  end)
end)
