/// Why a benchmark stopped: its sides disagree, or it could not be set up.
enum BenchmarkError: Error, CustomStringConvertible {
    case disagreement(String)
    case setup(String)

    var description: String {
        switch self {
        case .disagreement(let what): "candidate and baseline disagree on \(what)"
        case .setup(let what): "benchmark setup failed: \(what)"
        }
    }
}
