import Foundation
import TestSupport

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The local PokeAPI test server, `Scripts/pokeapi-test-server.py`, serving fixture files on
/// 127.0.0.1.
///
/// Start one with ``withTestServer(serving:_:_:)``, which always stops it. Both the
/// PokedexKit tests (the client and sync against real HTTP) and the command-line tests
/// (`pokedex sync --base-url`) use it.
public struct TestServer: Sendable {
    /// The server's root, such as `http://127.0.0.1:54321`, without a trailing slash.
    public let baseURL: URL

    /// The server's root followed by `path` as written, such as `/api/v2/` for its API root:
    /// each form of base URL a client may be given.
    ///
    /// - Parameter path: Empty, or a path from `/`.
    /// - Returns: The URL, or `nil` when the text is not one.
    public func baseURL(followedBy path: String) -> URL? {
        URL(string: baseURL.absoluteString + path)
    }

    /// Request counts, as `GET /_stats` reports them.
    public struct Stats: Decodable, Sendable {
        /// Every API request (not `/_stats`).
        public var total: Int
        /// Requests per path, query included.
        public var paths: [String: Int]
        /// Requests per Pokémon id, whether by id or by name.
        public var pokemon: [String: Int]
        /// Requests per entry of another family, keyed `family/id` (`pokemon-species/6`) or
        /// `family/name` as the path named it.
        public var entries: [String: Int]
        /// Injected faults per kind (`"500"`, `"drop"`, …).
        public var faults: [String: Int]
        /// Responses per status sent.
        public var statuses: [String: Int]
        /// The bytes of ``Option/huge(_:_:megabytes:chunked:)`` bodies written before the
        /// client hung up.
        public var hugeBytesSent: Int

        /// The requests made for one Pokémon.
        public func requests(forPokemon id: Int) -> Int {
            pokemon[String(id)] ?? 0
        }

        /// The ids of the Pokémon requested at least once.
        public var requestedPokemonIDs: Set<Int> {
            Set(pokemon.keys.compactMap { Int($0) })
        }

        /// The ids of a family's entries requested at least once.
        ///
        /// - Parameter family: The family's name in PokeAPI's paths, such as
        ///   `"pokemon-species"`.
        /// - Returns: The ids, of the requests that named an id.
        public func requestedIDs(of family: String) -> Set<Int> {
            Set(
                entries.keys.compactMap { key in
                    let parts = key.split(separator: "/")
                    return parts.count == 2 && parts[0] == family ? Int(parts[1]) : nil
                })
        }
    }

    /// The server's request counts so far.
    public func stats() async throws -> Stats {
        let (data, _) = try await URLSession.shared.data(from: baseURL.appending(path: "_stats"))
        return try JSONDecoder().decode(Stats.self, from: data)
    }

    /// Sets every request count back to zero, as `POST /_stats/reset` does.
    public func resetStats() async throws {
        var request = URLRequest(url: baseURL.appending(path: "_stats/reset"))
        request.httpMethod = "POST"
        _ = try await URLSession.shared.data(for: request)
    }

    /// A fault or a setting of the server, as its command-line options say it.
    public enum Option: Sendable {
        /// How many requests of each named Pokémon get a fault.
        public enum Count: Sendable {
            /// The first request only.
            case once
            /// The first `count` requests.
            case times(Int)
            /// Every request.
            case always

            var suffix: String {
                switch self {
                case .once: ":1"
                case .times(let count): ":\(count)"
                case .always: ":*"
                }
            }
        }

        /// The port to bind, instead of any free one: to serve again where a stopped server
        /// served.
        case port(Int)
        /// Waits before every response.
        case latency(milliseconds: Int)
        /// 404 for every request of these ids.
        case notFound([Int])
        /// 429 with a `Retry-After` header.
        case tooManyRequests([Int], Count = .once)
        /// The `Retry-After` of every 429: seconds (`"1"`, the default), or `"date+S"` for an
        /// HTTP-date S seconds ahead.
        case retryAfter(String)
        /// A 5xx status.
        case serverError(Int, [Int], Count = .once)
        /// Answers only after `milliseconds`.
        case slow([Int], Count = .once, milliseconds: Int = 3000)
        /// A Content-Length larger than the body sent, then a closed connection.
        case truncatedBody([Int], Count = .once)
        /// A closed connection without a response.
        case droppedConnection([Int], Count = .once)
        /// A 200 whose body is not JSON.
        case invalidJSON([Int], Count = .once)
        /// A 200 whose body is the resource's JSON padded to `megabytes` MB, with a
        /// Content-Length or, `chunked`, without one.
        case huge([Int], Count = .once, megabytes: Double = 50, chunked: Bool = false)
        /// A share of API responses failing in a random way, reproducibly.
        case faultRate(Double, seed: Int)
        /// How long a `slow` fault, named or random, waits before answering.
        case slowFaults(milliseconds: Int)
        /// List links as absolute URLs instead of host-less paths.
        case absoluteLinks
        /// The `Cache-Control` of every 200 and 304 of a resource, such as `"max-age=60"`,
        /// `"no-store"` or `"no-cache"`; without it, none is sent. Every 200 has an `ETag`
        /// either way, and an `If-None-Match` naming it gets a 304.
        case cacheControl(String)
        /// The directory the other families' entries are served from
        /// (`<family>/<id>.json`), instead of the repository's `Data/pokeapi/all`.
        case families(URL)
        /// Each Pokémon served from the families' directory (`pokemon/<id>.json`), with its
        /// learnset (`moves`), instead of the trimmed fixture.
        case learnsets

        var arguments: [String] {
            func ids(_ ids: [Int]) -> String { ids.map(String.init).joined(separator: ",") }
            switch self {
            case .port(let port):
                return ["--port", String(port)]
            case .latency(let milliseconds):
                return ["--latency-ms", String(milliseconds)]
            case .notFound(let list):
                return ["--not-found", ids(list)]
            case .tooManyRequests(let list, let count):
                return ["--status-429", ids(list) + count.suffix]
            case .retryAfter(let value):
                return ["--retry-after", value]
            case .serverError(let status, let list, let count):
                return ["--status-\(status)", ids(list) + count.suffix]
            case .slow(let list, let count, let milliseconds):
                return ["--slow", ids(list) + count.suffix, "--slow-ms", String(milliseconds)]
            case .truncatedBody(let list, let count):
                return ["--truncate", ids(list) + count.suffix]
            case .droppedConnection(let list, let count):
                return ["--drop", ids(list) + count.suffix]
            case .invalidJSON(let list, let count):
                return ["--invalid-json", ids(list) + count.suffix]
            case .huge(let list, let count, let megabytes, let chunked):
                return ["--huge", ids(list) + count.suffix, "--huge-mb", String(megabytes)]
                    + (chunked ? ["--huge-chunked"] : [])
            case .faultRate(let rate, let seed):
                return ["--fault-rate", String(rate), "--seed", String(seed)]
            case .slowFaults(let milliseconds):
                return ["--slow-ms", String(milliseconds)]
            case .absoluteLinks:
                return ["--absolute-links"]
            case .cacheControl(let value):
                return ["--cache-control", value]
            case .families(let directory):
                return ["--families", directory.path(percentEncoded: false)]
            case .learnsets:
                return ["--learnsets"]
            }
        }
    }

    /// The repository's root, found from this file's path.
    public static let repositoryRoot = URL(filePath: #filePath)
        .deletingLastPathComponent()  // PokeAPITestServer
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()

    /// The server script.
    public static let script = repositoryRoot.appending(path: "Scripts/pokeapi-test-server.py")

    /// The fixtures in the source tree, `Tests/PokedexKitTests/Fixtures`: the first
    /// generation and the edge cases, trimmed, and the list resource.
    public static let sourceFixtures = repositoryRoot.appending(
        path: "Tests/PokedexKitTests/Fixtures", directoryHint: .isDirectory)
}

/// The test server did not start; the description has what it wrote to standard error.
public struct TestServerError: Error, CustomStringConvertible {
    /// What went wrong.
    public var description: String
}

/// Runs `body` with a test server serving `fixtures` with `options`, and stops the server
/// when `body` returns or throws.
///
/// The server runs `python3` from `PATH`. It also exits by itself when this process goes away,
/// because it serves only while its stdin is open.
///
/// - Parameters:
///   - fixtures: A folder laid out as `Tests/PokedexKitTests/Fixtures` (`trimmed/`, `list/`).
///   - options: Faults and settings.
///   - body: The work to do while the server runs.
/// - Returns: What `body` returns.
/// - Throws: ``TestServerError`` when the server does not start, or what `body` throws.
public func withTestServer<Result>(
    serving fixtures: URL = TestServer.sourceFixtures,
    _ options: [TestServer.Option],
    _ body: (TestServer) async throws -> Result
) async throws -> Result {
    // Errors go to a file: a pipe nobody reads could fill up and stall the server.
    let errorLog = FileManager.default.temporaryDirectory
        .appending(path: "pokeapi-test-server-\(UUID().uuidString).log")
    try Data().write(to: errorLog)
    let errors = try FileHandle(forWritingTo: errorLog)
    defer {
        try? errors.close()
        try? FileManager.default.removeItem(at: errorLog)
    }
    let process = try Subprocess(
        executable: URL(filePath: "/usr/bin/env"),
        arguments: [
            "python3", TestServer.script.path(percentEncoded: false),
            fixtures.path(percentEncoded: false),
        ]
            + options.flatMap(\.arguments),
        standardInput: .pipe, standardOutput: .pipe,
        standardError: .fileDescriptor(errors.fileDescriptor))

    func stop() async {
        try? process.standardInput?.close()
        process.terminate()
        _ = await process.wait()
    }

    let server: TestServer
    do {
        var line: String?
        if let output = process.standardOutput { line = try await firstLine(of: output) }
        guard let line, let port = Int(line), let url = URL(string: "http://127.0.0.1:\(port)")
        else {
            throw TestServerError(description: "the server printed no port: \(line ?? "EOF")")
        }
        server = TestServer(baseURL: url)
    } catch {
        await stop()
        let log = (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
        throw TestServerError(description: "the test server did not start: \(error)\n\(log)")
    }

    do {
        let result = try await body(server)
        await stop()
        return result
    } catch {
        await stop()
        throw error
    }
}

/// Runs `body` with a test server serving `fixtures` with `options`, and stops the server
/// when `body` returns or throws.
///
/// - Parameters:
///   - fixtures: A folder laid out as `Tests/PokedexKitTests/Fixtures` (`trimmed/`, `list/`).
///   - options: Faults and settings.
///   - body: The work to do while the server runs.
/// - Returns: What `body` returns.
/// - Throws: ``TestServerError`` when the server does not start, or what `body` throws.
public func withTestServer<Result>(
    serving fixtures: URL = TestServer.sourceFixtures,
    _ options: TestServer.Option...,
    body: (TestServer) async throws -> Result
) async throws -> Result {
    try await withTestServer(serving: fixtures, options, body)
}

/// The first line a file handle gives, read without blocking a task's thread; `nil` at
/// end-of-file.
private func firstLine(of handle: FileHandle) async throws -> String? {
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
