import KeyPathQuery
@_spi(BackendInternals) import ModelStorage

/// The four reads of a model's change feed in a SQL backend, each statement with its
/// bindings for a range (`ChangeFeed.Range`): the rows written after a version or at one, and
/// the tombstones after a version or at one, each in commit order.
///
/// A driver writes the statements in its dialect, with its placeholders numbered as below,
/// and runs what ``writes(_:)`` and ``deletions(_:)`` return. For backend authors, as SPI
/// (`@_spi(BackendInternals) import SQLStorage`).
@_spi(BackendInternals) public struct HistoryQueries: Sendable {
    /// The model's table name, unquoted: the tombstones' `table_name`.
    public let name: String
    /// The rows written after a version, at most a number: version `1`, limit `2`.
    public let rowsAfter: String
    /// The rows written at a version: version `1`.
    public let rowsAt: String
    /// The tombstones after a version, at most a number: table `1`, version `2`, limit `3`.
    public let tombstonesAfter: String
    /// The tombstones at a version: table `1`, version `2`.
    public let tombstonesAt: String

    /// The reads of a model's change feed.
    ///
    /// - Parameters:
    ///   - name: The table's name, unquoted.
    ///   - rowsAfter: The rows written after a version: version, limit.
    ///   - rowsAt: The rows written at a version: version.
    ///   - tombstonesAfter: The tombstones after a version: table, version, limit.
    ///   - tombstonesAt: The tombstones at a version: table, version.
    public init(
        name: String, rowsAfter: String, rowsAt: String, tombstonesAfter: String,
        tombstonesAt: String
    ) {
        self.name = name
        self.rowsAfter = rowsAfter
        self.rowsAt = rowsAt
        self.tombstonesAfter = tombstonesAfter
        self.tombstonesAt = tombstonesAt
    }

    /// The statement and bindings that read the rows written in a range.
    ///
    /// - Parameter range: The range.
    /// - Returns: The statement and its bindings.
    public func writes(_ range: ChangeFeed.Range) -> (sql: String, bindings: [SQLBinding]) {
        switch range {
        case .after(let version, let limit):
            (rowsAfter, [Self.integer(version), .integer(Int64(clamping: limit))])
        case .at(let version): (rowsAt, [Self.integer(version)])
        }
    }

    /// The statement and bindings that read the tombstones in a range.
    ///
    /// - Parameter range: The range.
    /// - Returns: The statement and its bindings.
    public func deletions(_ range: ChangeFeed.Range) -> (sql: String, bindings: [SQLBinding]) {
        switch range {
        case .after(let version, let limit):
            (
                tombstonesAfter,
                [.text(name), Self.integer(version), .integer(Int64(clamping: limit))]
            )
        case .at(let version): (tombstonesAt, [.text(name), Self.integer(version)])
        }
    }

    /// A page of the model's changes after a cursor, read by these statements in one snapshot
    /// (`ChangeFeed/page(since:limit:horizon:version:model:location:writes:deletions:)`).
    ///
    /// - Parameters:
    ///   - cursor: Where the reader is.
    ///   - limit: The page's limit.
    ///   - horizon: The model's history horizon in the snapshot, `nil` when none is kept.
    ///   - version: The database's version in the snapshot.
    ///   - location: The database, for errors.
    ///   - rows: Runs a statement of rows and decodes each as a change.
    ///   - tombstones: Runs a statement of tombstones and decodes each as a change.
    /// - Returns: The page.
    /// - Throws: The feed's errors, and what the reads throw.
    public func page<Model: StorableModel>(
        since cursor: ChangeCursor, limit: Int, horizon: UInt64?, version: UInt64,
        location: StoreLocation,
        rows: (String, [SQLBinding]) throws(StoreError) -> [ChangePage<Model>.Change],
        tombstones: (String, [SQLBinding]) throws(StoreError) -> [ChangePage<Model>.Change]
    ) throws(StoreError) -> ChangePage<Model> {
        try ChangeFeed.page(
            since: cursor, limit: limit, horizon: horizon, version: version,
            model: String(describing: Model.self), location: location,
            writes: { (range) throws(StoreError) in
                let (sql, bindings) = writes(range)
                return try rows(sql, bindings)
            },
            deletions: { (range) throws(StoreError) in
                let (sql, bindings) = deletions(range)
                return try tombstones(sql, bindings)
            })
    }

    private static func integer(_ version: UInt64) -> SQLBinding {
        .integer(Int64(clamping: version))
    }
}
