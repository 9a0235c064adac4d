import Foundation

/// An error from ``PokeAPIClient``: input rejected before any request, or a request that
/// failed for good after the client's retries.
///
/// A Pokémon that does not exist is not an error: ``PokeAPIClient/pokemon(id:)`` returns `nil`.
/// Errors about a request carry a ``Context``: what was asked for, the URL, how many attempts
/// were made, and the start of the last response's body. Their
/// ``description`` says all of that in one line:
///
/// ```swift
/// do {
///     let pikachu = try await client.pokemon(id: 25)
/// } catch let error as PokeAPIError {
///     print(error)
///     // PokeAPI answered HTTP 503 (service unavailable) for
///     // https://pokeapi.co/api/v2/pokemon/25/ (Pokémon 25) after 4 attempts;
///     // body: "upstream connect error"
///     if case .undecodableBody(let decodingError, let context) = error {
///         print(decodingError, context.resource)
///     }
/// }
/// ```
public enum PokeAPIError: Error, Sendable {
    /// The name cannot name a Pokémon: empty once trimmed, containing `/`, or `.` or `..`.
    /// No request was made.
    case invalidName(String)
    /// The id cannot name a Pokémon: ids start at 1. No request was made.
    case invalidID(Int)
    /// The page cannot be asked for: the limit is below 1 or the offset below 0. No request
    /// was made.
    case invalidPage(limit: Int, offset: Int)
    /// The service answered with a status the client does not accept (any but 2xx, and 404
    /// for a Pokémon), on the last attempt the retry policy allowed.
    case unexpectedStatus(Int, Context)
    /// No complete response arrived on the last attempt: a timeout, a refused or lost
    /// connection, a body cut short. The first value is the transport's error, usually a
    /// `URLError`.
    case transportFailed(any Error, Context)
    /// The body of a successful response does not decode; the `DecodingError`'s coding path
    /// names the field at fault.
    case undecodableBody(DecodingError, Context)
    /// A list's `next` link leads back to a page already read, so following it would never end.
    case paginationLoop(URL)
    /// The response's body is longer than the limit, in bytes
    /// (``PokeAPIClient/Configuration/maximumResponseSize``); it is never retried, and the
    /// client stopped reading the body there.
    case responseTooLarge(limit: Int, Context)

    /// Where and how a request failed.
    public struct Context: Hashable, Sendable {
        /// What the call asked for.
        public var resource: Resource
        /// The URL of the last request.
        public var url: URL
        /// The number of requests made, the failed last one included.
        public var attempts: Int
        /// At most the first 200 bytes of the last response's body, as text (invalid UTF-8
        /// replaced, `…` added when cut); `nil` when no response arrived.
        public var bodyExcerpt: String?

        /// Creates a context.
        ///
        /// - Parameters:
        ///   - resource: What the call asked for.
        ///   - url: The URL of the last request.
        ///   - attempts: The number of requests made.
        ///   - bodyExcerpt: The start of the last response's body.
        public init(resource: Resource, url: URL, attempts: Int, bodyExcerpt: String? = nil) {
            self.resource = resource
            self.url = url
            self.attempts = attempts
            self.bodyExcerpt = bodyExcerpt
        }
    }

    /// What a failed call asked for.
    public enum Resource: Hashable, Sendable {
        /// The Pokémon with this id.
        case pokemonID(Int)
        /// The Pokémon with this name, lower-cased and trimmed as it was requested.
        case pokemonName(String)
        /// The page of the Pokémon list at this URL.
        case page(URL)
    }

    /// The context of a failed request, or `nil` for input rejected before any request.
    public var context: Context? {
        switch self {
        case .unexpectedStatus(_, let context), .transportFailed(_, let context),
            .undecodableBody(_, let context), .responseTooLarge(_, let context):
            context
        case .invalidName, .invalidID, .invalidPage, .paginationLoop:
            nil
        }
    }

    /// The URL the error is about, or `nil` for input rejected before any request.
    public var url: URL? {
        if case .paginationLoop(let url) = self { return url }
        return context?.url
    }

    /// The HTTP status of an ``unexpectedStatus(_:_:)`` error, or `nil`.
    public var statusCode: Int? {
        if case .unexpectedStatus(let status, _) = self { return status }
        return nil
    }

    /// The start of the last response's body, or `nil` when there is none.
    public var bodyExcerpt: String? {
        context?.bodyExcerpt
    }

    /// The most bytes of a body an error keeps.
    static let bodyExcerptLimit = 200

    /// At most the first ``bodyExcerptLimit`` bytes of `body` as text, cut at a character
    /// boundary, with `…` when cut.
    static func excerpt(of body: Data) -> String {
        guard body.count > bodyExcerptLimit else {
            return String(decoding: body, as: UTF8.self)
        }
        var end = body.startIndex + bodyExcerptLimit
        // Back off UTF-8 continuation bytes (10xxxxxx) so no character is split.
        while end > body.startIndex, body[end] & 0b1100_0000 == 0b1000_0000 {
            end -= 1
        }
        return String(decoding: body[body.startIndex..<end], as: UTF8.self) + "…"
    }
}
