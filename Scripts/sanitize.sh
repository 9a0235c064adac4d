#!/usr/bin/env bash
# The whole test suite under a sanitizer, in a build directory of its own:
#
#   bash Scripts/sanitize.sh thread     ThreadSanitizer   (.build-tsan)
#   bash Scripts/sanitize.sh address    AddressSanitizer  (.build-asan; LeakSanitizer off,
#                                       see below)
#   STRICT=1 bash Scripts/sanitize.sh … the same, built with warnings as errors
#   bash Scripts/sanitize.sh thread --skip PokedexCLITests
#                                       arguments after the sanitizer go to `swift test`
#
# Every suite runs, the conformance suite's concurrent mutations, the sync tests and the
# client's concurrency tests included; the million-record store is cut to 20,000 records
# (STORE_LARGE_RECORDS), whose decoding a sanitizer slows tenfold: the parser's paths are
# the same at any size, and the plain run opens the million. The script fails on any
# sanitizer report, even one that does not fail a test.
set -euo pipefail
cd "$(dirname "$0")/.."
sanitizer=${1:?"usage: Scripts/sanitize.sh thread|address [swift test arguments…]"}
shift
case "$sanitizer" in
thread) scratch=.build-tsan ;;
address) scratch=.build-asan ;;
*) echo "usage: Scripts/sanitize.sh thread|address" >&2; exit 2 ;;
esac
log=$scratch/sanitize.log
mkdir -p "$scratch"
# STRICT=1 (CI's ThreadSanitizer run) makes this the build with warnings as errors too, so that
# CI compiles the package once for both. An expression that takes the type checker more than
# 2 s is a warning, hence an error: a long `&&` chain of conditions must stay quick to compile.
# The eight-clause chain in Tests/KeyPathQueryTests/CallSites/CompileTimeTests.swift takes
# ~50 ms; a chain whose operator overloads went exponential would take seconds or fail
# outright. The limit is generous because the timer is wall-clock: a test's closure body is
# checked as one expression and takes up to ~0.5 s while the other core is busy, and an 800 ms
# limit failed CI once at 916 ms.
strict=()
if [ "${STRICT:-0}" = 1 ]; then
    strict=(-Xswiftc -warnings-as-errors
        -Xswiftc -Xfrontend -Xswiftc -warn-long-expression-type-checking=2000)
fi
swift build --build-tests --sanitize="$sanitizer" --scratch-path "$scratch" "${strict[@]}"
# Swift's crash backtracer would get in the sanitizer's way. LeakSanitizer is off: the Swift
# runtime and Foundation keep caches it cannot see through (Swift's spare-bit pointers), and
# its reports would be about them; the fuzz targets check leaks per input instead.
export SWIFT_BACKTRACE=enable=no
# A sanitized run is several times slower, and the suites beside a test can hold both cores for
# minutes: the tests' hang guard (Tests/Support/TestSupport/HangGuard.swift) is 20 minutes.
export POKEDEXKIT_HANG_GUARD=1200
export TSAN_OPTIONS=halt_on_error=0:second_deadlock_stack=1
# Scripts/asan-suppressions.txt names the reports inside Foundation itself that are left out.
# Tests run child processes as `nobody`, whose AddressSanitizer must read the file too (and
# aborts when it cannot), so it is read from a copy that every user can read.
suppressions=$(mktemp /tmp/asan-suppressions.XXXXXX)
trap 'rm -f "$suppressions"' EXIT
cp Scripts/asan-suppressions.txt "$suppressions"
chmod 644 "$suppressions"
export ASAN_OPTIONS=detect_leaks=0:halt_on_error=1:suppressions=$suppressions
set +e
STORE_LARGE_RECORDS=20000 swift test --skip-build --sanitize="$sanitizer" \
    --scratch-path "$scratch" "$@" 2>&1 | tee "$log" | grep -E "^(✘|✔ Test run|✘ Test run)|^ *↳|Sanitizer"
status=${PIPESTATUS[0]}
set -e
reports=$(grep -c -E "WARNING: ThreadSanitizer|ERROR: AddressSanitizer" "$log" || true)
echo "$sanitizer sanitizer: $reports report(s); the log is $log"
[ "$status" -eq 0 ] && [ "$reports" -eq 0 ]
