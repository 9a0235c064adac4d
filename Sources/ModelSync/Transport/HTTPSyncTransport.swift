import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport to a sync service over HTTP, on `URLSession` (FoundationNetworking on Linux).
///
/// ```swift
/// let transport = HTTPSyncTransport(
///     baseURL: URL(string: "https://dex.example.com")!,
///     token: ProcessInfo.processInfo.environment["POKEDEX_TOKEN"] ?? "")
/// ```
///
/// It speaks the protocol `pokedex-service` serves, with the bearer token on every request:
///
/// | Request | Body | Answer |
/// | --- | --- | --- |
/// | `POST /sync/pull` | ``PullRequest`` | ``PullResponse`` |
/// | `POST /sync/push` | ``PushRequest`` | ``PushResponse`` |
/// | `GET /sync/notices` | | Server-Sent Events, each `data:` a ``SyncNotice`` |
///
/// A refusal comes back as a JSON body `{"code": …, "message": …}` with the code's status,
/// and is thrown as the same ``SyncError``. A request that fails on the way (no connection, a
/// timeout, a 503 or 429) is tried again after a wait that doubles from
/// ``Retry/initialDelay``, or after the server's `Retry-After`, up to
/// ``Retry/maximumAttempts`` times, as the PokeAPI client does; pulls are reads and a push
/// carries its id, so either is safe to send twice. The token is never logged, and the
/// transport's description leaves it out.
public final class HTTPSyncTransport: SyncTransport, CustomStringConvertible {
    /// How failed requests are tried again.
    public struct Retry: Hashable, Sendable {
        /// How many times a request is sent at most, the first time included.
        public var maximumAttempts: Int
        /// The wait before the second attempt; each later wait doubles it.
        public var initialDelay: Duration
        /// The longest wait, whatever `Retry-After` asks for.
        public var maximumDelay: Duration

        /// Retry rules.
        ///
        /// - Parameters:
        ///   - maximumAttempts: How many times a request is sent at most; 4 by default.
        ///   - initialDelay: The first wait; 200 milliseconds by default.
        ///   - maximumDelay: The longest wait; 10 seconds by default.
        public init(
            maximumAttempts: Int = 4, initialDelay: Duration = .milliseconds(200),
            maximumDelay: Duration = .seconds(10)
        ) {
            self.maximumAttempts = max(1, maximumAttempts)
            self.initialDelay = initialDelay
            self.maximumDelay = maximumDelay
        }
    }

    /// The service's address; the sync paths are under it.
    public let baseURL: URL
    /// How failed requests are tried again.
    public let retry: Retry
    /// The bearer token.
    private let token: String
    /// The session requests are sent through.
    private let session: URLSession
    /// The session's configuration, for the sessions of notice streams.
    private let configuration: URLSessionConfiguration

    /// A transport to a service.
    ///
    /// - Parameters:
    ///   - baseURL: The service's address, such as `http://127.0.0.1:8080`.
    ///   - token: The bearer token that names the user to the service.
    ///   - retry: How failed requests are tried again.
    ///   - timeout: How long a request may take; 30 seconds by default.
    public init(
        baseURL: URL, token: String, retry: Retry = Retry(), timeout: Duration = .seconds(30)
    ) {
        self.baseURL = baseURL
        self.token = token
        self.retry = retry
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.timeoutIntervalForRequest = Self.seconds(timeout)
        self.configuration = configuration
        self.session = URLSession(configuration: configuration)
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// `HTTPSyncTransport(http://…)`, without the token.
    public var description: String { "HTTPSyncTransport(\(baseURL.absoluteString))" }

    /// Pulls through `POST /sync/pull` (see ``SyncTransport/pull(_:)``).
    public func pull(_ request: PullRequest) async throws(SyncError) -> PullResponse {
        try await send(request, to: "sync/pull")
    }

    /// Pushes through `POST /sync/push` (see ``SyncTransport/push(_:)``).
    public func push(_ request: PushRequest) async throws(SyncError) -> PushResponse {
        try await send(request, to: "sync/push")
    }

    /// Opens `GET /sync/notices`, a stream of Server-Sent Events (see
    /// ``SyncTransport/notices()``).
    ///
    /// The stream throws ``SyncError`` when the service refuses it or the connection ends
    /// with an error, and finishes when the service closes it.
    public func notices() async throws(SyncError) -> AsyncThrowingStream<SyncNotice, any Error> {
        var request = URLRequest(url: baseURL.appending(path: "sync/notices"))
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("text/event-stream", forHTTPHeaderField: "Accept")
        request.timeoutInterval = 24 * 60 * 60
        let configuration = configuration
        configuration.timeoutIntervalForRequest = 24 * 60 * 60
        return EventStream.open(request, configuration: configuration)
    }

    /// Sends a message and decodes the answer, trying again as ``retry`` says.
    private func send<Message: Encodable, Answer: Decodable>(
        _ message: Message, to path: String
    ) async throws(SyncError) -> Answer {
        var request = URLRequest(url: baseURL.appending(path: path))
        request.httpMethod = "POST"
        request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        do {
            request.httpBody = try JSONEncoder().encode(message)
        } catch {
            throw SyncError(.invalidRequest, "The \(Message.self) does not encode: \(error)")
        }
        var delay = retry.initialDelay
        var attempt = 1
        while true {
            let failure: SyncError
            var wait = delay
            do {
                let (data, response) = try await session.data(for: request)
                let status = (response as? HTTPURLResponse)?.statusCode ?? 0
                if status == 200 {
                    do {
                        return try JSONDecoder().decode(Answer.self, from: data)
                    } catch {
                        throw SyncError(
                            .serverFailed,
                            "The answer of \(baseURL.absoluteString)/\(path) is not a \(Answer.self): \(error)"
                        )
                    }
                }
                failure = Self.refusal(status: status, body: data, path: path)
                if let retryAfter = (response as? HTTPURLResponse)?.value(
                    forHTTPHeaderField: "Retry-After"),
                    let seconds = Int(retryAfter)
                {
                    wait = .seconds(seconds)
                }
            } catch let error as SyncError {
                throw error
            } catch is CancellationError {
                throw SyncError(.transportFailed, "The request to \(path) was cancelled")
            } catch {
                failure = SyncError(
                    .transportFailed,
                    "\(baseURL.absoluteString)/\(path) could not be reached: \(error.localizedDescription)"
                )
            }
            guard failure.isTransient, attempt < retry.maximumAttempts else { throw failure }
            attempt += 1
            do {
                try await Task.sleep(for: min(wait, retry.maximumDelay))
            } catch {
                throw failure
            }
            delay = min(delay * 2, retry.maximumDelay)
        }
    }

    /// The error a refusal stands for: the service's own, from its body, or one made from the
    /// status.
    static func refusal(status: Int, body: Data, path: String) -> SyncError {
        if let error = try? JSONDecoder().decode(SyncError.self, from: body) { return error }
        let code: SyncError.Code =
            switch status {
            case 401: .unauthorized
            case 403: .forbidden
            case 404, 400, 405, 422: .invalidRequest
            case 410: .cursorExpired
            case 413: .tooLarge
            case 429, 502, 503, 504: .unavailable
            default: .serverFailed
            }
        return SyncError(code, "The service answered /\(path) with HTTP \(status)")
    }

    /// A duration in seconds, for `URLSession`.
    static func seconds(_ duration: Duration) -> TimeInterval {
        let components = duration.components
        return Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}
