import PostgresNIO

/// A postgres-nio `PostgresClient` (its connection pool) of a database at a Unix socket,
/// running from its creation until ``close()``: the plumbing every hand-written baseline
/// shares.
struct RunningClient: Sendable {
    /// The client, to run statements on.
    let client: PostgresClient
    private let running: Task<Void, Never>

    /// Makes a client of the database at a Unix socket and starts it.
    init(socket: String, username: String, database: String) {
        let client = PostgresClient(
            configuration: PostgresClient.Configuration(
                unixSocketPath: socket, username: username, password: nil, database: database))
        self.client = client
        running = Task { await client.run() }
    }

    /// Stops the client and closes its connections.
    func close() async {
        running.cancel()
        await running.value
    }
}
