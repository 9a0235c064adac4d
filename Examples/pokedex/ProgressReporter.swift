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
///
/// What it draws is a pure function of the progress and the width,
/// ``bar(done:total:failed:width:)`` and ``plainLine(done:total:failed:)``; this type only
/// decides which and writes it.
struct ProgressReporter {
    let isTerminal: Bool
    /// The characters a bar's line may take: one less than the terminal's columns, so that
    /// the cursor never wraps.
    let width: Int

    /// The longest bar, in cells.
    static let longestBar = 30
    /// The shortest bar worth drawing; with less room, the counts stand alone.
    static let shortestBar = 5

    init(isTerminal: Bool = isatty(STDERR_FILENO) == 1, columns: Int? = nil) {
        self.isTerminal = isTerminal
        width = (columns ?? Self.terminalColumns()) - 1
    }

    /// Reports progress: `done` of `total`, `failed` of them failed.
    func update(done: Int, total: Int, failed: Int) {
        if isTerminal {
            let line = Self.bar(done: done, total: total, failed: failed, width: width)
            write("\r\(line)\u{1B}[K")
        } else if let line = Self.plainLine(done: done, total: total, failed: failed) {
            write(line + "\n")
        }
    }

    /// Ends the bar's line on a terminal.
    func finish() {
        if isTerminal { write("\n") }
    }

    /// The bar's line, at most `width` characters: `██████░░░ 25/151  2 failed`.
    ///
    /// The bar takes what the counts leave, up to ``longestBar`` cells. With room for less
    /// than ``shortestBar``, the line is the counts alone — without the failures, or empty,
    /// when even they do not fit: a number cut short would mislead. No work (`total` 0) is a
    /// full bar.
    ///
    /// - Parameters:
    ///   - done: The ids dealt with, clamped to `0...total`.
    ///   - total: The ids to deal with.
    ///   - failed: The ids that failed, among `done`.
    ///   - width: The most characters the line may take.
    /// - Returns: The line: the bar and the counts, the counts alone, or empty.
    static func bar(done: Int, total: Int, failed: Int, width: Int) -> String {
        let total = max(total, 0)
        let done = min(max(done, 0), total)
        let counts = "\(done)/\(total)" + (failed > 0 ? "  \(failed) failed" : "")
        let cells = min(longestBar, width - counts.count - 1)
        guard cells >= shortestBar else {
            // No room for a bar: the counts, without the failures if need be, never cut.
            let bare = "\(done)/\(total)"
            return counts.count <= width ? counts : bare.count <= width ? bare : ""
        }
        let filled = total == 0 ? cells : cells * done / total
        return String(repeating: "█", count: filled)
            + String(repeating: "░", count: cells - filled) + " " + counts
    }

    /// The plain line for an update, or `nil` when it is not one to write: every 25th id and
    /// the last, such as `synced 25/151, 2 failed`.
    static func plainLine(done: Int, total: Int, failed: Int) -> String? {
        guard done == total || done.isMultiple(of: 25) else { return nil }
        return "synced \(done)/\(total)" + (failed > 0 ? ", \(failed) failed" : "")
    }

    /// The columns of the terminal on standard error, or 80 when it does not say.
    static func terminalColumns() -> Int {
        var size = winsize()
        #if canImport(Glibc)
            let status = ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size)
        #elseif canImport(Darwin)
            let status = ioctl(STDERR_FILENO, TIOCGWINSZ, &size)
        #else
            let status: Int32 = -1
        #endif
        return status == 0 && size.ws_col > 0 ? Int(size.ws_col) : 80
    }

    private func write(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }
}
