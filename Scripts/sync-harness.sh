#!/usr/bin/env bash
# The network harness: Pokedex.sync of ids 1-151 into a file store against the local test
# server with 30 % of responses failing at random (Scripts/pokeapi-test-server.py
# --fault-rate 0.3), once per seed; each run must save exactly the 151 records, once each,
# with no id asked for more than the retry budget (10 attempts).
#
#   bash Scripts/sync-harness.sh          seeds 1-50
#   bash Scripts/sync-harness.sh 7,9-12   those seeds
#
# swift test runs seeds 1-3; this runs the same test over more, and prints each run's figures.
set -euo pipefail
cd "$(dirname "$0")/.."
seeds=${1:-1-50}
swift build --build-tests
SYNC_FAULT_SEEDS=$seeds swift test --skip-build --filter SyncFaultRateTests 2>&1 \
    | grep -vE "^(◇|↳)|Test Suite|Executed"
