import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The transport that sends requests with `URLSession`, on every platform (on Linux through
/// FoundationNetworking).
///
/// One transport keeps one session, so connections are reused across requests; make one per
/// client, or share one among clients, but never one per request.
///
/// ```swift
/// let client = PokeAPIClient(transport: URLSessionTransport())
/// ```
///
/// A transport made with ``init()`` or ``init(configuration:)`` owns its session and
/// invalidates it when the transport goes away; one made with ``init(session:)`` leaves the
/// given session alone.
public final class URLSessionTransport: HTTPTransport {
    /// The session requests are sent through.
    public let session: URLSession
    /// Whether this transport made the session, and so invalidates it in `deinit`.
    private let ownsSession: Bool

    /// Creates a transport with a session of its own: ephemeral (no cookies, no disk cache),
    /// no response cache, and up to 16 connections per host.
    ///
    /// The session allows more connections per host than a client sends requests at once
    /// (4 by default), so a request never queues inside the session, where its timeout would
    /// already be running.
    public convenience init() {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpMaximumConnectionsPerHost = 16
        self.init(configuration: configuration)
    }

    /// Creates a transport with a session of its own, made from a configuration.
    ///
    /// - Parameter configuration: The session's configuration. Allow at least as many
    ///   connections per host (`httpMaximumConnectionsPerHost`) as the client's
    ///   ``PokeAPIClient/Configuration/maxConcurrentRequests``.
    public init(configuration: URLSessionConfiguration) {
        self.session = URLSession(configuration: configuration)
        self.ownsSession = true
    }

    /// Creates a transport that sends requests through an existing session.
    ///
    /// The transport never invalidates a session it was given.
    ///
    /// - Parameter session: The session to use, such as `URLSession.shared`.
    public init(session: URLSession) {
        self.session = session
        self.ownsSession = false
    }

    deinit {
        if ownsSession {
            session.finishTasksAndInvalidate()
        }
    }

    /// Sends a request with the session's `data(for:)`.
    ///
    /// Cancelling the calling task cancels the session's task. On Linux, where
    /// FoundationNetworking counts timeouts in whole seconds, a fractional `timeoutInterval` is
    /// rounded up (to at least 1 second) instead of being cut short.
    ///
    /// - Parameter request: The request to send.
    /// - Returns: The response's body and head, whatever its status code.
    /// - Throws: `URLError` from the session when no complete response arrived (on Linux a
    ///   body cut short comes as `URLError(.unknown)`, which the client also retries), or
    ///   `URLError(.badServerResponse)` when the response is not HTTP.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        var request = request
        #if canImport(FoundationNetworking)
            // FoundationNetworking counts a timeout in whole seconds, cutting the fraction off:
            // 0.5 s would time out at once. Round up instead.
            request.timeoutInterval = max(1, request.timeoutInterval.rounded(.up))
        #endif
        let (data, response) = try await session.data(for: request)
        guard let response = response as? HTTPURLResponse else {
            throw URLError(.badServerResponse)
        }
        return (data, response)
    }
}
