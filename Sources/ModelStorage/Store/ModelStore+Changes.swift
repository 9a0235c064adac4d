import Foundation
import KeyPathQuery

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

    /// The changes after a cursor to the records a condition selects: a replica's scope.
    ///
    /// ```swift
    /// let mine = try await favorites.changes(since: cursor, in: \.userID == "ash")
    /// ```
    ///
    /// A record written since the cursor comes as it is when the condition selects it, and as
    /// a deletion (``ChangePage/Change/record`` `nil`) when it does not: it may have left the
    /// scope, and a copy of the scope must let it go. Tombstones come as they are, since a
    /// deleted record has no values left to test. From ``ChangeCursor/start``, only the
    /// records the condition selects come. The condition is evaluated on each changed record
    /// with KeyPathQuery's meaning, the same in every backend; it must test the model's own
    /// attributes, not follow references.
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - scope: The records the reader keeps.
    ///   - limit: How many changes the page holds at most, unless one commit has more.
    /// - Returns: The changes after `cursor`, as the scope sees them, and the cursor to read
    ///   from next.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated on a
    ///   record (one that follows a reference); the errors of ``changes(since:limit:)``.
    /// - Complexity: That of ``changes(since:limit:)``, plus one evaluation a changed record.
    public func changes(
        since cursor: ChangeCursor, in scope: Condition<Model>, limit: Int = 1_000
    ) async throws -> ChangePage<Model> {
        let compiled: CompiledCondition<Model>
        do {
            compiled = try scope.compiled()
        } catch {
            throw StoreError.invalidQuery(error)
        }
        var page = try await changes(since: cursor, limit: limit)
        page.changes = page.changes.compactMap { change in
            guard let record = change.record, !compiled.evaluate(record) else { return change }
            // From the start, a record outside the scope has nothing to leave.
            guard cursor != .start else { return nil }
            return ChangePage.Change(id: change.id, record: nil, version: change.version)
        }
        return page
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
