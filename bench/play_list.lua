-- scripts/bench's playground row for a list: 10^6 lazy items from a source, scrolled by the wheel.
local n = tonumber(arg and arg[1]) or 1000000
feed = tantan.list{height = 667, item_height = 44, header_height = 40, sticky_headers = true, source = {
  section_count = function() return 1 end,
  item_count = function() return n end,
  header = function() return "feed" end,
  item = function(_, _, i) return {id = i, title = "Item " .. i} end}}
