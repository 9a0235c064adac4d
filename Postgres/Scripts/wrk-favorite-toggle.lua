-- wrk script: each connection marks a Pokémon a favorite, then clears the mark, then moves on
-- to the next id (1 to 151, round and round): PUT /pokemon/{id}/favorite, then DELETE.
--
--   wrk -t1 -c8 -d20s --latency -s Postgres/Scripts/wrk-favorite-toggle.lua http://127.0.0.1:8080
--
-- Any answer but 200 is counted by wrk as "Non-2xx or 3xx responses".

local counter = 0

function request()
    local id = math.floor(counter / 2) % 151 + 1
    local method = (counter % 2 == 0) and "PUT" or "DELETE"
    counter = counter + 1
    return wrk.format(method, "/pokemon/" .. id .. "/favorite")
end
