import Foundation
import PostgresNIO

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A private PostgreSQL server for one test run: a new cluster made with `initdb` in a fresh
/// temporary directory, listening on a Unix socket in that directory only (no TCP port), and
/// stopped and removed afterwards, whether the tests pass, fail or throw.
///
/// ```swift
/// try await PostgresTestServer.withServer { server in
///     let connection = try await server.connect()
///     defer { Task { try? await connection.close() } }
///     try await connection.query("SELECT 1", logger: server.logger)
/// }
/// ```
///
/// PostgreSQL refuses to run as root, so when the tests run as root the server runs as the
/// unprivileged user `nobody` (through `setpriv`), which owns the temporary directory. The
/// binaries are found in `$POSTGRES_BIN`, else in the newest `/usr/lib/postgresql/*/bin`
/// (Debian's `postgresql` package), else on `PATH`. Nothing is skipped: when PostgreSQL is
/// missing, ``withServer(_:)`` throws, saying what to install.
// `@unchecked Sendable`: every stored property is set once, in `init`, and only read after;
// the process it holds is only signalled and waited for.
package final class PostgresTestServer: @unchecked Sendable {
    /// The directory the cluster, its socket and its log live in.
    package let directory: URL

    /// The logger the tests give postgres-nio.
    package let logger = Logger(label: "PostgresTestServer")

    /// The port number in the socket's name, `.s.PGSQL.<port>`.
    package static let port = 5432

    /// The running `postgres`; replaced by ``restart()``, so guarded by `lock`.
    private var running: Process
    private let lock = NSLock()
    /// Starts `postgres` on the cluster again.
    private let launch: @Sendable () throws -> Process
    /// Stops `postgres` as a crash does: `pg_ctl stop -m immediate`, as the server's user.
    private let crashCommand: [String]
    private let log: URL

    private var process: Process {
        lock.withLock { running }
    }

    private init(
        directory: URL, log: URL, crashCommand: [String],
        launch: @escaping @Sendable () throws -> Process
    ) throws {
        self.directory = directory
        self.log = log
        self.crashCommand = crashCommand
        self.launch = launch
        self.running = try launch()
    }

    /// Stops the server (a fast shutdown, which ends every connection) and starts it again on
    /// the same cluster, as an administrator's restart does; returns once it accepts
    /// connections.
    ///
    /// - Throws: ``PostgresTestServerError`` when it does not start again.
    package func restart() async throws {
        stopProcess()
        let process = try launch()
        lock.withLock { running = process }
        try await waitUntilReady(log: log)
    }

    /// Stops the server as a crash does (`pg_ctl stop -m immediate`: every process quits at
    /// once, nothing is flushed or checkpointed), waits `downtime`, and starts it again on the
    /// same cluster, which recovers from its WAL; returns once it accepts connections.
    ///
    /// What a commit keeps through it depends on the ``Durability``: a ``Durability/durable``
    /// or ``Durability/processCrashSafe`` server keeps every commit it acknowledged; a
    /// ``Durability/throwaway`` one
    /// (`synchronous_commit` off) may lose the last few hundred milliseconds of them.
    ///
    /// - Parameter downtime: How long the server stays down.
    /// - Throws: ``PostgresTestServerError`` when it does not stop or start again.
    package func crashAndRestart(downtime: Duration = .zero) async throws {
        try ChildProcess.run(crashCommand, what: "pg_ctl stop -m immediate")
        let process = process
        let deadline = Date().addingTimeInterval(30)
        while process.isRunning, Date() < deadline {
            try await Task.sleep(nanoseconds: 20_000_000)
        }
        guard !process.isRunning else {
            throw PostgresTestServerError("postgres still ran 30 s after an immediate stop")
        }
        try await Task.sleep(for: downtime)
        let restarted = try launch()
        lock.withLock { running = restarted }
        try await waitUntilReady(log: log)
    }

    /// How much a server keeps of a commit through a crash of its processes or the machine.
    package enum Durability: Sendable {
        /// Nothing promised (`fsync`, `full_page_writes` and `synchronous_commit` off): a
        /// test's throwaway cluster, the tests' default. A crash of the server
        /// (``crashAndRestart(downtime:)``) may lose the last commits it acknowledged.
        case throwaway
        /// Every commit it acknowledged survives a crash of the server's processes, not of
        /// the machine: a commit returns once its WAL is written to the kernel
        /// (`synchronous_commit` on), which does not flush it to the disk (`fsync` off); for
        /// tests that crash the server.
        case processCrashSafe
        /// PostgreSQL's defaults: a commit returns once its WAL is flushed to the disk
        /// (`fsync`, `full_page_writes` and `synchronous_commit` on), for benchmarks of
        /// durable writes.
        case durable
    }

    /// Starts a server, runs `body`, and stops the server, even when `body` throws.
    ///
    /// - Parameters:
    ///   - durability: Whether commits are flushed to the disk; not by default.
    ///   - body: The work to do while the server runs.
    /// - Returns: What `body` returns.
    /// - Throws: ``PostgresTestServerError`` when the server cannot be made or started, and
    ///   whatever `body` throws.
    package static func withServer<Value>(
        durability: Durability = .throwaway,
        _ body: (PostgresTestServer) async throws -> Value
    ) async throws -> Value {
        let server = try await start(durability: durability)
        do {
            let result = try await body(server)
            server.stop()
            return result
        } catch {
            server.stop()
            throw error
        }
    }

    /// The server shared by every test of this process that asks for it: started on first
    /// use, and stopped (and its directory removed) when the process exits; the kernel stops
    /// it too if the process dies first.
    ///
    /// - Returns: The running server.
    /// - Throws: ``PostgresTestServerError`` when the server cannot be made or started.
    package static func shared() async throws -> PostgresTestServer {
        try await SharedServer.instance.server()
    }

    /// Makes a new, empty database on the server and returns how to reach it as the
    /// superuser, so that each test has a database of its own.
    ///
    /// - Returns: The new database's configuration.
    /// - Throws: postgres-nio's errors.
    package func makeDatabase() async throws -> PostgresConnection.Configuration {
        let name = try await SharedServer.instance.createDatabase(on: self)
        var configuration = configuration
        configuration.database = name
        return configuration
    }

    /// Opens a new connection to the server's `postgres` database as its superuser.
    ///
    /// - Returns: The connection; close it when done.
    /// - Throws: postgres-nio's errors.
    package func connect() async throws -> PostgresConnection {
        try await PostgresConnection.connect(
            configuration: configuration, id: Int.random(in: 1...Int(Int32.max)), logger: logger)
    }

    /// How to reach the server: its socket, the superuser `postgres`, trust authentication.
    package var configuration: PostgresConnection.Configuration {
        PostgresConnection.Configuration(
            unixSocketPath: directory.appendingPathComponent(".s.PGSQL.\(Self.port)").path,
            username: "postgres", password: nil, database: "postgres")
    }

    // MARK: Starting and stopping

    fileprivate static func start(durability: Durability = .throwaway) async throws
        -> PostgresTestServer
    {
        let binaries = try PostgresBinaries.locate()
        let user = try UnprivilegedUser.forCurrentProcess()
        // As root, under /tmp, which `nobody` can reach whatever TMPDIR says.
        let base =
            user == nil
            ? FileManager.default.temporaryDirectory
            : URL(fileURLWithPath: "/tmp", isDirectory: true)
        let directory = base.appendingPathComponent(
            "pg-" + UUID().uuidString.prefix(8).lowercased(), isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: false)
        do {
            try user?.take(directory)
            let data = directory.appendingPathComponent("data").path
            // UTF-8, the C locale; made without syncing it (the server syncs what it writes
            // later when durable).
            try ChildProcess.run(
                ChildProcess.command(
                    binaries.path("initdb"),
                    [
                        "-D", data, "-U", "postgres", "--auth=trust", "--encoding=UTF8",
                        "--locale=C", "--no-sync", "--no-instructions",
                    ], as: user),
                what: "initdb")
            let log = directory.appendingPathComponent("server.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            try user?.take(log)
            // Only a durable cluster flushes its writes to the disk.
            let flushing: [String] =
                switch durability {
                case .durable: []
                case .processCrashSafe: ["-c", "fsync=off", "-c", "full_page_writes=off"]
                case .throwaway:
                    [
                        "-c", "fsync=off", "-c", "full_page_writes=off",
                        "-c", "synchronous_commit=off",
                    ]
                }
            let command = ChildProcess.command(
                binaries.path("postgres"),
                [
                    "-D", data, "-k", directory.path, "-p", String(port),
                    "-c", "listen_addresses=", "-c", "max_connections=600",
                ] + flushing, as: user, diesWithParent: true)
            let crash = ChildProcess.command(
                binaries.path("pg_ctl"), ["stop", "-D", data, "-m", "immediate", "-w"], as: user)
            let server = try PostgresTestServer(
                directory: directory, log: log, crashCommand: crash
            ) {
                try ChildProcess.launch(command, log: log)
            }
            do {
                try await server.waitUntilReady(log: log)
            } catch {
                server.stop()
                throw error
            }
            return server
        } catch {
            try? FileManager.default.removeItem(at: directory)
            throw error
        }
    }

    /// How long the server may take to accept connections before the test fails.
    ///
    /// 300 s, as the root package's `TestSupport.hangGuard` for every wait a test does not
    /// measure (that target is in no product, so this package cannot import it): a 2-core CI
    /// machine can be starved for minutes by what runs beside the tests.
    static let hangGuard: TimeInterval = 300

    /// Waits until the server accepts a connection, for up to ``hangGuard``; throws with the
    /// server's log if it exits first.
    private func waitUntilReady(log: URL) async throws {
        let deadline = Date().addingTimeInterval(Self.hangGuard)
        while true {
            guard process.isRunning else {
                throw PostgresTestServerError(
                    "postgres exited with status \(process.terminationStatus) before it accepted "
                        + "connections: " + Self.tail(of: log))
            }
            if FileManager.default.fileExists(
                atPath: directory.appendingPathComponent(".s.PGSQL.\(Self.port)").path)
            {
                do {
                    let connection = try await connect()
                    try await connection.close()
                    return
                } catch {
                    // Still starting: the socket exists before the server accepts logins.
                }
            }
            guard Date() < deadline else {
                throw PostgresTestServerError(
                    "postgres did not accept connections within \(Int(Self.hangGuard)) s: "
                        + Self.tail(of: log))
            }
            try await Task.sleep(nanoseconds: 100_000_000)
        }
    }

    /// Stops the server (a fast shutdown: SIGINT, then SIGKILL after 30 s) and removes its
    /// directory.
    fileprivate func stop() {
        stopProcess()
        try? FileManager.default.removeItem(at: directory)
    }

    /// Stops `postgres`: SIGINT (a fast shutdown), then SIGKILL after 30 s.
    private func stopProcess() {
        let process = process
        if process.isRunning {
            kill(process.processIdentifier, SIGINT)
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline {
                usleep(50_000)
            }
            if process.isRunning {
                kill(process.processIdentifier, SIGKILL)
                process.waitUntilExit()
            }
        }
    }

    /// The last lines of the server's log, for an error.
    private static func tail(of log: URL) -> String {
        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        return text.split(separator: "\n").suffix(10).joined(separator: "\n")
    }
}

/// Why the private PostgreSQL server could not be made or started.
package struct PostgresTestServerError: Error, CustomStringConvertible {
    /// What went wrong, and what to do.
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// The process's shared server, started once, and the databases made on it, one at a time.
private actor SharedServer {
    static let instance = SharedServer()

    private var starting: Task<PostgresTestServer, any Error>?
    private var databases = 0

    func server() async throws -> PostgresTestServer {
        if let starting { return try await starting.value }
        let task = Task { () throws -> PostgresTestServer in
            let server = try await PostgresTestServer.start()
            sharedServerAtExit.set(server)
            atexit { sharedServerAtExit.get()?.stop() }
            return server
        }
        starting = task
        return try await task.value
    }

    /// Creates a database, trying again for a while when PostgreSQL refuses because another
    /// creation is copying `template1` at the same moment (the actor does not keep two
    /// creations apart: it is reentrant at each `await`).
    func createDatabase(on server: PostgresTestServer) async throws -> String {
        databases += 1
        let name = "test_\(databases)"
        var attempt = 0
        while true {
            attempt += 1
            do {
                let connection = try await server.connect()
                do {
                    try await connection.query(
                        PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"),
                        logger: server.logger)
                    try? await connection.close()
                    return name
                } catch {
                    try? await connection.close()
                    throw error
                }
            } catch {
                guard attempt < 50 else {
                    throw PostgresTestServerError(
                        "CREATE DATABASE \(name) failed: \(String(reflecting: error))")
                }
                try await Task.sleep(nanoseconds: 100_000_000)
            }
        }
    }
}

/// The shared server, for the `atexit` handler that stops it (a C function pointer, which
/// cannot capture).
private let sharedServerAtExit = SharedServerBox()

/// The shared server, behind a lock (`@unchecked Sendable`: `lock` guards `server`).
private final class SharedServerBox: @unchecked Sendable {
    private let lock = NSLock()
    private var server: PostgresTestServer?

    func set(_ server: PostgresTestServer) {
        lock.lock()
        self.server = server
        lock.unlock()
    }

    func get() -> PostgresTestServer? {
        lock.lock()
        defer { lock.unlock() }
        return server
    }
}
