/// A notice that the server's records changed: a replica that receives one pulls.
///
/// A notice says nothing a pull would not; it only says when to pull. Notices may be lost,
/// repeated or late, and a replica stays correct, only later.
public struct SyncNotice: Codable, Hashable, Sendable {
    /// The server's version when the change was seen.
    public var version: UInt64
    /// The storage names of the models that changed.
    public var models: [String]

    /// A notice.
    ///
    /// - Parameters:
    ///   - version: The server's version.
    ///   - models: The models that changed.
    public init(version: UInt64, models: [String]) {
        self.version = version
        self.models = models
    }
}
