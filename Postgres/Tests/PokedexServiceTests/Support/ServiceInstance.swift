import Foundation
import PostgresNIO
import PostgresTestServer
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A `pokedex-service` process, started on a database of the private test server, listening
/// on a free port on 127.0.0.1, and stopped (SIGTERM, then SIGKILL) when the test is done.
// `@unchecked Sendable`: every stored property is set once, in `init`; the process is only
// signalled and waited for, and the texts are locked.
final class ServiceInstance: @unchecked Sendable {
    /// The base URL it serves, `http://127.0.0.1:<port>`.
    let baseURL: URL
    private let process: Process
    private let output: LockedText
    private let errors: LockedText

    /// How long the test waits for what it does not measure (start, stop): 300 s, as the
    /// root package's `TestSupport.hangGuard`.
    static let hangGuard: Duration = .seconds(300)

    private init(baseURL: URL, process: Process, output: LockedText, errors: LockedText) {
        self.baseURL = baseURL
        self.process = process
        self.output = output
        self.errors = errors
    }

    /// Starts instances on one database, runs `body` with them, and stops them, whether
    /// `body` throws or not.
    static func withInstances<Value>(
        _ count: Int, on database: PostgresConnection.Configuration,
        environment: [String: String] = [:],
        _ body: ([ServiceInstance]) async throws -> Value
    ) async throws -> Value {
        var instances: [ServiceInstance] = []
        do {
            for _ in 0..<count {
                instances.append(try await start(on: database, environment: environment))
            }
            let value = try await body(instances)
            for instance in instances { try await instance.stop() }
            return value
        } catch {
            for instance in instances { instance.killNow() }
            throw error
        }
    }

    /// Starts one instance, and returns once it says which port it listens on.
    static func start(
        on database: PostgresConnection.Configuration, environment: [String: String] = [:]
    ) async throws -> ServiceInstance {
        let socket = try #require(database.unixSocketPath, "the test server has a Unix socket")
        let socketURL = URL(fileURLWithPath: socket)
        let port = try #require(Int(socketURL.pathExtension), "\(socket) ends in its port")
        let process = Process()
        process.executableURL = try builtExecutable(named: "pokedex-service")
        process.arguments = [
            "--http-port", "0", "--db-host", socketURL.deletingLastPathComponent().path,
            "--db-port", String(port), "--db-user", database.username,
            "--db-name", database.database ?? "", "--db-readers", "1",
        ]
        process.environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("PG") && !$0.key.hasPrefix("POKEDEX_")
        }.merging(environment) { $1 }
        let output = LockedText()
        let errors = LockedText()
        process.standardOutput = output.pipe
        process.standardError = errors.pipe
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let deadline = ContinuousClock.now + hangGuard
        let announced = /listening on (http:\/\/127\.0\.0\.1:\d+)/
        while ContinuousClock.now < deadline {
            if let match = output.text.firstMatch(of: announced),
                let url = URL(string: String(match.output.1))
            {
                return ServiceInstance(
                    baseURL: url, process: process, output: output, errors: errors)
            }
            guard process.isRunning else {
                throw ServiceError(
                    "pokedex-service exited with status \(process.terminationStatus) before "
                        + "it listened: \(errors.text)")
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        throw ServiceError(
            "pokedex-service did not listen within \(hangGuard): \(output.text) \(errors.text)")
    }

    /// Stops the instance as an operator does (SIGTERM), and checks that it shuts down
    /// gracefully: exit status 0, having said it stopped.
    func stop() async throws {
        kill(process.processIdentifier, SIGTERM)
        let deadline = ContinuousClock.now + Self.hangGuard
        while process.isRunning, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        guard !process.isRunning else {
            killNow()
            throw ServiceError("pokedex-service did not stop within \(Self.hangGuard) of SIGTERM")
        }
        #expect(process.terminationReason == .exit, "\(errors.text)")
        #expect(process.terminationStatus == 0, "\(errors.text)")
        // The pipe's last bytes can reach the reader after the process is gone: wait for them.
        let flushed = ContinuousClock.now + .seconds(10)
        while !output.text.contains("pokedex-service stopped"), ContinuousClock.now < flushed {
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(output.text.contains("pokedex-service stopped"), "\(output.text)")
    }

    /// Kills the instance at once, if it still runs.
    func killNow() {
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
    }

    /// Sends a request and returns the status and the body.
    func request(
        _ method: String, _ path: String, token: String? = nil, body: Data? = nil
    ) async throws -> (status: Int, body: Data) {
        let url = try #require(URL(string: baseURL.absoluteString + path), "a URL of \(path)")
        var request = URLRequest(url: url)
        request.httpMethod = method
        request.timeoutInterval = 300
        request.httpBody = body
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        if body != nil { request.setValue("application/json", forHTTPHeaderField: "Content-Type") }
        let (body, response) = try await URLSession.shared.data(for: request)
        let status = try #require(response as? HTTPURLResponse).statusCode
        return (status, body)
    }

    /// Sends a request that must answer `status`, and decodes its JSON body.
    func json<Value: Decodable>(
        _ method: String, _ path: String, status: Int = 200, as _: Value.Type = Value.self,
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Value {
        let (answered, body) = try await request(method, path)
        let text = String(decoding: body, as: UTF8.self)
        #expect(
            answered == status, "\(method) \(path): \(text)", sourceLocation: sourceLocation)
        return try JSONDecoder().decode(Value.self, from: body)
    }
}

/// A service process that did not start or stop as it should.
struct ServiceError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// What a child process writes to a pipe, collected as it arrives.
// `@unchecked Sendable`: `lock` guards `data`; the pipe is only read by its handler.
final class LockedText: @unchecked Sendable {
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
