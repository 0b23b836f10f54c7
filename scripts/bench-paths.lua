-- wrk script: requests the paths listed in a file (one per line), in a
-- shuffled cycle, so a run measures lookups across the store, not one hot row.
--   wrk ... -s scripts/bench-paths.lua URL -- PATHS_FILE
local paths = {}
local index = 1

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then table.insert(paths, line) end
  end
  math.randomseed(os.time() + (tonumber(tostring({}):match("0x(%x+)"), 16) or 0))
  index = math.random(#paths)
end

function request()
  index = index % #paths + 1
  return wrk.format("GET", paths[index])
end
