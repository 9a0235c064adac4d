#!/usr/bin/env bash
# Loads two pokedex-service instances at once, one wrk per instance, on loopback, and prints
# both reports: the figures of Documentation/Performance.md ("PostgresStore example service
# under wrk").
#
#   bash Postgres/Scripts/wrk-two-instances.sh list|toggle [DURATION] [PORT_A] [PORT_B]
#
#   list     GET /pokemon?type=water&sort=-attack&limit=10
#   toggle   PUT then DELETE /pokemon/{id}/favorite, id 1 to 151 (wrk-favorite-toggle.lua)
#
# Each wrk runs one thread and 8 connections for DURATION (20s by default) against
# 127.0.0.1:PORT_A (8080) and 127.0.0.1:PORT_B (8081); start the instances first (README.md).
set -euo pipefail
cd "$(dirname "$0")"
what="${1:?usage: wrk-two-instances.sh list|toggle [DURATION] [PORT_A] [PORT_B]}"
duration="${2:-20s}"
ports=("${3:-8080}" "${4:-8081}")
case "$what" in
    list) arguments=() path="/pokemon?type=water&sort=-attack&limit=10" ;;
    toggle) arguments=(-s wrk-favorite-toggle.lua) path="" ;;
    *) echo "wrk-two-instances.sh: expects list or toggle, not '$what'" >&2; exit 2 ;;
esac
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }
reports=()
pids=()
for port in "${ports[@]}"; do
    report=$(mktemp)
    reports+=("$report")
    wrk -t1 -c8 -d"$duration" --latency "${arguments[@]}" "http://127.0.0.1:$port$path" \
        >"$report" 2>&1 &
    pids+=($!)
done
status=0
for pid in "${pids[@]}"; do wait "$pid" || status=$?; done
for index in "${!ports[@]}"; do
    echo "== instance on port ${ports[$index]}"
    cat "${reports[$index]}"
    rm -f "${reports[$index]}"
done
exit "$status"
