import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends one HTTP request and returns the response: the seam between ``PokeAPIClient`` and the
/// network.
///
/// The client builds every request, decides what a response means, and retries; a transport
/// only moves bytes. ``URLSessionTransport`` is the one to use in an app. Write another to
/// fake the service in tests, to record or replay traffic, or to route requests through a
/// networking stack of your own:
///
/// ```swift
/// struct CannedTransport: HTTPTransport {
///     var body: Data
///
///     func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
///         guard let url = request.url,
///             let response = HTTPURLResponse(
///                 url: url, statusCode: 200, httpVersion: "HTTP/1.1", headerFields: nil)
///         else { throw URLError(.badURL) }
///         return (body, response)
///     }
/// }
///
/// let client = PokeAPIClient(transport: CannedTransport(body: pikachuJSON))
/// ```
///
/// ## Implementation requirements
///
/// - Return every response the server sends, whatever its status: a 404, a 429 or a 503 is a
///   response, not an error. The client reads the status and the `Retry-After` header.
/// - Throw a `URLError` when no complete response arrived, with the code that says why:
///   `.timedOut`, `.cannotConnectToHost`, `.networkConnectionLost` (a body cut short),
///   `.badServerResponse` (the connection closed without a response), `.notConnectedToInternet`
///   and the like. The client retries those codes; it throws any other error at once.
/// - Honour task cancellation: when the calling task is cancelled, stop the request and throw
///   (`CancellationError` or `URLError(.cancelled)`).
/// - Be safe to call from many tasks at once: the client sends up to its
///   ``PokeAPIClient/Configuration/maxConcurrentRequests`` requests concurrently through one
///   transport. Do not serialize them.
/// - Send the request as given, including its `timeoutInterval`.
/// - Keep memory bounded: the client calls ``send(_:maximumResponseSize:)``, whose default
///   reads the whole body before checking its size. A transport that can stop reading a body
///   once it is too long should implement it and throw `URLError(.dataLengthExceedsMaximum)`
///   then, as ``URLSessionTransport`` does.
public protocol HTTPTransport: Sendable {
    /// Sends a request and returns the response's body and head.
    ///
    /// - Parameter request: The request to send, complete with its URL, headers and timeout.
    /// - Returns: The response's body and its head, whatever its status code.
    /// - Throws: `URLError` when no complete response arrived; `CancellationError` or
    ///   `URLError(.cancelled)` when the task was cancelled.
    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse)

    /// Sends a request and returns the response's body and head, refusing a body longer than
    /// a limit.
    ///
    /// - Parameters:
    ///   - request: The request to send, complete with its URL, headers and timeout.
    ///   - maximumResponseSize: The most bytes of body to accept.
    /// - Returns: The response's body, at most `maximumResponseSize` bytes, and its head.
    /// - Throws: `URLError(.dataLengthExceedsMaximum)` for a longer body; otherwise as
    ///   ``send(_:)``.
    func send(_ request: URLRequest, maximumResponseSize: Int) async throws -> (
        Data, HTTPURLResponse
    )
}

extension HTTPTransport {
    /// Sends a request with ``send(_:)``, then refuses a body longer than the limit.
    ///
    /// The body is read whole before its size is known; implement this method in a transport
    /// that can stop reading sooner.
    ///
    /// - Parameters:
    ///   - request: The request to send.
    ///   - maximumResponseSize: The most bytes of body to accept.
    /// - Returns: The response's body and its head.
    /// - Throws: `URLError(.dataLengthExceedsMaximum)` for a longer body; otherwise as
    ///   ``send(_:)``.
    public func send(_ request: URLRequest, maximumResponseSize: Int) async throws -> (
        Data, HTTPURLResponse
    ) {
        let (data, response) = try await send(request)
        guard data.count <= maximumResponseSize else {
            throw URLError(.dataLengthExceedsMaximum)
        }
        return (data, response)
    }
}
