extension PokeAPIError {
    /// What went wrong, as a value to compare or switch on.
    ///
    /// Codes are static members, so a later version can add one without breaking a client:
    /// a `switch` over codes has a `default`. A code matches a ``PokeAPIError`` in a `catch`
    /// or a `case`:
    ///
    /// ```swift
    /// do {
    ///     pikachu = try await client.pokemon(id: 25)
    /// } catch PokeAPIError.Code.transportFailed {
    ///     pikachu = try await store.fetch(id: 25)   // Offline: show what is stored.
    /// }
    /// ```
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// Which code this is.
        let kind: Kind

        /// Makes the code of this kind.
        init(_ kind: Kind) {
            self.kind = kind
        }

        /// The codes there are; one per static member.
        enum Kind: String, CaseIterable, Sendable {
            case invalidName, invalidID, invalidPage, unexpectedStatus, transportFailed
            case undecodableBody, paginationLoop, responseTooLarge, cacheFailed, unnamedList
            case invalidLink
        }

        /// The code's name, such as `unexpectedStatus`.
        public var description: String { kind.rawValue }

        /// The name cannot name a Pokémon; no request was made:
        /// ``PokeAPIError/invalidName(_:)``.
        public static let invalidName = Code(.invalidName)

        /// The id cannot name a Pokémon; no request was made: ``PokeAPIError/invalidID(_:)``.
        public static let invalidID = Code(.invalidID)

        /// The page cannot be asked for; no request was made:
        /// ``PokeAPIError/invalidPage(limit:offset:)``.
        public static let invalidPage = Code(.invalidPage)

        /// The service answered with a status the client does not accept:
        /// ``PokeAPIError/unexpectedStatus(_:_:)``.
        public static let unexpectedStatus = Code(.unexpectedStatus)

        /// No complete response arrived: ``PokeAPIError/transportFailed(_:_:)``.
        public static let transportFailed = Code(.transportFailed)

        /// The body of a successful response does not decode:
        /// ``PokeAPIError/undecodableBody(_:_:)``.
        public static let undecodableBody = Code(.undecodableBody)

        /// A list's `next` link leads back to a page already read:
        /// ``PokeAPIError/paginationLoop(_:)``.
        public static let paginationLoop = Code(.paginationLoop)

        /// The family's resources have no names, so its list cannot be read as named
        /// resources; no request was made: ``PokeAPIError/unnamedList(_:)``.
        public static let unnamedList = Code(.unnamedList)

        /// The link does not name a resource of the family asked for; no request was made:
        /// ``PokeAPIError/invalidLink(_:family:)``.
        public static let invalidLink = Code(.invalidLink)

        /// The response's body is longer than the limit:
        /// ``PokeAPIError/responseTooLarge(limit:_:)``.
        public static let responseTooLarge = Code(.responseTooLarge)

        /// A response could not be kept in the client's cache:
        /// ``PokeAPIError/cacheFailed(_:file:_:)``.
        public static let cacheFailed = Code(.cacheFailed)

        /// Whether `error` is a ``PokeAPIError`` with this code, so that a code can be a
        /// pattern: `catch PokeAPIError.Code.transportFailed { … }`.
        ///
        /// - Parameters:
        ///   - code: The code to match.
        ///   - error: The error thrown.
        /// - Returns: `true` when `error` is a ``PokeAPIError`` whose ``PokeAPIError/code`` is
        ///   `code`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? PokeAPIError)?.code == code
        }
    }
}
