import Foundation
import PokeAPITestServer
import PokedexKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A body past the client's limit is a typed error after one request, and the transport stops
/// reading it: memory stays bounded whatever a server sends.
@Suite("Response size", .serialized)
struct ResponseSizeTests {
    static let limit = PokeAPIClient.Configuration.defaultMaximumResponseSize

    @Test("a 50 MB response is refused after one request, never retried", arguments: [false, true])
    func hugeResponse(chunked: Bool) async throws {
        try await withTestServer(.huge([25], .always, megabytes: 50, chunked: chunked)) {
            server in
            let client = PokeAPIClient.local(server)
            let error = await #expect(throws: PokeAPIError.self) {
                try await client.pokemon(id: 25)
            }
            guard let error, error.code == .responseTooLarge, let limit = error.sizeLimit,
                let context = error.context
            else {
                Issue.record("expected responseTooLarge, got \(String(describing: error))")
                return
            }
            #expect(limit == Self.limit)
            #expect(context.attempts == 1)
            #expect(error.description.contains("longer than the limit of 16 MiB"))
            let stats = try await server.stats()
            #expect(stats.requests(forPokemon: 25) == 1)
        }
    }

    @Test(
        "a 1 GiB stream costs the client about the limit in memory, not the stream",
        .requires(.procStatus), .requires(.noSanitizer),
        arguments: [false, true])
    func memoryStaysBounded(chunked: Bool) async throws {
        try await withTestServer(.huge([25], .always, megabytes: 1_024, chunked: chunked)) {
            server in
            let probe = try await ResponseSizeProbe.run(server, limit: Self.limit)
            try await waitUntil { (try? await server.stats().hugeBytesSent) ?? 0 > 0 }
            let sent = try await server.stats().hugeBytesSent
            print(
                "response size: 1 GiB offered (\(chunked ? "chunked" : "Content-Length")), "
                    + "\(sent >> 20) MiB sent before the client hung up, client's peak "
                    + "resident memory \(probe.peakKilobytes >> 10) MiB")
            #expect(probe.outcome.hasPrefix("error PokeAPI's response"), "\(probe.outcome)")
            #expect(probe.outcome.contains("longer than the limit of 16 MiB"))
            // How much the server got to send depends on how soon FoundationNetworking acts on
            // the cancellation (it waits for its busy queue); what matters is that the client
            // dropped it: the whole process stays within a few times the limit.
            #expect(probe.peakKilobytes > 0 && probe.peakKilobytes < 128 << 10)
        }
    }

    @Test("a 50 MB response within a raised limit decodes")
    func hugeResponseWithinALimit() async throws {
        try await withTestServer(.huge([25], .always, megabytes: 50)) { server in
            let client = PokeAPIClient(
                configuration: .init(baseURL: server.baseURL, maximumResponseSize: 64 << 20))
            let pikachu = try await client.pokemon(id: 25)
            #expect(pikachu == (try Fixtures.pokemon(25)))
        }
    }

    @Test("a given session reads the body whole, then refuses it just the same")
    func givenSession() async throws {
        try await withTestServer(.huge([25], .always, megabytes: 20)) { server in
            let transport = URLSessionTransport(session: .shared)
            let request = URLRequest(url: server.baseURL.appending(path: "api/v2/pokemon/25/"))
            let error = try await #require(throws: URLError.self) {
                try await transport.send(request, maximumResponseSize: 1 << 20)
            }
            #expect(error.code == .dataLengthExceedsMaximum)
        }
    }

    @Test("a transport that reads whole bodies never hands on one past the limit")
    func anyTransport() async throws {
        let body = try Fixtures.trimmed(25)
        let transport = StubTransport { request, _ in try Stub.response(200, body, for: request) }
        for (limit, fits) in [(body.count, true), (body.count - 1, false)] {
            let client = try PokeAPIClient.stubbed(transport: transport)
            var configuration = client.configuration
            configuration.maximumResponseSize = limit
            let limited = PokeAPIClient(configuration: configuration, transport: transport)
            if fits {
                #expect(try await limited.pokemon(id: 25)?.name == "pikachu")
            } else {
                await #expect(throws: PokeAPIError.self) { try await limited.pokemon(id: 25) }
            }
        }
    }

    @Test("a 50 MB body from any transport is a typed error, never retried")
    func hugeStubbedBody() async throws {
        let transport = StubTransport { request, _ in
            try Stub.response(200, Data(count: 50 << 20), for: request)
        }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = await #expect(throws: PokeAPIError.self) { try await client.pokemon(id: 1) }
        guard let error, error.code == .responseTooLarge, error.sizeLimit == Self.limit,
            let context = error.context
        else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(context.attempts == 1)
        #expect(await transport.log.urls.count == 1)
    }
}

/// `ResponseSizeProbe`, the child process that fetches one response and reports its own peak
/// memory.
enum ResponseSizeProbe {
    /// What the probe printed.
    struct Report {
        /// `ok <name>` or `error <description>`.
        var outcome: String
        /// The most resident memory the probe held, in kilobytes.
        var peakKilobytes: Int
    }

    /// Whether the probe can report its memory: Linux's `/proc`.
    static let isAvailable = FileManager.default.fileExists(atPath: "/proc/self/status")

    /// Whether the tests (and so the probe, built alike) run under AddressSanitizer or
    /// ThreadSanitizer, whose shadow memory grows with what a process touches.
    static let isSanitized: Bool = {
        let process = dlopen(nil, RTLD_NOW)
        let symbols: [String] = ["__asan_init", "__tsan_init"]
        return symbols.contains { dlsym(process, $0) != nil }
    }()

    /// Runs the probe against a server with a limit, and reads its report.
    static func run(_ server: TestServer, limit: Int) async throws -> Report {
        let process = try Subprocess(
            executable: try builtExecutable(named: "ResponseSizeProbe"),
            arguments: [server.baseURL.absoluteString, String(limit)], standardOutput: .pipe)
        let (data, _) = await process.readOutputToEnd()
        _ = await process.wait()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
        let peak = lines.last { $0.hasPrefix("peak ") }.flatMap { Int($0.dropFirst(5)) } ?? 0
        return Report(outcome: lines.first ?? "", peakKilobytes: peak)
    }
}

extension Requirement {
    /// Linux's `/proc/self/status`, where the probe reads its peak memory.
    fileprivate static let procStatus = Requirement("proc-status", "reads /proc/self/status") {
        ResponseSizeProbe.isAvailable
    }

    /// A build without a sanitizer, whose shadow memory would count in the probe's.
    fileprivate static let noSanitizer = Requirement(
        "no-sanitizer", "a build without a sanitizer, whose shadow memory would count"
    ) { !ResponseSizeProbe.isSanitized }
}
