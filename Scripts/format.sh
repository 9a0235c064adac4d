#!/usr/bin/env bash
# Formats every Swift file in place with the toolchain's swift-format and the committed
# .swift-format; CI runs the same tool in lint mode.
set -euo pipefail
cd "$(dirname "$0")/.."
dirs=()
for dir in Package.swift Sources Tests Examples Benchmarks/Sources Benchmarks/Package.swift Fuzz/Sources Fuzz/Package.swift; do
    [ -e "$dir" ] && dirs+=("$dir")
done
swift format format --in-place --recursive --parallel "${dirs[@]}"
