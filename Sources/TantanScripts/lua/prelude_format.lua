-- The scenario runner's Lua side, part 1 (prelude.lua runs the parts): value formatting (numbers,
-- error values as busted shows them, messages without addresses) and the snapshot serializer
-- (golden files, one entry per line, keys sorted: stable and diff-friendly; decks, grids and
-- lists as the plain data of what they show). Returns its functions for the other parts.
local type, tostring, tonumber, ipairs, next, pcall = type, tostring, tonumber, ipairs, next, pcall
local getmetatable, rawget = getmetatable, rawget
local sformat, srep, concat, sort = string.format, string.rep, table.concat, table.sort
local mtype = math.type

local KEYWORDS = {}
for w in ("and break do else elseif end false for function goto if in local nil not or repeat return then true until while"):gmatch("%a+") do
  KEYWORDS[w] = true
end

local function fmt_number(v)
  if mtype(v) == "integer" then return tostring(v) end
  if v ~= v then return "nan" end
  if v == math.huge then return "inf" elseif v == -math.huge then return "-inf" end
  for p = 14, 17 do
    local s = sformat("%." .. p .. "g", v)
    if tonumber(s) == v then
      if not s:find("[%.eEn]") then s = s .. ".0" end
      return s
    end
  end
  return sformat("%.17g", v)
end

local ESC = { ["\\"] = "\\\\", ['"'] = '\\"', ["\n"] = "\\n", ["\r"] = "\\r", ["\t"] = "\\t" }
local function fmt_string(s)
  return '"' .. s:gsub('[%c"\\]', function(c) return ESC[c] or sformat("\\%03d", c:byte()) end) .. '"'
end

local function fmt_scalar(v)
  local tv = type(v)
  if tv == "string" then return fmt_string(v)
  elseif tv == "number" then return fmt_number(v)
  elseif tv == "nil" or tv == "boolean" then return tostring(v)
  elseif tv == "userdata" or tv == "table" then
    local mt = getmetatable(v)
    if type(mt) == "table" and rawget(mt, "__tostring") then
      local ok, s = pcall(tostring, v)
      if ok and type(s) == "string" then return s end
    end
    return "<" .. tv .. ">"
  end
  return "<" .. tv .. ">"
end

local KORDER = { number = 1, string = 2, boolean = 3 }
local function key_less(a, b)
  local ta, tb = type(a), type(b)
  if ta ~= tb then return (KORDER[ta] or 9) < (KORDER[tb] or 9) end
  if ta == "number" or ta == "string" then return a < b end
  if ta == "boolean" then return (not a) and b end
  return tostring(a) < tostring(b)
end

-- The array part 1..n (stopping at the first nil) and the other keys, sorted.
local function split_keys(t)
  local n = 0
  while rawget(t, n + 1) ~= nil do n = n + 1 end
  local keys = {}
  for k in next, t do
    if not (mtype(k) == "integer" and k >= 1 and k <= n) then keys[#keys + 1] = k end
  end
  sort(keys, key_less)
  return n, keys
end

local function fmt_key(k)
  if type(k) == "string" and k:match("^[%a_][%w_]*$") and not KEYWORDS[k] then return k end
  return "[" .. fmt_scalar(k) .. "]"
end

local function has_tostring(v)
  local mt = getmetatable(v)
  return type(mt) == "table" and rawget(mt, "__tostring") ~= nil
end

-- What a deck, grid or list shows, as plain data for golden files (their tostring is one line):
-- deck cards with frames, alpha and models; grid cells in order with frames; list layout.
local function list_entry(l, e)
  local model
  if e.kind == "item" then model = l:item(e.section, e.index)
  elseif e.kind == "header" then model = l:header(e.section)
  else model = l:footer(e.section) end
  return { kind = e.kind, section = e.section, index = e.index, frame = e.frame, z = e.z, model = model }
end
local COMPONENT_STATE = {
  ["tantan.SwipeDeck"] = function(d)
    return { component = "tantan.SwipeDeck", state = d.state, index = d.index, count = d.count,
      queued = d.queued, cards = d.cards, empty = d.empty }
  end,
  ["tantan.ReorderGrid"] = function(g)
    local cells = {}
    for i = 1, g.count do cells[i] = g:cell(i) end
    return { component = "tantan.ReorderGrid", count = g.count, editing = g.editing, offset = g.offset,
      dragging = g.dragging, drag_origin = g.drag_origin, snapshot = g.snapshot, cells = cells }
  end,
  ["tantan.List"] = function(l)
    local layout = {}
    for i, e in ipairs(l:layout()) do layout[i] = list_entry(l, e) end
    return { component = "tantan.List", offset = l.offset, content_height = l.content_height,
      refresh_state = l.refresh_state, loading = l.loading, has_more = l.has_more, page = l.page,
      load_error = l.load_error, layout = layout }
  end,
}
local function component_state(v)
  if type(v) ~= "userdata" then return nil end
  local mt = getmetatable(v)
  local f = type(mt) == "table" and COMPONENT_STATE[rawget(mt, "__name")]
  return f and f(v)
end

-- Many lines, for golden files: one entry per line, two-space indent, trailing commas.
local function render(v, out, indent, seen)
  v = component_state(v) or v
  if type(v) ~= "table" or has_tostring(v) then out[#out + 1] = fmt_scalar(v); return end
  if seen[v] then out[#out + 1] = "<cycle>"; return end
  local n, keys = split_keys(v)
  if n == 0 and #keys == 0 then out[#out + 1] = "{}"; return end
  seen[v] = true
  local pad = srep("  ", indent + 1)
  out[#out + 1] = "{\n"
  for i = 1, n do
    out[#out + 1] = pad
    render(rawget(v, i), out, indent + 1, seen)
    out[#out + 1] = ",\n"
  end
  for _, k in ipairs(keys) do
    out[#out + 1] = pad .. fmt_key(k) .. " = "
    render(rawget(v, k), out, indent + 1, seen)
    out[#out + 1] = ",\n"
  end
  out[#out + 1] = srep("  ", indent) .. "}"
  seen[v] = nil
end

-- Lua writes tables, functions, threads and userdata without __tostring as `table: 0x55d7...`:
-- addresses differ from run to run, so messages drop them (`(table) {...}`, `function`).
local ADDRESS_TYPES = { "table", "function", "thread", "userdata" }
local function strip_addresses(s)
  if not s:find("0x", 1, true) then return s end
  for _, t in ipairs(ADDRESS_TYPES) do s = s:gsub(t .. ": 0x%x+", t) end
  return s
end

-- An error value as busted shows it (busted.rewriteMessage): a string, or what `__tostring`
-- makes of it, else penlight's pretty.write layout (array part, then keys sorted by type and
-- text; addresses dropped), or `Nil error`.
local function pretty(v)
  local seen = {}
  local function key_text(k)
    if type(k) == "string" and k:match("^[%a_][%w_]*$") and not KEYWORDS[k] then return k end
    if type(k) == "number" then return "[" .. fmt_number(k) .. "]" end
    return "[" .. fmt_string(strip_addresses(tostring(k))) .. "]"
  end
  local function value(x, indent)
    if type(x) == "string" then return fmt_string(x) end
    if type(x) == "number" then return fmt_number(x) end
    if type(x) ~= "table" then return strip_addresses(tostring(x)) end
    if seen[x] then return "<cycle>" end
    seen[x] = true
    local inner, items, n = indent .. "  ", {}, 0
    while rawget(x, n + 1) ~= nil do
      n = n + 1
      items[n] = inner .. value(rawget(x, n), inner)
    end
    local keys, numbers = {}, {}
    for k in next, x do
      if type(k) ~= "number" then keys[#keys + 1] = k
      elseif not (mtype(k) == "integer" and k >= 1 and k <= n) then numbers[#numbers + 1] = k end
    end
    sort(keys, function(a, b)
      if type(a) == type(b) then return tostring(a) < tostring(b) end
      return type(a) < type(b)
    end)
    sort(numbers)
    for _, list in ipairs { keys, numbers } do
      for _, k in ipairs(list) do items[#items + 1] = inner .. key_text(k) .. " = " .. value(rawget(x, k), inner) end
    end
    seen[x] = nil
    return "{\n" .. concat(items, ",\n") .. (#items > 0 and "\n" or "") .. indent .. "}"
  end
  return value(v, "")
end

local function error_text(e)
  if type(e) == "string" then return e end
  if has_tostring(e) then
    local ok, s = pcall(tostring, e)
    if ok and type(s) == "string" then return strip_addresses(s) end
  end
  if e == nil then return "Nil error" end
  return pretty(e)
end

local SNAPSHOT_HEADER = "-- tantan snapshot v1\n"
local function serialize(v)
  if type(v) == "string" then
    local body = v
    if body:sub(-1) ~= "\n" then body = body .. "\n" end
    return SNAPSHOT_HEADER .. "-- kind: text\n" .. body
  end
  local out = {}
  local state = component_state(v)
  render(state or v, out, 0, {})
  return SNAPSHOT_HEADER .. "-- kind: " .. (state and state.component or "value") .. "\n" .. concat(out) .. "\n"
end

return { fmt_number = fmt_number, serialize = serialize, strip_addresses = strip_addresses, error_text = error_text }
