extension Bench {
    /// Measures an index against a scan twice: primed, which carries the target, and
    /// interleaved run for run, which is reported beside it.
    ///
    /// ``compare(group:name:target:candidate:baseline:note:repetitions:primed:)`` says what
    /// priming changes (and Performance.md, "Index against scan: each side primed", what it
    /// measured); the interleaved row keeps the other measure visible.
    ///
    /// - Parameters:
    ///   - group: The group the rows are listed under.
    ///   - name: What is measured, before the size: "InMemoryStore: equality".
    ///   - size: The size, last in the rows' names: "1,000,000 records".
    ///   - target: The primed row's target; the interleaved row is reported.
    ///   - candidate: The candidate's label, and one run.
    ///   - baseline: The baseline's label, and one run.
    ///   - note: What both rows measure; each row's note adds how its runs follow each other.
    /// - Returns: The primed row, then the interleaved one.
    /// - Throws: What a run throws.
    func comparePrimedAndInterleaved(
        group: String, name: String, size: String, target: Target,
        candidate: (label: String, run: () async throws -> Void),
        baseline: (label: String, run: () async throws -> Void),
        note: String
    ) async throws -> [Result] {
        var rows: [Result] = []
        for primed in [true, false] {
            rows.append(
                try await compare(
                    group: group,
                    name: name + (primed ? "" : ", each run after the other's") + ", \(size)",
                    target: primed ? target : .report, candidate: candidate, baseline: baseline,
                    note: note + "; "
                        + (primed
                            ? "each measured run follows an unmeasured run of its own side"
                            : "each side runs in the caches the other left"),
                    primed: primed))
        }
        return rows
    }
}
