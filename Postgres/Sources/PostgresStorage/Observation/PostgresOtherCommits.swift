import Foundation
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

/// How a PostgreSQL database hears of the commits of other databases on its schema
/// (`OtherCommitSource`): it `LISTEN`s on the schema's channel, where every commit sends
/// `NOTIFY` with its version and its database's tag.
///
/// It listens on a connection of its own, and connects again after the connection is lost
/// (a restarted server, say). The version it starts from is not needed: each notification
/// carries its commit's.
@_spi(BackendInternals)
public struct PostgresOtherCommits: OtherCommitSource {
    /// How to connect to the server.
    let configuration: PostgresConnection.Configuration
    /// The logger of the database's connections.
    let logger: Logger
    /// The schema's channel (see `Schema.channel(schema:)`).
    let channel: String
    /// What the database's own notifications carry after the version, which the source
    /// leaves out.
    let tag: String

    /// Listens until the calling task is cancelled or `notice` returns `false`, then closes
    /// the connection it listened on (`OtherCommitSource`).
    public func follow(
        from version: UInt64, notice: @escaping @Sendable (UInt64?) async -> Bool
    ) async {
        while !Task.isCancelled {
            guard
                let connection = try? await PostgresConnection.connect(
                    configuration: configuration, id: Int.random(in: 1...Int(Int32.max)),
                    logger: logger)
            else {
                // Refused: try again shortly.
                try? await Task.sleep(for: .milliseconds(200))
                continue
            }
            let followed = try? await connection.listen(on: channel) { notifications in
                // Listening now: a commit made before is found by re-running.
                guard await notice(nil) else { return false }
                for try await notification in notifications {
                    let parts = notification.payload.split(separator: " ")
                    guard parts.count < 2 || String(parts[1]) != tag else { continue }
                    guard await notice(parts.first.flatMap { UInt64($0) }) else { return false }
                }
                return true
            }
            try? await connection.close()
            guard followed != false else { return }
            // Lost, or ended by the cancel: try again shortly, unless cancelled.
            try? await Task.sleep(for: .milliseconds(200))
        }
    }
}
