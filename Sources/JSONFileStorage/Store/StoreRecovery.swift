import ModelStorage

/// What a file store recovered on its own when it opened: a torn final journal line, dropped.
///
/// A process killed in the middle of appending a commit leaves a last line without its line
/// feed. That commit was never acknowledged, so the store drops the partial line, keeps every
/// line before it, and reports it here; a writable store also cuts the journal back to its
/// last complete line. Any other damage is an error, never recovered silently.
///
/// ```swift
/// let store = try await JSONFileStore<Pokemon>.open(at: url)
/// if let recovery = store.recovery { logger.notice("\(recovery)") }
/// ```
public struct StoreRecovery: Hashable, Sendable {
    /// The journal's path.
    public let path: String
    /// The torn line's number, from 1.
    public let line: Int
    /// Its byte offset in the journal.
    public let byteOffset: Int
    /// The number of bytes dropped.
    public let droppedByteCount: Int

    /// Creates a report.
    ///
    /// - Parameters:
    ///   - path: The journal's path.
    ///   - line: The torn line's number.
    ///   - byteOffset: Its byte offset.
    ///   - droppedByteCount: The number of bytes dropped.
    public init(path: String, line: Int, byteOffset: Int, droppedByteCount: Int) {
        self.path = path
        self.line = line
        self.byteOffset = byteOffset
        self.droppedByteCount = droppedByteCount
    }
}

extension StoreRecovery: CustomStringConvertible {
    /// The recovery as a sentence.
    public var description: String {
        "Dropped a torn final line of \(droppedByteCount) bytes at line \(line) (byte "
            + "\(byteOffset)) of \(path): a save interrupted before it was acknowledged. "
            + "Every acknowledged save is kept."
    }
}
