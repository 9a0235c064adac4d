import Foundation

extension Bench {
    /// One side of a three-way comparison: its label, and one run that returns the seconds
    /// it measured.
    typealias MeasuredRun = (label: String, run: () async throws -> Double)

    /// Runs a candidate against two baselines, interleaved (the three rotate which goes
    /// first), after one unmeasured warm-up of each unless `warmUp` is `false`, and reports
    /// two rows from the same runs: the candidate against the first baseline, with the
    /// target, and against the second, reported.
    ///
    /// - Parameters:
    ///   - group: The group the results are listed under.
    ///   - name: What is measured.
    ///   - target: The ratio the candidate should reach against the first baseline.
    ///   - candidate: The candidate.
    ///   - baseline: The first baseline, which the target is for.
    ///   - reference: The second baseline, reported beside it.
    ///   - note: A note for both rows.
    ///   - repetitions: The measured runs of each, when not the bench's own number.
    ///   - warmUp: Whether to run each once, unmeasured, first (`false` for runs that take
    ///     many seconds and warm nothing up).
    /// - Returns: The candidate against the first baseline, then against the second.
    /// - Throws: What a run throws.
    func compareThree(
        group: String, name: String, target: Target, candidate: MeasuredRun,
        baseline: MeasuredRun, reference: MeasuredRun, note: String? = nil,
        repetitions: Int? = nil, warmUp: Bool = true
    ) async throws -> [Result] {
        let runs = [candidate.run, baseline.run, reference.run]
        if warmUp {
            for run in runs { _ = try await run() }
        }
        var times: [[Double]] = [[], [], []]
        for repetition in 0..<(repetitions ?? self.repetitions) {
            for step in 0..<3 {
                let side = (repetition + step) % 3
                times[side].append(try await runs[side]())
            }
        }
        func row(against side: Int, _ label: String, _ target: Target) -> Result {
            Result(
                group: group, name: name, candidate: candidate.label, baseline: label,
                candidateMedianSeconds: Self.median(times[0]),
                baselineMedianSeconds: Self.median(times[side]), target: target, note: note,
                candidateSeconds: times[0], baselineSeconds: times[side])
        }
        return [row(against: 1, baseline.label, target), row(against: 2, reference.label, .report)]
    }
}
