#!/usr/bin/env bash
# The crash harness: a store writer (Tests/Support/StoreCrashWriter) killed with SIGKILL at
# random moments and at chosen file-system calls (between the new document's write and its
# rename, among others), N times, each time checking that the store opens and holds every
# save acknowledged before the kill.
#
#   bash Scripts/crash-harness.sh          1,200 kills
#   bash Scripts/crash-harness.sh 5000     5,000 kills
#
# swift test runs 60 of them; this runs the same test longer, and prints the figures.
set -euo pipefail
cd "$(dirname "$0")/.."
iterations=${1:-1200}
swift build --build-tests
STORE_CRASH_ITERATIONS=$iterations swift test --skip-build --filter CrashTests 2>&1 \
    | grep -vE "^(◇|↳)|Test Suite|Executed"
