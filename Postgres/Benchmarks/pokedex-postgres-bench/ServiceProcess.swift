import Crypto
import Foundation
import PostgresNIO
import PostgresTestServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `pokedex-service` process on a database of the benchmark's server, listening on a free
/// port on 127.0.0.1, with a token for each of a list of users; stopped (SIGTERM, then
/// SIGKILL) when the benchmark is done with it. As the service tests'
/// `ServiceInstance`, without their expectations.
// `@unchecked Sendable`: every stored property is set once, in `init`; the process is only
// signalled and waited for, and the output is locked.
final class ServiceProcess: @unchecked Sendable {
    /// The base URL it serves, `http://127.0.0.1:<port>`.
    let baseURL: URL
    private let process: Process
    private let output: ProcessOutput

    private init(baseURL: URL, process: Process, output: ProcessOutput) {
        self.baseURL = baseURL
        self.process = process
        self.output = output
    }

    /// The user's token: what a device would keep in its keychain.
    static func token(of user: String) -> String {
        "bench-token-of-\(user)"
    }

    /// The service executable built beside the benchmark (`swift build --product
    /// pokedex-service`, or the tests' build, which makes it).
    static func executable() throws -> URL {
        do {
            return try builtExecutable(named: "pokedex-service")
        } catch {
            throw BenchmarkError.setup(
                "the sync rows start pokedex-service, which is not built beside the benchmark: "
                    + "swift build [-c release] --package-path Postgres --product pokedex-service")
        }
    }

    /// Starts instances on one database, one after the other (the first fills the database
    /// with the bundled data), runs `body` with them, and stops them.
    static func withInstances<Value>(
        _ count: Int, of executable: URL, on database: PostgresConnection.Configuration,
        users: [String], _ body: ([ServiceProcess]) async throws -> Value
    ) async throws -> Value {
        let tokens = users.map { user in
            let hash = SHA256.hash(data: Data(token(of: user).utf8))
            return "\(user):" + hash.map { String(format: "%02x", $0) }.joined()
        }
        var instances: [ServiceProcess] = []
        do {
            for _ in 0..<count {
                instances.append(
                    try await start(
                        executable, on: database,
                        environment: ["POKEDEX_TOKENS": tokens.joined(separator: ",")]))
            }
            let value = try await body(instances)
            for instance in instances { await instance.stop() }
            return value
        } catch {
            for instance in instances { await instance.stop() }
            throw error
        }
    }

    /// Starts one instance, and returns once it says which port it listens on.
    private static func start(
        _ executable: URL, on database: PostgresConnection.Configuration,
        environment: [String: String]
    ) async throws -> ServiceProcess {
        guard let socket = database.unixSocketPath, let name = database.database else {
            throw BenchmarkError.setup("the server's database is not on a Unix socket")
        }
        let socketURL = URL(fileURLWithPath: socket)
        guard let port = Int(socketURL.pathExtension) else {
            throw BenchmarkError.setup("the socket \(socket) does not end in its port")
        }
        let process = Process()
        process.executableURL = executable
        process.arguments = [
            "--http-port", "0", "--db-host", socketURL.deletingLastPathComponent().path,
            "--db-port", String(port), "--db-user", database.username, "--db-name", name,
        ]
        process.environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("PG") && !$0.key.hasPrefix("POKEDEX_")
        }.merging(environment) { $1 }
        let output = ProcessOutput()
        process.standardOutput = output.pipe
        process.standardError = output.pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + .seconds(300)
        let announced = /listening on (http:\/\/127\.0\.0\.1:\d+)/
        while ContinuousClock.now < deadline {
            if let match = output.text.firstMatch(of: announced),
                let url = URL(string: String(match.output.1))
            {
                return ServiceProcess(baseURL: url, process: process, output: output)
            }
            guard process.isRunning else {
                throw BenchmarkError.setup(
                    "pokedex-service exited with status \(process.terminationStatus): "
                        + output.text)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        kill(process.processIdentifier, SIGKILL)
        throw BenchmarkError.setup("pokedex-service did not listen within 300 s: \(output.text)")
    }

    /// Stops the instance (SIGTERM, then SIGKILL after 30 s).
    func stop() async {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + .seconds(30)
        while process.isRunning, ContinuousClock.now < deadline {
            try? await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// A `GET` of a path with a user's token, through a session; the answer's status must be
    /// 200.
    func get(_ path: String, as user: String, through session: URLSession) async throws -> Data {
        guard let url = URL(string: baseURL.absoluteString + path) else {
            throw BenchmarkError.setup("no URL of \(path)")
        }
        var request = URLRequest(url: url)
        request.setValue("Bearer \(Self.token(of: user))", forHTTPHeaderField: "Authorization")
        let (body, response) = try await session.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200 else {
            throw BenchmarkError.setup(
                "GET \(path) answered \(String(describing: response)): "
                    + String(decoding: body, as: UTF8.self))
        }
        return body
    }
}

/// What a child process writes to a pipe, collected as it arrives.
// `@unchecked Sendable`: `lock` guards `data`; the pipe is only read by its handler.
final class ProcessOutput: @unchecked Sendable {
    let pipe = Pipe()
    private let lock = NSLock()
    private var data = Data()

    init() {
        pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            let chunk = handle.availableData
            if chunk.isEmpty {
                handle.readabilityHandler = nil
            } else {
                self?.append(chunk)
            }
        }
    }

    private func append(_ chunk: Data) {
        lock.withLock { data.append(chunk) }
    }

    /// Everything written so far.
    var text: String {
        lock.withLock { String(decoding: data, as: UTF8.self) }
    }
}
