import Foundation
import PokedexKit
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers from a closure and records what it was asked: the requests, and
/// the most that were in flight at once.
struct StubTransport: HTTPTransport {
    /// Makes the response to a request; `attempt` counts the requests for its URL, from 1.
    typealias Respond =
        @Sendable (_ request: URLRequest, _ attempt: Int) async throws -> (
            Data, HTTPURLResponse
        )

    let log: RequestLog
    let respond: Respond

    init(log: RequestLog = RequestLog(), _ respond: @escaping Respond) {
        self.log = log
        self.respond = respond
    }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let attempt = await log.begin(request)
        do {
            let response = try await respond(request, attempt)
            await log.end()
            return response
        } catch {
            await log.end()
            throw error
        }
    }

    /// A transport that sends every request on to a real one, counting them.
    static func counting(_ transport: some HTTPTransport) -> StubTransport {
        StubTransport { request, _ in try await transport.send(request) }
    }
}

/// What a ``StubTransport`` was asked.
actor RequestLog {
    private(set) var urls: [URL] = []
    /// Each request's `If-None-Match`, in order; `nil` for an unconditional request.
    private(set) var ifNoneMatches: [String?] = []
    private(set) var inFlight = 0
    private(set) var maxInFlight = 0

    /// Records a request; returns how many requests its URL has had, this one included.
    func begin(_ request: URLRequest) -> Int {
        let url = request.url ?? URL(filePath: "/")
        urls.append(url)
        ifNoneMatches.append(request.value(forHTTPHeaderField: "If-None-Match"))
        inFlight += 1
        maxInFlight = max(maxInFlight, inFlight)
        return urls.filter { $0 == url }.count
    }

    func end() {
        inFlight -= 1
    }

    /// The most requests made for any one URL.
    var maxPerURL: Int {
        Dictionary(grouping: urls, by: \.self).values.map(\.count).max() ?? 0
    }
}

/// The waits a client asked for, recorded instead of slept.
actor SleepLog {
    private(set) var delays: [Duration] = []

    func record(_ delay: Duration) {
        delays.append(delay)
    }
}

/// Responses built in tests.
enum Stub {
    /// A response with a status, a body and header fields, for `request`'s URL.
    static func response(
        _ status: Int,
        _ body: Data = Data(),
        headers: [String: String] = [:],
        for request: URLRequest
    ) throws -> (Data, HTTPURLResponse) {
        let url = try #require(request.url)
        let response = try #require(
            HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1", headerFields: headers))
        return (body, response)
    }

    /// What the static service would answer: a trimmed fixture for
    /// `/api/v2/pokemon/{id or name}/`, the whole list for `/api/v2/pokemon`, 404 otherwise.
    static func fixtures(for request: URLRequest) throws -> (Data, HTTPURLResponse) {
        let url = try #require(request.url)
        let last = url.lastPathComponent
        if last == "pokemon" {
            return try response(200, Fixtures.list(), for: request)
        }
        let id = try Int(last) ?? Fixtures.listResults().first { $0.name == last }?.id
        guard let id, Fixtures.trimmedIDs.contains(id) else {
            return try response(404, Data("Not Found".utf8), for: request)
        }
        return try pokemon(id, for: request)
    }

    /// A 200 with a trimmed fixture as its body.
    static func pokemon(_ id: Int, for request: URLRequest) throws -> (Data, HTTPURLResponse) {
        try response(200, Fixtures.trimmed(id), for: request)
    }

}

extension Duration {
    /// The duration in seconds.
    var inSeconds: Double {
        Double(components.seconds) + Double(components.attoseconds) / 1e18
    }
}

/// A count tasks can add to.
actor Counter {
    private(set) var value = 0

    /// Adds one; returns the count, this one included.
    @discardableResult
    func increment() -> Int {
        value += 1
        return value
    }
}

/// A flag tasks can wait for.
actor Flag {
    private var isSet = false

    func set() {
        isSet = true
    }

    /// Returns once the flag is set.
    func wait() async throws {
        while !isSet {
            try await Task.sleep(for: .milliseconds(2))
        }
    }
}

/// Waits until `condition` holds, checking every few milliseconds, and records an issue if it
/// still does not after `timeout`.
///
/// The wait is for a test's setup (a request in flight, a caller queued), never what it
/// measures, so it lasts ``hangGuard``: it only stops a hang.
func waitUntil(
    timeout: Duration = hangGuard,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ condition: () async -> Bool
) async throws {
    let deadline = ContinuousClock.now + timeout
    while await !condition() {
        guard ContinuousClock.now < deadline else {
            Issue.record(
                "the condition did not hold within \(timeout)", sourceLocation: sourceLocation)
            return
        }
        try await Task.sleep(for: .milliseconds(5))
    }
}
