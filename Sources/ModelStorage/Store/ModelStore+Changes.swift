import Foundation

extension ModelStore {
    /// The records written and deleted after a cursor, at most 1,000 a page (see
    /// ``changes(since:limit:)``).
    ///
    /// - Parameter cursor: Where the reader is.
    /// - Returns: The changes after `cursor`, and the cursor to read from next.
    /// - Throws: The errors of ``changes(since:limit:)``.
    public func changes(since cursor: ChangeCursor) async throws -> ChangePage<Model> {
        try await changes(since: cursor, limit: 1_000)
    }

    /// A store that keeps no history: ``StoreError/historyNotKept(_:at:)``.
    ///
    /// Backends that keep one implement the requirement; this default serves the others.
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - limit: How many changes the page holds at most.
    /// - Returns: Nothing: it throws.
    /// - Throws: ``StoreError/historyNotKept(_:at:)``.
    public func changes(since cursor: ChangeCursor, limit: Int) async throws -> ChangePage<Model> {
        throw StoreError.historyNotKept(String(describing: Model.self), at: location)
    }

    /// A store that keeps no history: nothing to drop.
    ///
    /// - Parameter now: The time to count the retention back from.
    /// - Returns: 0.
    /// - Throws: Nothing; the signature is the requirement's.
    public func pruneChangeHistory(now: Date) async throws -> Int { 0 }
}
