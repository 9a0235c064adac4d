/// What the fault tests measured, printed for Documentation/Reliability.md.
///
/// One line each, `PostgresStore fault figures: …`: times to a typed error and to recovery,
/// and the records checked intact. Reported, never asserted: a noisy machine must not fail a
/// test.
enum FaultFigures {
    /// Prints a test's figures.
    static func report(_ test: String, _ figures: String) {
        print("PostgresStore fault figures: \(test): \(figures)")
    }

    /// The time since an instant, in milliseconds.
    static func since(_ start: ContinuousClock.Instant) -> String {
        milliseconds(ContinuousClock.now - start)
    }

    /// A duration in milliseconds, to a tenth.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = (Double(seconds) * 10_000 + Double(attoseconds) / 1e14).rounded()
        return "\(tenths / 10) ms"
    }
}
