import Foundation
import PokeAPITestServer
import PokedexKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The contract every ``HTTPTransport`` keeps (see "Implementation requirements" in its
/// documentation), checked against the local test server.
///
/// Add a transport to `transports` to check it too.
@Suite("HTTPTransport conformance", .serialized)
struct HTTPTransportConformanceTests {
    /// A transport under test, made fresh for each test.
    struct Subject: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var make: @Sendable () -> any HTTPTransport
    }

    static let transports = [
        Subject(testDescription: "URLSessionTransport()") { URLSessionTransport() },
        Subject(testDescription: "URLSessionTransport(session: .shared)") {
            URLSessionTransport(session: .shared)
        },
    ]

    static func request(_ server: TestServer, _ path: String, timeout: TimeInterval = 5)
        -> URLRequest
    {
        var request = URLRequest(url: server.baseURL.appending(path: path))
        request.timeoutInterval = timeout
        return request
    }

    @Test("every status comes back as a response, never as an error", arguments: transports)
    func statuses(_ subject: Subject) async throws {
        try await withTestServer(
            .notFound([25]), .serverError(503, [26], .always), .tooManyRequests([27], .always),
            .retryAfter("5")
        ) { server in
            let transport = subject.make()
            let (body, ok) = try await transport.send(Self.request(server, "api/v2/pokemon/1/"))
            #expect(ok.statusCode == 200)
            #expect(body == (try Fixtures.trimmed(1)))
            for (id, status) in [(25, 404), (26, 503), (27, 429)] {
                let (_, response) = try await transport.send(
                    Self.request(server, "api/v2/pokemon/\(id)/"))
                #expect(response.statusCode == status)
            }
            let (_, limited) = try await transport.send(Self.request(server, "api/v2/pokemon/27/"))
            #expect(limited.value(forHTTPHeaderField: "Retry-After") == "5")
        }
    }

    @Test(
        "a response that does not arrive whole throws a URLError the client retries",
        arguments: transports)
    func incompleteResponses(_ subject: Subject) async throws {
        try await withTestServer(
            .truncatedBody([1], .always), .droppedConnection([2], .always),
            .slow([3], .always, milliseconds: 3000)
        ) { server in
            let transport = subject.make()
            let cases: [(Int, Set<URLError.Code>)] = [
                (1, [.networkConnectionLost, .unknown]),
                (2, [.badServerResponse, .networkConnectionLost, .zeroByteResource]),
                (3, [.timedOut]),
            ]
            for (id, codes) in cases {
                let request = Self.request(server, "api/v2/pokemon/\(id)/", timeout: 1)
                let error = try await #require(throws: URLError.self) {
                    try await transport.send(request)
                }
                #expect(codes.contains(error.code), "id \(id): \(error.code.rawValue)")
            }
        }
    }

    @Test("a refused connection throws URLError(.cannotConnectToHost)", arguments: transports)
    func refused(_ subject: Subject) async throws {
        // The server's port, once the server has stopped.
        let closed = try await withTestServer { server in server }
        let error = try await #require(throws: URLError.self) {
            try await subject.make().send(Self.request(closed, "api/v2/pokemon/1/"))
        }
        #expect(error.code == .cannotConnectToHost)
    }

    @Test("cancelling the task ends the request at once", arguments: transports)
    func cancellation(_ subject: Subject) async throws {
        // The server answers after a minute, so no answer can arrive before the cancel, however
        // slowly a loaded machine (or the thread sanitizer) runs the steps before it.
        try await withTestServer(.slow([1], .always, milliseconds: 60_000)) { server in
            let transport = subject.make()
            let request = Self.request(server, "api/v2/pokemon/1/", timeout: 120)
            let call = Task { try await transport.send(request) }
            try await waitUntil { (try? await server.stats().total) == 1 }
            let cancelled = ContinuousClock.now
            call.cancel()
            do {
                _ = try await call.value
                Issue.record("a cancelled request returned a response")
            } catch {
                #expect(error is CancellationError || (error as? URLError)?.code == .cancelled)
            }
            // The server answers after 60 s; ending well before means the request was cut.
            #expect(ContinuousClock.now - cancelled < .seconds(30))
        }
    }
}
