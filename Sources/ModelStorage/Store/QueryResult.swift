/// What a live query yields: the records a query selects, and how many records the store
/// holds in all.
///
/// Keeping both apart means "what matches?" (``records``) is never confused with "is
/// everything loaded?" (``totalCount``): an empty ``records`` with a ``totalCount`` of 151
/// means nothing matches, not that nothing was loaded.
public struct QueryResult<Model: StorableModel>: Sendable {
    /// The records the query selects: filtered, sorted and paged.
    public var records: [Model]
    /// The number of records in the store, matching or not.
    public var totalCount: Int
    /// The store's version the result reflects: it counts the store's commits.
    public var version: UInt64

    /// Creates a result.
    ///
    /// - Parameters:
    ///   - records: The records the query selects.
    ///   - totalCount: The number of records in the store.
    ///   - version: The store's version the result reflects.
    public init(records: [Model], totalCount: Int, version: UInt64) {
        self.records = records
        self.totalCount = totalCount
        self.version = version
    }
}

extension QueryResult: Equatable where Model: Equatable {}
extension QueryResult: Hashable where Model: Hashable {}
