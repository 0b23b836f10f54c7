-- wrk script: sums the Server-Timing stages (db, render, html) of every response,
-- so the libxml2 share is read under load with warm caches.
local threads = {}

function setup(thread)
  table.insert(threads, thread)
end

function init(args)
  sums = { db = 0, render = 0, html = 0, total = 0 }
  count = 0
end

function response(status, headers, body)
  local timing = headers["Server-Timing"] or headers["server-timing"]
  if timing then
    for name, value in string.gmatch(timing, "(%w+);dur=([%d%.]+)") do
      if sums[name] then sums[name] = sums[name] + tonumber(value) end
    end
    count = count + 1
  end
end

function done(summary, latency, requests)
  local db, render, html, total, n = 0, 0, 0, 0, 0
  for _, thread in ipairs(threads) do
    local s = thread:get("sums")
    db, render, html, total = db + s.db, render + s.render, html + s.html, total + s.total
    n = n + thread:get("count")
  end
  if n == 0 then return end
  io.write(string.format(
    "dashboard, mean per page: db %.3f ms, render %.3f ms, html (libxml2 validate+sanitise+serialise) %.3f ms, total in the app %.3f ms\n",
    db / n, render / n, html / n, total / n))
  io.write(string.format(
    "libxml2 share: %.1f%% of the page's time in the app (total), %.1f%% of db+render+html\n",
    100 * html / total, 100 * html / (db + render + html)))
  -- The same stage against the whole response time wrk saw (HTTP parsing,
  -- routing, sending and the loopback included): page time from outside.
  io.write(string.format(
    "libxml2 share of the response time seen by the client: %.1f%% (html %.3f ms of %.3f ms mean latency)\n",
    100 * (html / n) / (latency.mean / 1000), html / n, latency.mean / 1000))
end
