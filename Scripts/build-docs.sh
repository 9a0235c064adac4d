#!/usr/bin/env bash
# Builds the DocC catalog of every library module with the toolchain's own `docc` (no plugin
# package) and fails on any documentation warning.
#
#   bash Scripts/build-docs.sh            # all modules, archives in .build/docs/
#   bash Scripts/build-docs.sh KeyPathQuery
set -euo pipefail
cd "$(dirname "$0")/.."

modules=("$@")
if [ ${#modules[@]} -eq 0 ]; then
    modules=(KeyPathQuery ModelStorage ModelSync JSONFileStorage ModelStorageTesting SQLStorage SQLiteStorage PokedexKit PokedexOfflineData)
fi

# Symbol graphs of the public API, from the package's ordinary debug build. The command says
# where it wrote them ("Files written to <directory>"); that directory, not an older one. It
# also tries the test modules (PokedexKitPackageTests, PokedexKitPackageDiscoveredTests) and
# fails for them when they were never built (a fresh clone): a failure for a module that is
# not in Sources is let through. Any other (the build, or the graph of a module of Sources)
# fails this script with the command's output.
status=0
dumped=$(swift package dump-symbol-graph --minimum-access-level public 2>&1) || status=$?
if [ "$status" -ne 0 ]; then
    failed=$(printf '%s\n' "$dumped" |
        sed -n "s/.*Failed to emit symbol graph for '\([^']*\)'.*/\1/p" | sort -u)
    unexpected=()
    for module in $failed; do
        if [ -d "Sources/$module" ]; then unexpected+=("$module"); fi
    done
    if [ -z "$failed" ] || [ ${#unexpected[@]} -gt 0 ]; then
        printf '%s\n' "$dumped" >&2
        echo "build-docs: swift package dump-symbol-graph failed (exit status $status)" \
            "${unexpected[*]:+for ${unexpected[*]}}" >&2
        exit 1
    fi
fi
graphs=$(printf '%s\n' "$dumped" | sed -n 's/^Files written to //p' | tail -n 1)
if [ -z "$graphs" ] || [ ! -d "$graphs" ]; then
    printf '%s\n' "$dumped" >&2
    echo "build-docs: no symbol graphs were emitted" >&2
    exit 1
fi
for module in "${modules[@]}"; do
    if [ ! -f "$graphs/$module.symbols.json" ]; then
        printf '%s\n' "$dumped" >&2
        echo "build-docs: no symbol graph for $module" >&2
        exit 1
    fi
done

out=.build/docs
mkdir -p "$out"
for module in "${modules[@]}"; do
    # Each catalog sees only its own module's graphs (and its extensions of other modules).
    staging=$(mktemp -d)
    trap 'rm -rf "$staging"' EXIT
    cp "$graphs/$module.symbols.json" "$staging/"
    find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$staging/" \;
    echo "build-docs: $module"
    docc convert "Sources/$module/$module.docc" \
        --additional-symbol-graph-dir "$staging" \
        --fallback-display-name "$module" \
        --fallback-bundle-identifier "org.pokedexkit.$module" \
        --output-path "$out/$module.doccarchive" \
        --warnings-as-errors
    rm -rf "$staging"
    trap - EXIT
done
echo "build-docs: archives in $out"
