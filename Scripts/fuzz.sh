#!/usr/bin/env bash
# Runs the libFuzzer targets of the Fuzz/ package, built with -sanitize=fuzzer,address.
#
#   bash Scripts/fuzz.sh                    every target, 60 seconds each (CI's smoke run gives each 30)
#   bash Scripts/fuzz.sh TARGET             one target, 60 seconds
#   bash Scripts/fuzz.sh TARGET 600         one target, 600 seconds
#   bash Scripts/fuzz.sh TARGET 1000000r    one target, 1,000,000 executions
#   bash Scripts/fuzz.sh all 1000000r       every target, 1,000,000 executions each
#   bash Scripts/fuzz.sh build              only build the targets (CI builds them early)
#   FUZZ_CONFIGURATION=debug bash Scripts/fuzz.sh …
#                                           the same on a debug build (CI's smoke run)
#
# TARGET is one of the names below, with or without its "fuzz-" prefix. Each run starts from
# the target's seeds (made from the real fixtures into Fuzz/corpus-TARGET/, which libFuzzer
# then grows; it is not committed) and writes any crash, hang or leak to Fuzz/artifacts/
# TARGET/; the script fails if one is found. Extra libFuzzer flags go after the budget:
#
#   bash Scripts/fuzz.sh store-journal 120 -jobs=2 -workers=2
#
# A crash's input replays with: Fuzz/.build/release/fuzz-TARGET Fuzz/artifacts/TARGET/crash-…
# (Fuzz/.build/debug/ after a debug build).
# Each run's last lines (executions, coverage, peak RSS) go to Fuzz/artifacts/TARGET/summary.
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(fetched-pokemon resource-list store-document store-journal condition-rendering text-search)
# The largest input each target tries: a few times its largest seed, small enough to keep
# executions fast.
declare -A max_len=(
    [fetched-pokemon]=40000 [resource-list]=16384 [store-document]=16384
    [store-journal]=8192 [condition-rendering]=4096 [text-search]=2048
)

selected=${1:-all}
budget=${2:-60}
shift $(($# < 2 ? $# : 2))
if [ "$selected" = all ] || [ "$selected" = build ]; then
    run_targets=("${targets[@]}")
else
    run_targets=("${selected#fuzz-}")
    [ -n "${max_len[${run_targets[0]}]:-}" ] || {
        echo "unknown target $selected; targets: ${targets[*]}" >&2
        exit 2
    }
fi
if [[ $budget == *r ]]; then
    limit=(-runs="${budget%r}")
else
    limit=(-max_total_time="$budget")
fi

# Optimized (a debug build runs 2 to 5 times slower), with -enable-testing for the store
# targets' @testable import. FUZZ_CONFIGURATION=debug builds in debug instead, in less than
# half the time: CI's 30-second smoke runs take it, where the build costs more than the
# executions it loses. The linker's "Cannot export local symbol" notes about the sanitizer's
# own symbols are noise.
configuration=${FUZZ_CONFIGURATION:-release}
case "$configuration" in
release | debug) ;;
*) echo "FUZZ_CONFIGURATION is release or debug, not $configuration" >&2; exit 2 ;;
esac
echo "== building the fuzz targets ($configuration, -sanitize=fuzzer,address)"
set +e
swift build --package-path Fuzz -c "$configuration" -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -enable-testing 2>&1 | grep -v "Cannot export local symbol"
built=${PIPESTATUS[0]}
set -e
[ "$built" -eq 0 ] || { echo "the build failed" >&2; exit 1; }
[ "$selected" = build ] && exit 0

# A failed property traps straight into libFuzzer's handler, which saves the input; Swift's
# own crash backtracer would only get in its way (and trip AddressSanitizer).
export SWIFT_BACKTRACE=enable=no
# Leaks outside this package, each explained in the file.
export LSAN_OPTIONS=suppressions=$PWD/Fuzz/lsan.supp:print_suppressions=0
# AddressSanitizer keeps every distinct allocation stack for good: deep conditions make new
# ones at every depth, and 30 frames each grew a run by gigabytes (and slowed it threefold).
# Eight frames say where an allocation came from; a crash's own stack stays whole.
export ASAN_OPTIONS=malloc_context_size=8

status=0
for target in "${run_targets[@]}"; do
    binary=Fuzz/.build/$configuration/fuzz-$target
    corpus=Fuzz/corpus-$target
    artifacts=Fuzz/artifacts/$target
    mkdir -p "$corpus" "$artifacts"
    # Writing seeds exits mid-way, with the seeds still in memory: no leak check there.
    ASAN_OPTIONS=$ASAN_OPTIONS:detect_leaks=0 "$binary" --write-seeds "$corpus"
    echo "== fuzz-$target (${limit[*]}, -max_len=${max_len[$target]})"
    started=$SECONDS
    set +e
    # Leaks are checked on every input (-detect_leaks=1); -timeout makes an input that takes
    # more than 10 s a hang; past 2 GiB of memory is a failure too (AddressSanitizer's
    # allocator and quarantine hold about 0.5 GiB of a run on their own).
    "$binary" "$corpus" -max_len="${max_len[$target]}" -timeout=10 -rss_limit_mb=2048 \
        -detect_leaks=1 -print_final_stats=1 -artifact_prefix="$artifacts/" "${limit[@]}" "$@" \
        >"$artifacts/log" 2>&1
    result=$?
    set -e
    grep -E "^(#[0-9]+[[:space:]]+(DONE|INITED)|stat::|Done |==[0-9]+==ERROR|SUMMARY)" "$artifacts/log" \
        | tee "$artifacts/summary"
    echo "seconds: $((SECONDS - started))" | tee -a "$artifacts/summary"
    if [ $result -ne 0 ]; then
        echo "fuzz-$target FAILED (exit $result); the log is $artifacts/log:" >&2
        tail -40 "$artifacts/log" >&2
        status=1
    fi
done
exit $status
