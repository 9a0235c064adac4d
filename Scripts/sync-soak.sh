#!/usr/bin/env bash
# The sync soak: ModelSync's in-process convergence test (ConvergenceTests: replicas over
# memory, SQLite and JSON files, random writes, deletes and scope changes over a faulty
# network, simulated crashes) over thousands of seeds, then the crash test across processes
# (PokedexServiceTests/SyncCrashTests: SyncReplicaWorker devices, two pokedex-service
# instances and PostgreSQL, each SIGKILLed or crashed at random) over more seeds than CI's 3.
#
#   bash Scripts/sync-soak.sh              2000 in-process seeds, 20 crash seeds
#   bash Scripts/sync-soak.sh 5000 50      those counts
#   bash Scripts/sync-soak.sh 2000 0       the in-process soak alone
#
# A failing seed is replayed alone with SYNC_SEED=<seed> (in-process, SYNC_LOG=1 prints its
# steps) or SYNC_CRASH_SEED=<seed> (across processes). Documentation/Reliability.md ("Sync")
# records the last runs.
set -euo pipefail
cd "$(dirname "$0")/.."
inprocess=${1:-2000}
crash=${2:-20}
logs=${TMPDIR:-/tmp}

if [ "$inprocess" -gt 0 ]; then
    swift build --build-tests
    start=$(date +%s)
    set +e
    SYNC_SOAK_SEEDS=$inprocess swift test --skip-build --filter ModelSyncTests.ConvergenceTests \
        > "$logs/sync-soak-inprocess.log" 2>&1
    status=$?
    grep -E "✘" "$logs/sync-soak-inprocess.log" | head -n 40
    set -e
    echo "in-process: $inprocess seeds in $(($(date +%s) - start)) s, exit $status" \
        "(the whole output: $logs/sync-soak-inprocess.log)"
    [ "$status" -eq 0 ] || exit "$status"
fi
if [ "$crash" -gt 0 ]; then
    swift build --build-tests --package-path Postgres
    start=$(date +%s)
    set +e
    SYNC_CRASH_SEEDS=$crash swift test --skip-build --package-path Postgres \
        --filter SyncCrashTests > "$logs/sync-soak-crash.log" 2>&1
    status=$?
    grep -E "SyncCrashTests seed|✘" "$logs/sync-soak-crash.log" | cut -c1-2000
    set -e
    echo "crash: $crash seeds in $(($(date +%s) - start)) s, exit $status" \
        "(the whole output: $logs/sync-soak-crash.log)"
    exit "$status"
fi
