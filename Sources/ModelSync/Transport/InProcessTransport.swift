import Foundation

/// A transport to a ``SyncServer`` in the same process, as one user.
///
/// Every request and answer goes through its JSON form, as it would on a network, so a
/// replica behaves the same here as over ``HTTPSyncTransport``. Use it to keep two databases
/// of one process in step (a server-side replica over a PostgreSQL database), and in tests.
///
/// ```swift
/// let server = try SyncServer(database: shared, models: [.model(Favorite.self, owner: \.userID)])
/// let replica = try Replica(
///     database: local, transport: InProcessTransport(server: server, user: "ash"),
///     models: [ReplicaModel(Favorite.self)])
/// try await replica.sync()
/// ```
public struct InProcessTransport: SyncTransport {
    /// The server.
    public let server: SyncServer
    /// The user the requests are made as.
    public let user: String

    /// A transport to a server, as a user.
    ///
    /// - Parameters:
    ///   - server: The server.
    ///   - user: The user the requests are made as, as an authenticated token would say.
    public init(server: SyncServer, user: String) {
        self.server = server
        self.user = user
    }

    /// Pulls through the server (see ``SyncTransport/pull(_:)``).
    public func pull(_ request: PullRequest) async throws(SyncError) -> PullResponse {
        let response = try await server.pull(try Self.wire(request), as: user)
        return try Self.wire(response)
    }

    /// Pushes through the server (see ``SyncTransport/push(_:)``).
    public func push(_ request: PushRequest) async throws(SyncError) -> PushResponse {
        let response = try await server.push(try Self.wire(request), as: user)
        return try Self.wire(response)
    }

    /// The server's notices for the user (see ``SyncTransport/notices()``).
    public func notices() async throws(SyncError) -> AsyncThrowingStream<SyncNotice, any Error> {
        try await server.notices(for: user)
    }

    /// A message after a trip through JSON, as a network would give it.
    private static func wire<Message: Codable>(_ message: Message) throws(SyncError) -> Message {
        do {
            return try JSONDecoder().decode(Message.self, from: JSONEncoder().encode(message))
        } catch {
            throw SyncError(.invalidRequest, "The \(Message.self) does not encode: \(error)")
        }
    }
}
