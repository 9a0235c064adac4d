import Foundation
import PokedexKit
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
            guard case .responseTooLarge(let limit, let context)? = error else {
                Issue.record("expected responseTooLarge, got \(String(describing: error))")
                return
            }
            #expect(limit == Self.limit)
            #expect(context.attempts == 1)
            #expect(error?.description.contains("longer than the limit of 16 MiB") == true)
            let stats = try await server.stats()
            #expect(stats.requests(forPokemon: 25) == 1)
        }
    }

    @Test(
        "a 1 GiB stream costs about the limit in memory, not the stream",
        .enabled(if: ResidentMemory.isAvailable, "reads /proc/self/statm"),
        .disabled(if: ResidentMemory.isSanitized, "a sanitizer's own memory would be counted"),
        arguments: [false, true])
    func memoryStaysBounded(chunked: Bool) async throws {
        try await withTestServer(.huge([25], .always, megabytes: 1_024, chunked: chunked)) {
            server in
            let client = PokeAPIClient.local(server)
            let sampler = ResidentMemory.Sampler()
            let sampling = Task { await sampler.run() }
            await #expect(throws: PokeAPIError.self) { try await client.pokemon(id: 25) }
            sampling.cancel()
            await sampling.value
            try await waitUntil { (try? await server.stats().hugeBytesSent) ?? 0 > 0 }
            let sent = try await server.stats().hugeBytesSent
            let growth = sampler.peak - sampler.baseline
            print(
                "response size: 1 GiB offered (\(chunked ? "chunked" : "Content-Length")), "
                    + "\(sent >> 20) MiB sent before the client hung up, "
                    + "peak resident memory +\(growth >> 20) MiB")
            // How much the server got to send depends on how soon FoundationNetworking acts on
            // the cancellation (it waits for its busy queue); what matters is that the client
            // dropped it.
            #expect(growth < 256 << 20, "resident memory grew by \(growth >> 20) MiB")
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
        guard case .responseTooLarge(Self.limit, let context)? = error else {
            Issue.record("expected responseTooLarge, got \(String(describing: error))")
            return
        }
        #expect(context.attempts == 1)
        #expect(await transport.log.urls.count == 1)
    }
}

/// The process's resident memory, read from `/proc/self/statm` (Linux).
enum ResidentMemory {
    static let isAvailable = FileManager.default.fileExists(atPath: "/proc/self/statm")

    /// Whether this process runs under AddressSanitizer or ThreadSanitizer, whose shadow
    /// memory grows with what the process touches.
    static let isSanitized: Bool = {
        let process = dlopen(nil, RTLD_NOW)
        let symbols: [String] = ["__asan_init", "__tsan_init"]
        return symbols.contains { dlsym(process, $0) != nil }
    }()

    /// The resident bytes now, or 0 when unknown.
    static func current() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8),
            let pages = text.split(separator: " ").dropFirst().first.flatMap({ Int($0) })
        else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Samples resident memory every 2 ms until cancelled, keeping the peak.
    ///
    /// `@unchecked Sendable`: `peak` is read and written only while `lock` is held.
    final class Sampler: @unchecked Sendable {
        let baseline = ResidentMemory.current()
        private let lock = NSLock()
        private var highest = 0

        var peak: Int {
            lock.lock()
            defer { lock.unlock() }
            return max(highest, baseline)
        }

        func run() async {
            while !Task.isCancelled {
                record(ResidentMemory.current())
                try? await Task.sleep(for: .milliseconds(2))
            }
        }

        private func record(_ bytes: Int) {
            lock.lock()
            highest = max(highest, bytes)
            lock.unlock()
        }
    }
}
