/// The limits a ``SyncServer`` holds requests to, so that hostile or broken clients get a
/// typed refusal instead of the server's time and memory.
public struct SyncLimits: Hashable, Sendable {
    /// The most changes a pull may ask for in one page; a larger limit is refused.
    public var maximumPageSize: Int
    /// The most entries one push may carry.
    public var maximumPushEntries: Int
    /// How deeply a scope's JSON may nest arrays and objects.
    public var maximumScopeDepth: Int
    /// The most bytes a request body may have, for transports that read bodies (HTTP).
    public var maximumBodyBytes: Int
    /// The most changes a notice carries; a notice of more only says to pull, and 0 makes
    /// every notice say only that.
    public var maximumNoticeChanges: Int

    /// Limits.
    ///
    /// - Parameters:
    ///   - maximumPageSize: The most changes a page may ask for; 10,000 by default.
    ///   - maximumPushEntries: The most entries a push may carry; 500 by default.
    ///   - maximumScopeDepth: How deeply a scope may nest; 32 by default.
    ///   - maximumBodyBytes: The most bytes a body may have; 4 MiB by default.
    ///   - maximumNoticeChanges: The most changes a notice carries; 100 by default.
    public init(
        maximumPageSize: Int = 10_000, maximumPushEntries: Int = 500, maximumScopeDepth: Int = 32,
        maximumBodyBytes: Int = 4 << 20, maximumNoticeChanges: Int = 100
    ) {
        self.maximumPageSize = maximumPageSize
        self.maximumPushEntries = maximumPushEntries
        self.maximumScopeDepth = maximumScopeDepth
        self.maximumBodyBytes = maximumBodyBytes
        self.maximumNoticeChanges = maximumNoticeChanges
    }
}
