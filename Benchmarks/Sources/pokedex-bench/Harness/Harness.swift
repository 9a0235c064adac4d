import Foundation

/// A benchmark's goal: the most the candidate may take, as a multiple of the baseline's time.
struct Target: Sendable, Encodable {
    /// The largest passing ratio of candidate time to baseline time.
    var maximumRatio: Double
    /// The goal as people say it: "≤ 2×", "≥ 10× faster".
    var text: String

    /// The candidate may take at most `factor` times the baseline.
    static func atMost(_ factor: Double) -> Target {
        Target(maximumRatio: factor, text: "≤ \(format(factor))×")
    }

    /// The candidate must be at least `factor` times faster than the baseline.
    static func fasterBy(_ factor: Double) -> Target {
        Target(maximumRatio: 1 / factor, text: "≥ \(format(factor))× faster")
    }

    /// At least `factor` times faster, or, when a limit measured in the same run (the best
    /// any candidate could do) is not that much faster itself, within `slack` of it.
    static func fasterBy(_ factor: Double, orWithin slack: Double, of limit: Double) -> Target {
        let bound = limit * slack
        guard bound > 1 / factor else { return fasterBy(factor) }
        return Target(
            maximumRatio: bound,
            text: "≤ \(format(slack))× limit (\(String(format: "%.3f", bound)))")
    }

    /// The candidate may take at most `percent` % of the baseline.
    static func percent(_ percent: Double) -> Target {
        Target(maximumRatio: percent / 100, text: "≤ \(format(percent)) %")
    }

    /// No goal: the row is reported so growth is visible.
    static let report = Target(maximumRatio: .infinity, text: "(reported)")

    enum CodingKeys: String, CodingKey {
        case maximumRatio, text
    }

    /// Writes the goal; a reported row's unbounded ratio is written as `null`, since JSON has
    /// no infinity.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(maximumRatio.isFinite ? maximumRatio : nil, forKey: .maximumRatio)
        try container.encode(text, forKey: .text)
    }

    private static func format(_ value: Double) -> String {
        value == value.rounded() ? String(Int(value)) : String(value)
    }
}

/// One row of the results: candidate and baseline medians measured in the same run.
struct Result: Sendable, Encodable {
    var group: String
    var name: String
    var candidate: String
    var baseline: String
    var candidateMedianSeconds: Double
    var baselineMedianSeconds: Double
    var ratio: Double { candidateMedianSeconds / baselineMedianSeconds }
    var target: Target
    var passed: Bool { ratio <= target.maximumRatio }
    var note: String?
    /// Every measured run, in the order run, so that the spread can be read from the JSON.
    var candidateSeconds: [Double] = []
    var baselineSeconds: [Double] = []

    enum CodingKeys: String, CodingKey {
        case group, name, candidate, baseline, candidateMedianSeconds, baselineMedianSeconds
        case ratio, target, passed, note, candidateSeconds, baselineSeconds
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(group, forKey: .group)
        try container.encode(name, forKey: .name)
        try container.encode(candidate, forKey: .candidate)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(candidateMedianSeconds, forKey: .candidateMedianSeconds)
        try container.encode(baselineMedianSeconds, forKey: .baselineMedianSeconds)
        try container.encode(ratio, forKey: .ratio)
        try container.encode(target, forKey: .target)
        try container.encode(target.maximumRatio.isFinite ? passed : nil, forKey: .passed)
        try container.encodeIfPresent(note, forKey: .note)
        try container.encode(candidateSeconds, forKey: .candidateSeconds)
        try container.encode(baselineSeconds, forKey: .baselineSeconds)
    }
}

/// Measures a candidate against a baseline, interleaving them and taking medians, so that
/// a noisy machine slows both alike.
struct Bench: Sendable {
    var repetitions: Int
    var quick: Bool

    /// Times one run of `body`.
    static func time(_ body: () async throws -> Void) async rethrows -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        try await body()
        let elapsed = clock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Runs candidate and baseline `repetitions` times each, alternating which goes first,
    /// after one unmeasured warm-up of each.
    ///
    /// Interleaving makes each side start in the caches the other side left. Where one side
    /// reads far more memory than the other (a scan of 1,000,000 records against an index
    /// that reads a thousand), the small side's time is then mostly the misses on its own
    /// code, metadata and tables that the big side evicted. `primed` measures each side as it
    /// runs in a loop of its own queries instead: every measured run follows one unmeasured
    /// run of the same side. Each run should then ask for other records than the one before
    /// it, so that the records themselves are read as cold as before.
    ///
    /// - Parameters:
    ///   - group: The group the result is listed under.
    ///   - name: What is measured.
    ///   - target: The ratio the candidate should reach against the baseline.
    ///   - candidate: The candidate's label, and one run.
    ///   - baseline: The baseline's label, and one run.
    ///   - note: A note for the report.
    ///   - repetitions: The measured runs of each, when not the bench's own number.
    ///   - primed: Whether each measured run follows an unmeasured run of its own side.
    /// - Returns: The medians of both, and their ratio against the target.
    /// - Throws: What a run throws.
    func compare(
        group: String, name: String, target: Target,
        candidate: (label: String, run: () async throws -> Void),
        baseline: (label: String, run: () async throws -> Void),
        note: String? = nil, repetitions: Int? = nil, primed: Bool = false
    ) async throws -> Result {
        func measured(_ run: @escaping () async throws -> Void) -> () async throws -> Double {
            {
                if primed { try await run() }
                return try await Self.time(run)
            }
        }
        return try await compareMeasured(
            group: group, name: name, target: target,
            candidate: (candidate.label, measured(candidate.run)),
            baseline: (baseline.label, measured(baseline.run)),
            note: note, repetitions: repetitions)
    }

    /// Runs candidate and baseline as ``compare(group:name:target:candidate:baseline:note:repetitions:)``
    /// does, but each run times itself and returns the seconds measured, so that it can set
    /// up (a fresh directory, an open store) and clean up outside the measured part.
    ///
    /// - Parameters:
    ///   - group: The group the result is listed under.
    ///   - name: What is measured.
    ///   - target: The ratio the candidate should reach against the baseline.
    ///   - candidate: The candidate's label, and one run that returns the seconds it measured.
    ///   - baseline: The baseline's label, and one run that returns the seconds it measured.
    ///   - note: A note for the report.
    ///   - repetitions: The measured runs of each, when not the bench's own number (for
    ///     benchmarks whose every run takes seconds).
    /// - Returns: The medians of both, and their ratio against the target.
    /// - Throws: What a run throws.
    func compareMeasured(
        group: String, name: String, target: Target,
        candidate: (label: String, run: () async throws -> Double),
        baseline: (label: String, run: () async throws -> Double),
        note: String? = nil, repetitions: Int? = nil
    ) async throws -> Result {
        _ = try await candidate.run()
        _ = try await baseline.run()
        var candidateTimes: [Double] = []
        var baselineTimes: [Double] = []
        for repetition in 0..<(repetitions ?? self.repetitions) {
            if repetition.isMultiple(of: 2) {
                candidateTimes.append(try await candidate.run())
                baselineTimes.append(try await baseline.run())
            } else {
                baselineTimes.append(try await baseline.run())
                candidateTimes.append(try await candidate.run())
            }
        }
        return Result(
            group: group, name: name, candidate: candidate.label, baseline: baseline.label,
            candidateMedianSeconds: Self.median(candidateTimes),
            baselineMedianSeconds: Self.median(baselineTimes), target: target, note: note,
            candidateSeconds: candidateTimes, baselineSeconds: baselineTimes)
    }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2)
            ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

/// Keeps the optimizer from discarding a result nobody reads.
@inline(never)
func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}
