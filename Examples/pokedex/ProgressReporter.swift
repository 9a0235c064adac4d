import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Shows a sync's progress: a live bar on a terminal, plain lines otherwise (a pipe, a log,
/// a test), so scripts get output they can read.
struct ProgressReporter {
    let isTerminal: Bool
    private let width = 30

    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.isTerminal = isTerminal
    }

    /// Reports progress: `done` of `total`, `failed` of them failed.
    func update(done: Int, total: Int, failed: Int) {
        if isTerminal {
            let filled = total == 0 ? width : width * done / max(total, 1)
            let bar =
                String(repeating: "█", count: filled)
                + String(repeating: "░", count: width - filled)
            let failures = failed > 0 ? "  \(failed) failed" : ""
            write("\r\(bar) \(done)/\(total)\(failures)\u{1B}[K")
        } else if done == total || done.isMultiple(of: 25) {
            write("synced \(done)/\(total)\(failed > 0 ? ", \(failed) failed" : "")\n")
        }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        if isTerminal { write("\n") }
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
