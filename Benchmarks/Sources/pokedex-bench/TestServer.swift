import Foundation

/// The repository's local PokeAPI server, `Scripts/pokeapi-test-server.py`, run as a child
/// process over the test fixtures.
///
/// It serves while its stdin is open, so it also goes away with this process.
final class TestServer {
    /// The server's root, such as `http://127.0.0.1:54321`.
    let baseURL: URL
    private let process: Process
    private let input: Pipe

    /// The server script, found from this file's path.
    static let script = Fixtures.repository.appending(path: "Scripts/pokeapi-test-server.py")

    /// Starts a server that waits `latencyMilliseconds` before every response.
    init(latencyMilliseconds: Int) async throws {
        process = Process()
        process.executableURL = URL(filePath: "/usr/bin/env")
        process.arguments = [
            "python3", Self.script.path(percentEncoded: false),
            Fixtures.directory.path(percentEncoded: false),
            "--latency-ms", String(latencyMilliseconds),
        ]
        input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let line = await Self.firstLine(of: output.fileHandleForReading)
        guard let line, let port = Int(line), let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            try? input.fileHandleForWriting.close()
            process.terminate()
            throw BenchmarkError.setup(
                "the test server (python3 \(Self.script.path)) printed no port: \(line ?? "EOF")")
        }
        baseURL = url
    }

    /// Stops the server and waits for it to exit.
    func stop() {
        try? input.fileHandleForWriting.close()
        process.terminate()
        process.waitUntilExit()
    }

    /// Runs `body` with a server, and stops the server when `body` returns or throws.
    static func with<Value>(
        latencyMilliseconds: Int, _ body: (TestServer) async throws -> Value
    ) async throws -> Value {
        let server = try await TestServer(latencyMilliseconds: latencyMilliseconds)
        defer { server.stop() }
        return try await body(server)
    }

    /// The first line a file handle gives, read without blocking a task's thread; `nil` at
    /// end-of-file.
    private static func firstLine(of handle: FileHandle) async -> String? {
        let (chunks, feed) = AsyncStream<Data>.makeStream()
        handle.readabilityHandler = { handle in
            let data = handle.availableData
            if data.isEmpty {
                feed.finish()
            } else {
                feed.yield(data)
            }
        }
        defer { handle.readabilityHandler = nil }
        var buffer = Data()
        for await chunk in chunks {
            buffer += chunk
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                return String(decoding: buffer[..<newline], as: UTF8.self)
            }
        }
        return nil
    }
}
