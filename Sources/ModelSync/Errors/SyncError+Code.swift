extension SyncError {
    /// What went wrong, as a value to compare or switch on.
    public struct Code: Hashable, Sendable, Codable, CustomStringConvertible {
        /// The code's name, such as `forbidden`.
        public let name: String

        private init(_ name: String) { self.name = name }

        /// Decodes a code by name; a name this version does not know is kept as it is.
        ///
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` when the value is not a string.
        public init(from decoder: any Decoder) throws {
            name = try decoder.singleValueContainer().decode(String.self)
        }

        /// Encodes the code's name.
        ///
        /// - Parameter encoder: The encoder.
        /// - Throws: What the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(name)
        }

        /// The code's name.
        public var description: String { name }

        /// The request carried no credentials, or credentials the server does not know (401).
        public static let unauthorized = Code("unauthorized")
        /// The user may not read or write these records (403).
        public static let forbidden = Code("forbidden")
        /// The request is malformed: a body that does not decode, an unknown model, a scope
        /// that does not apply to the model, a limit out of range (400).
        public static let invalidRequest = Code("invalidRequest")
        /// The request is larger than the server accepts: its body, entries or scope (413).
        public static let tooLarge = Code("tooLarge")
        /// The cursor is older than the server's history: the replica starts its copy of the
        /// model again (410).
        public static let cursorExpired = Code("cursorExpired")
        /// The server could not store or read the records (500).
        public static let serverFailed = Code("serverFailed")
        /// The server is unavailable or busy; try again later (503).
        public static let unavailable = Code("unavailable")
        /// The request did not reach the server, or its answer did not come back.
        ///
        /// The network is down, or the connection dropped or timed out. Try again later.
        public static let transportFailed = Code("transportFailed")
        /// The replica's own database could not be read or written.
        public static let localStoreFailed = Code("localStoreFailed")
        /// The replica was set up wrongly: a model it syncs, or its bookkeeping models, are
        /// missing from its database.
        public static let misconfigured = Code("misconfigured")

        /// The HTTP status a server answers this code with.
        public var httpStatus: Int {
            switch self {
            case .unauthorized: 401
            case .forbidden: 403
            case .invalidRequest: 400
            case .tooLarge: 413
            case .cursorExpired: 410
            case .unavailable: 503
            default: 500
            }
        }
    }
}
