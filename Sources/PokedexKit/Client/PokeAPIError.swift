import Foundation

/// An error from ``PokeAPIClient``: input rejected before any request, or a request that
/// failed for good after the client's retries.
///
/// A Pokémon that does not exist is not an error: ``PokeAPIClient/pokemon(id:)`` returns `nil`.
/// Every error has a ``code`` that says what went wrong. Errors about a request carry a
/// ``Context``: what was asked for, the URL, how many attempts were made, and the start of the
/// last response's body. Their ``description`` says all of that in one line:
///
/// ```swift
/// do {
///     let pikachu = try await client.pokemon(id: 25)
/// } catch let error as PokeAPIError {
///     print(error)
///     // PokeAPI answered HTTP 503 (service unavailable) for
///     // https://pokeapi.co/api/v2/pokemon/25/ (Pokémon 25) after 4 attempts;
///     // body: "upstream connect error"
///     if error.code == .undecodableBody, let decodingError = error.decodingError {
///         print(decodingError, error.context?.resource as Any)
///     }
/// }
/// ```
///
/// `PokeAPIError` is a structure, not an enumeration, so that a later version can add a
/// ``Code`` without breaking a client's `switch`: switch on ``code``, with a `default`.
/// Errors are made with the static factories, such as ``unexpectedStatus(_:_:)``, named after
/// their codes.
public struct PokeAPIError: Error, Sendable {
    /// The error's code and details, one case per ``Code``.
    let storage: Storage

    /// Makes an error of these details.
    init(_ storage: Storage) {
        self.storage = storage
    }

    /// What went wrong, for a `switch` or a comparison.
    ///
    /// ```swift
    /// switch error.code {
    /// case .transportFailed, .unexpectedStatus: showOfflineBanner()
    /// default: throw error
    /// }
    /// ```
    public var code: Code {
        switch storage {
        case .invalidName: .invalidName
        case .invalidID: .invalidID
        case .invalidPage: .invalidPage
        case .unexpectedStatus: .unexpectedStatus
        case .transportFailed: .transportFailed
        case .undecodableBody: .undecodableBody
        case .paginationLoop: .paginationLoop
        case .unnamedList: .unnamedList
        case .invalidLink: .invalidLink
        case .responseTooLarge: .responseTooLarge
        case .cacheFailed: .cacheFailed
        }
    }

    /// The details of each code, as the factories of the same names take them.
    enum Storage: Sendable {
        case invalidName(String)
        case invalidID(Int)
        case invalidPage(limit: Int, offset: Int)
        case unexpectedStatus(Int, Context)
        case transportFailed(any Error, Context)
        case undecodableBody(DecodingError, Context)
        case paginationLoop(URL)
        case unnamedList(PokeAPIFamily)
        case invalidLink(URL, PokeAPIFamily)
        case responseTooLarge(limit: Int, Context)
        case cacheFailed(any Error, file: URL, Context)
    }

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
        /// The page of a family's list at this URL.
        case page(URL)
        /// The entry of another family with this id, such as species 6.
        case entry(family: PokeAPIFamily, id: Int)
        /// The entry of another family with this name, lower-cased and trimmed as it was
        /// requested, such as ability "blaze".
        case entryName(family: PokeAPIFamily, name: String)
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
