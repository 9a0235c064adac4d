import Foundation
import PokedexKit
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What the client retries, how long it waits, and when it gives up, with an injected
/// transport that fails exactly as told.
@Suite("PokeAPIClient retries")
struct PokeAPIClientRetryTests {
    /// A transport that fails the first `failures` requests with `failure`, then serves
    /// pikachu.
    static func failing(
        _ failures: Int,
        with failure: @escaping @Sendable (URLRequest) throws -> (Data, HTTPURLResponse)
    ) -> StubTransport {
        StubTransport { request, attempt in
            attempt <= failures ? try failure(request) : try Stub.pokemon(25, for: request)
        }
    }

    @Test("retried statuses are retried until success", arguments: [408, 429, 500, 502, 503, 504])
    func retriedStatus(status: Int) async throws {
        let transport = Self.failing(2) { try Stub.response(status, for: $0) }
        let pokemon = try await PokeAPIClient.stubbed(transport: transport).pokemon(id: 25)
        #expect(pokemon?.name == "pikachu")
        #expect(await transport.log.urls.count == 3)
    }

    @Test("other statuses fail at once", arguments: [400, 401, 403, 405, 410, 422, 301])
    func fatalStatus(status: Int) async throws {
        let transport = Self.failing(1) { try Stub.response(status, Data("nope".utf8), for: $0) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.pokemon(id: 25)
        }
        #expect(error.statusCode == status)
        #expect(error.context?.attempts == 1)
        #expect(error.bodyExcerpt == "nope")
        #expect(await transport.log.urls.count == 1)
    }

    @Test("a 404 is nil at once, never retried")
    func notFoundIsNotRetried() async throws {
        let transport = Self.failing(10) { try Stub.response(404, for: $0) }
        let pokemon = try await PokeAPIClient.stubbed(transport: transport).pokemon(id: 5000)
        #expect(pokemon == nil)
        #expect(await transport.log.urls.count == 1)
    }

    @Test(
        "transient transport errors are retried",
        arguments: [
            URLError.Code.timedOut, .cannotConnectToHost, .cannotFindHost, .networkConnectionLost,
            .notConnectedToInternet, .badServerResponse, .unknown,
        ])
    func transientError(code: URLError.Code) async throws {
        let transport = Self.failing(3) { _ in throw URLError(code) }
        let pokemon = try await PokeAPIClient.stubbed(transport: transport).pokemon(id: 25)
        #expect(pokemon?.name == "pikachu")
        #expect(await transport.log.urls.count == 4)
    }

    @Test(
        "other transport errors fail at once",
        arguments: [URLError.Code.badURL, .unsupportedURL, .cancelled, .secureConnectionFailed])
    func fatalTransportError(code: URLError.Code) async throws {
        let transport = Self.failing(1) { _ in throw URLError(code) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.pokemon(id: 25)
        }
        guard error.code == .transportFailed, let underlying = error.underlyingError,
            let context = error.context
        else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect((underlying as? URLError)?.code == code)
        #expect(context.attempts == 1)
        #expect(context.bodyExcerpt == nil)
        #expect(await transport.log.urls.count == 1)
    }

    @Test("spent retries on a transport error throw it with the attempts made")
    func transportRetriesExhausted() async throws {
        let transport = Self.failing(.max) { _ in throw URLError(.timedOut) }
        let client = try PokeAPIClient.stubbed(transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.pokemon(id: 25)
        }
        #expect(error.context?.attempts == 4)
        #expect(error.description.contains("timed out"))
        #expect(error.description.contains("http://pokeapi.test/api/v2/pokemon/25/"))
        #expect(await transport.log.urls.count == 4)
    }

    @Test("the waits grow exponentially up to the policy's maximum")
    func exponentialBackoff() async throws {
        let transport = Self.failing(4) { try Stub.response(500, for: $0) }
        let sleeps = SleepLog()
        let policy = RetryPolicy(
            maxAttempts: 5, baseDelay: .milliseconds(100), maxDelay: .milliseconds(250), jitter: 0)
        let client = try PokeAPIClient.stubbed(
            retryPolicy: policy, sleeps: sleeps, transport: transport)
        #expect(try await client.pokemon(id: 25) != nil)
        #expect(
            await sleeps.delays == [
                .milliseconds(100), .milliseconds(200), .milliseconds(250), .milliseconds(250),
            ])
    }

    /// A `Retry-After` value, in one of the forms HTTP allows.
    enum RetryAfterCase: Sendable, CustomTestStringConvertible {
        /// A number of seconds, and the wait it gives.
        case seconds(String, wait: Duration)
        /// An HTTP-date this many whole seconds ahead, in a `DateFormatter` format.
        case date(format: String, secondsAhead: Double)
        /// An HTTP-date in the past: no wait beyond the backoff.
        case past(String)

        var testDescription: String {
            switch self {
            case .seconds(let value, _): "\"\(value)\" seconds"
            case .date(let format, let ahead): "\(format), \(ahead) s ahead"
            case .past(let value): "\(value), in the past"
            }
        }
    }

    static let retryAfterCases: [RetryAfterCase] = [
        .seconds("7", wait: .seconds(7)),
        // The wait is never shorter than the backoff (1 ms here).
        .seconds(" 0 ", wait: .milliseconds(1)),
        .date(format: "EEE',' dd MMM yyyy HH':'mm':'ss 'GMT'", secondsAhead: 40),
        .date(format: "EEEE',' dd'-'MMM'-'yy HH':'mm':'ss 'GMT'", secondsAhead: 40),
        .date(format: "EEE MMM d HH':'mm':'ss yyyy", secondsAhead: 40),
        .past("Sun, 06 Nov 1994 08:49:37 GMT"),
    ]

    @Test("Retry-After in seconds or as an HTTP-date sets the wait", arguments: retryAfterCases)
    func retryAfter(_ input: RetryAfterCase) async throws {
        var target: Date?
        let header: String
        switch input {
        case .seconds(let value, _), .past(let value):
            header = value
        case .date(let format, let secondsAhead):
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = format
            // Whole seconds, as an HTTP-date has them.
            let date = Date(
                timeIntervalSince1970: (Date().timeIntervalSince1970 + secondsAhead).rounded(.down))
            target = date
            header = formatter.string(from: date)
        }
        let transport = Self.failing(1) {
            try Stub.response(429, headers: ["Retry-After": header], for: $0)
        }
        let sleeps = SleepLog()
        let client = try PokeAPIClient.stubbed(sleeps: sleeps, transport: transport)
        let start = Date()
        #expect(try await client.pokemon(id: 25) != nil)
        let end = Date()

        let delays = await sleeps.delays
        #expect(delays.count == 1)
        let delay = try #require(delays.first)
        switch input {
        case .seconds(_, let wait):
            #expect(delay == wait, "\(header) → \(delay)")
        case .date:
            // The date was read some time between `start` and `end`, however busy the machine.
            let date = try #require(target)
            let range =
                (date.timeIntervalSince(end) - 0.01)...(date.timeIntervalSince(start) + 0.01)
            #expect(range.contains(delay.inSeconds), "\(header) → \(delay), expected \(range)")
        case .past:
            #expect(delay == .milliseconds(1), "\(header) → \(delay)")
        }
    }

    @Test("a malformed Retry-After is ignored in favour of the backoff")
    func malformedRetryAfter() async throws {
        let transport = Self.failing(1) {
            try Stub.response(503, headers: ["Retry-After": "soon"], for: $0)
        }
        let sleeps = SleepLog()
        let client = try PokeAPIClient.stubbed(sleeps: sleeps, transport: transport)
        #expect(try await client.pokemon(id: 25) != nil)
        #expect(await sleeps.delays == [.milliseconds(1)])
    }

    @Test("a Retry-After beyond the policy's maximum gives up at once")
    func retryAfterTooLong() async throws {
        let transport = Self.failing(1) {
            try Stub.response(
                429, Data("slow down".utf8), headers: ["Retry-After": "3600"], for: $0)
        }
        let sleeps = SleepLog()
        let client = try PokeAPIClient.stubbed(sleeps: sleeps, transport: transport)
        let error = try await #require(throws: PokeAPIError.self) {
            try await client.pokemon(id: 25)
        }
        #expect(error.statusCode == 429)
        #expect(error.bodyExcerpt == "slow down")
        #expect(await sleeps.delays.isEmpty)
        #expect(await transport.log.urls.count == 1)
    }

    @Test("RetryPolicy.never makes exactly one request")
    func never() async throws {
        let transport = Self.failing(1) { try Stub.response(503, for: $0) }
        let client = try PokeAPIClient.stubbed(retryPolicy: .never, transport: transport)
        await #expect(throws: PokeAPIError.self) { try await client.pokemon(id: 25) }
        #expect(await transport.log.urls.count == 1)
    }
}
