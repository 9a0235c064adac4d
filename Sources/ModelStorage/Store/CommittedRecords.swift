import KeyPathQuery

/// The committed records a ``StoreTransaction`` reads, as a backend that keeps them outside
/// memory provides them: on demand, without loading every record.
///
/// A database backend makes a transaction over its records with
/// ``StoreTransaction/init(over:version:)`` and lets the transaction do the rest: reads that
/// see the body's own writes, merges under a ``MergePolicy``, the net ``StoreTransaction/changes``.
/// The transaction asks only for what the body reads — a record by id, a count, the records a
/// query selects among those the body has not touched — and answers the body from them and
/// its own writes, exactly as a transaction over records in memory does.
///
/// ```swift
/// struct DatabaseRecords: CommittedRecords {
///     let connection: Connection
///     var count: Int { connection.count() }
///     func record(withID id: Note.ID) -> Note? { connection.note(id) }
///     func position(ofID id: Note.ID) -> Int? { connection.rowid(of: id) }
///     func writeVersion(ofID id: Note.ID) -> UInt64? { connection.writeVersion(of: id) }
///     func records(selectedBy query: RecordQuery<Note>, excluding ids: Set<Note.ID>) throws
///         -> [(position: Int, record: Note)] { try connection.select(query, excluding: ids) }
///     func count(where condition: Condition<Note>, excluding ids: Set<Note.ID>) throws -> Int {
///         try connection.count(condition, excluding: ids)
///     }
/// }
///
/// var transaction = StoreTransaction(over: DatabaseRecords(connection: writer), version: version)
/// let result = try body(&transaction)
/// try writer.apply(transaction.changes)
/// ```
///
/// A backend that keeps each record's *write version* — the store's version after the commit
/// that last inserted or updated it — answers ``writeVersion(ofID:)``, so that a
/// ``StoreTransaction/save(_:mergePolicy:)`` of an earlier read sees a record written since
/// the read as a conflict even when its values are back to those read. The default answers
/// `nil`, and such a save then compares the record's values instead.
///
/// ## Implementation requirements
///
/// A conforming type answers as the committed records would in memory, in the store's order:
/// positions increase along that order, and a query's records are those the in-memory engine
/// selects from the records without the excluded ids, in that order, ties between sort keys
/// in store order. A record's write version, when the backend keeps them, is the version
/// after the last commit that inserted or updated it, kept as long as the record (across
/// reopens, for a durable backend). Its reads cannot throw where the transaction's do not
/// (``count``, ``record(withID:)``, ``position(ofID:)``, ``writeVersion(ofID:)``): a backend
/// whose reads can fail answers `nil` or zero, remembers the failure, and then fails the
/// transaction with it, committing nothing.
public protocol CommittedRecords<Model>: Sendable {
    /// The model of the records.
    associatedtype Model: StorableModel

    /// The number of committed records.
    ///
    /// - Complexity: Should be O(1) or a database's count.
    var count: Int { get }

    /// The committed record with an id.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record, or `nil` when none has the id.
    /// - Complexity: Should be O(1) or one indexed lookup.
    func record(withID id: Model.ID) -> Model?

    /// The place of the record with an id in the store's order: any number that increases
    /// along the order.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The position, or `nil` when no record has the id.
    /// - Complexity: Should be O(1) or one indexed lookup.
    func position(ofID id: Model.ID) -> Int?

    /// The records a query selects among the committed records whose ids are not excluded,
    /// each with its position: those that satisfy the condition, sorted by the sort keys
    /// (ties in store order), then paged by the offset and limit.
    ///
    /// - Parameters:
    ///   - query: The condition, sort keys and page.
    ///   - ids: The ids to leave out: the records the transaction has written.
    /// - Returns: The selected records with their positions, in the query's order.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated; a
    ///   ``StoreError`` when the records cannot be read.
    /// - Complexity: That of the backend's query.
    func records(
        selectedBy query: RecordQuery<Model>, excluding ids: Set<Model.ID>
    ) throws -> [(position: Int, record: Model)]

    /// The number of committed records whose ids are not excluded that satisfy a condition.
    ///
    /// - Parameters:
    ///   - condition: The condition.
    ///   - ids: The ids to leave out.
    /// - Returns: The number of matching records.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated; a
    ///   ``StoreError`` when the records cannot be read.
    /// - Complexity: That of the backend's count.
    func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws -> Int

    /// The write version of the committed record with an id: the store's version after the
    /// commit that last inserted or updated it.
    ///
    /// A transaction whose version is *v* writes its records at version *v* + 1; the
    /// backend keeps that number with each record it stores. A record is *written since* a
    /// read at version *r* when its write version is greater than *r*.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: The record's write version, or `nil` when no record has the id or the
    ///   backend does not keep write versions (the default).
    /// - Complexity: Should be O(1) or one indexed lookup.
    func writeVersion(ofID id: Model.ID) -> UInt64?
}

extension CommittedRecords {
    /// No write version: a backend that does not keep them.
    ///
    /// A save of an earlier read over such records is a conflict when the record's values
    /// changed since the read, as it was before write versions were kept.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: `nil`.
    public func writeVersion(ofID id: Model.ID) -> UInt64? { nil }
}
