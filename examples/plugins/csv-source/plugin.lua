-- csv-source: CSV and JSON files as data sources.
--   tantan.source("csv", "people.csv")   an array of records, keyed by the header row
--   tantan.source("json", "cards.json")  the JSON array in the file (needs lua-cjson)
-- Paths are relative to the file that calls tantan.source. `tantan-host csv-head FILE [N]`
-- prints the first N records of a CSV file.
return {
  name = "csv-source",
  version = "1.0.0",
  api = 1,
  description = "CSV and JSON files as data sources (arrays of records)",
  setup = function(host)
    local csv = require("csv_source") -- csv-source/lua/csv_source.lua (named after the plugin: module names are global)

    host.register_source("csv", function(ctx, path, options)
      return csv.read_file(csv.resolve(ctx.dir, path), options)
    end)

    host.register_source("json", function(ctx, path)
      local ok, cjson = pcall(require, "cjson")
      if not ok then error("the json source needs lua-cjson (require 'cjson' failed)", 0) end
      local text = csv.slurp(csv.resolve(ctx.dir, path))
      local data = cjson.decode(text)
      if type(data) ~= "table" then error(path .. ": a JSON array expected", 0) end
      return data
    end)

    host.register_command("csv-head", function(args)
      local path, n = args[1], tonumber(args[2] or "5")
      if not path then
        io.stderr:write("usage: tantan-host csv-head FILE [N]\n")
        return 2
      end
      local rows = csv.read_file(path)
      for i = 1, math.min(n, #rows) do print(csv.format_record(rows[i], rows.header)) end
      print(("(%d of %d records)"):format(math.min(n, #rows), #rows))
    end)
  end,
}
