#!/usr/bin/env bash
# Formats every Swift file in place with the toolchain's swift-format and the committed
# .swift-format; with --lint, checks them instead, as CI does (`swift format lint --strict`).
#
#   bash Scripts/format.sh          format in place
#   bash Scripts/format.sh --lint   report what is not formatted; fails if anything is
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=()
# Postgres/Tests/Support/SharedConditionTable and Postgres/Benchmarks/*/Harness are symbolic
# links to Tests/Support/ConditionTableSupport and Benchmarks/Sources/pokedex-bench/Harness,
# formatted there (swift format does not follow a link to a directory).
for dir in Package.swift Sources Tests Examples Benchmarks/Sources Benchmarks/Package.swift \
    Fuzz/Sources Fuzz/Package.swift Postgres/Package.swift Postgres/Sources \
    Postgres/Tests/PostgresDialectTests Postgres/Tests/PostgresStorageTests \
    Postgres/Tests/Support/PostgresTestServer Postgres/Tests/Support/PostgresStoreWriter \
    Postgres/Tests/Support/SyncReplicaWorker \
    Postgres/Examples Postgres/Tests/PokedexServiceTests Postgres/Benchmarks; do
    [ -e "$dir" ] && dirs+=("$dir")
done
case "${1:-}" in
    "") swift format format --in-place --recursive --parallel "${dirs[@]}" ;;
    --lint) swift format lint --strict --recursive --parallel "${dirs[@]}" ;;
    *) echo "usage: $0 [--lint]" >&2; exit 2 ;;
esac
