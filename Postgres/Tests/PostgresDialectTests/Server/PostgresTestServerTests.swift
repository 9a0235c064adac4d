import Foundation
import PostgresNIO
import PostgresTestServer
import Testing

/// The private server the other tests run on: what it is, and that it goes away.
@Suite("The private PostgreSQL test server")
struct PostgresTestServerTests {
    @Test("runs a UTF-8 cluster, unprivileged, and is removed afterwards")
    func startsAndStops() async throws {
        let (directory, settings) = try await PostgresTestServer.withServer { server in
            let connection = try await server.connect()
            let rows = try await connection.query(
                """
                SELECT current_setting('server_encoding'), current_setting('is_superuser'),
                    current_user::text
                """, logger: server.logger)
            var settings: [String] = []
            for try await (encoding, superuser, user) in rows.decode((String, String, String).self)
            {
                settings = [encoding, superuser, user]
            }
            // The backend serving this connection (read while it is open) runs as an
            // unprivileged user.
            var backend: Int32 = 0
            for try await pid in try await connection.query(
                "SELECT pg_backend_pid()", logger: server.logger
            ).decode(Int32.self) {
                backend = pid
            }
            #if os(Linux)
                let status = try String(contentsOfFile: "/proc/\(backend)/status", encoding: .utf8)
                let uid = status.split(separator: "\n").first { $0.hasPrefix("Uid:") }
                let real = uid?.split(whereSeparator: \.isWhitespace).dropFirst().first
                #expect(real != nil && real != "0", "the server runs as root: \(uid ?? "?")")
            #endif
            try await connection.close()
            #expect(FileManager.default.fileExists(atPath: server.directory.path))
            return (server.directory, settings)
        }
        #expect(settings == ["UTF8", "on", "postgres"])
        #expect(!FileManager.default.fileExists(atPath: directory.path))
    }

    @Test("flushes commits to the disk only when asked to be durable")
    func durability() async throws {
        for durability in [PostgresTestServer.Durability.throwaway, .durable] {
            let settings = try await PostgresTestServer.withServer(durability: durability) {
                server in
                let connection = try await server.connect()
                let rows = try await connection.query(
                    """
                    SELECT current_setting('fsync'), current_setting('full_page_writes'),
                        current_setting('synchronous_commit')
                    """, logger: server.logger)
                var settings: [String] = []
                for try await (fsync, pages, commit) in rows.decode((String, String, String).self) {
                    settings = [fsync, pages, commit]
                }
                try await connection.close()
                return settings
            }
            let expected = durability == .durable ? "on" : "off"
            #expect(settings == [expected, expected, expected], "\(durability)")
        }
    }

    @Test("is stopped and removed when the work throws")
    func stopsOnFailure() async throws {
        struct Planned: Error {}
        var seen: URL?
        do {
            try await PostgresTestServer.withServer { server in
                seen = server.directory
                throw Planned()
            }
            Issue.record("withServer did not rethrow")
        } catch is Planned {
            let directory = try #require(seen)
            #expect(!FileManager.default.fileExists(atPath: directory.path))
        }
    }
}
