-- A small RFC 4180 reader: quoted fields, doubled quotes, CRLF; numbers become numbers.
local M = {}

function M.resolve(dir, path)
  if path:sub(1, 1) == "/" or dir == nil or dir == "." then return path end
  return dir .. "/" .. path
end

function M.slurp(path)
  local f, err = io.open(path, "rb")
  if not f then error(err, 0) end
  local text = f:read("a")
  f:close()
  return text
end

-- Splits text into rows of fields.
function M.parse(text)
  local rows, row, field, i, n = {}, {}, {}, 1, #text
  local quoted = false
  while i <= n do
    local c = text:sub(i, i)
    if quoted then
      if c == '"' then
        if text:sub(i + 1, i + 1) == '"' then field[#field + 1] = '"'; i = i + 1 else quoted = false end
      else
        field[#field + 1] = c
      end
    elseif c == '"' then
      quoted = true
    elseif c == "," then
      row[#row + 1] = table.concat(field); field = {}
    elseif c == "\n" or c == "\r" then
      if c == "\r" and text:sub(i + 1, i + 1) == "\n" then i = i + 1 end
      row[#row + 1] = table.concat(field); field = {}
      rows[#rows + 1] = row; row = {}
    else
      field[#field + 1] = c
    end
    i = i + 1
  end
  if quoted then error("unterminated quoted field", 0) end
  if #field > 0 or #row > 0 then row[#row + 1] = table.concat(field); rows[#rows + 1] = row end
  return rows
end

-- Records keyed by the header row; `options.numbers = false` keeps every field a string.
function M.records(rows, options)
  local header = table.remove(rows, 1) or {}
  local convert = not (options and options.numbers == false)
  local out = { header = header }
  for r, row in ipairs(rows) do
    if #row ~= #header then
      error(("row %d has %d fields, the header has %d"):format(r + 1, #row, #header), 0)
    end
    local rec = {}
    for k, name in ipairs(header) do
      local v = row[k]
      rec[name] = convert and math.tointeger(tonumber(v)) or (convert and tonumber(v)) or v
    end
    out[#out + 1] = rec
  end
  return out
end

function M.read_file(path, options)
  return M.records(M.parse(M.slurp(path)), options)
end

function M.format_record(rec, header)
  local parts = {}
  for _, name in ipairs(header) do parts[#parts + 1] = name .. "=" .. tostring(rec[name]) end
  return table.concat(parts, " ")
end

return M
