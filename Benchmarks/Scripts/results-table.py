#!/usr/bin/env python3
"""Prints a benchmark run's JSON as the Markdown table of Documentation/Performance.md.

    python3 Benchmarks/Scripts/results-table.py Benchmarks/results/latest.json

One row per measured row, grouped by the benchmark's groups in their order: the ratio of
candidate to baseline in that run, the target, and whether the run met it ("reported" for a
row without a target). Two rows of a group with the same name (group 9 compares the store
with GRDB and with SQLite's C API) are told apart by their baseline. The last lines count
the targets met.
"""
import json
import sys


def ratio_text(ratio):
    if ratio is None:
        return ""
    return f"{ratio:.4f}" if ratio < 0.01 else f"{ratio:.3f}"


def main(path):
    with open(path, encoding="utf-8") as file:
        run = json.load(file)
    rows = run["results"]
    groups = []
    for row in rows:
        if row["group"] not in groups:
            groups.append(row["group"])
    print("| Row | Ratio | Target | |")
    print("| --- | ---: | --- | --- |")
    met = total = 0
    for group in groups:
        members = [row for row in rows if row["group"] == group]
        names = [row["name"] for row in members]
        print(f"| **{group}** | | | |")
        for row in members:
            name = row["name"]
            if names.count(name) > 1:
                name += f" (against {row['baseline']})"
            target = row.get("target") or {}
            if target.get("maximumRatio") is not None:
                total += 1
                met += 1 if row["passed"] else 0
                verdict = "met" if row["passed"] else "**missed**"
                target_text = target["text"]
            else:
                verdict, target_text = "reported", ""
            name = name.replace("|", "\\|")
            print(f"| {name} | {ratio_text(row.get('ratio'))} | {target_text} | {verdict} |")
    print()
    print(f"{met} of {total} targets met ({run['date']}, {run['machine']}"
          f"{', quick sizes' if run.get('quick') else ''}).")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: results-table.py RUN.json")
    main(sys.argv[1])
