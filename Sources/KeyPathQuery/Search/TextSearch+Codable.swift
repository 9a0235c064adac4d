extension TextSearch: Codable {
    /// Decodes a search from its text, parsed as ``init(_:)`` parses it.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.dataCorrupted` wrapping a ``QueryError`` when the text is not a
    ///   valid search; other `DecodingError`s when it is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        // Reported as aggregates' decoding reports a QueryError: DecodingError.dataCorrupted.
        self = try AggregateCoding.decoding(decoder) { () throws(QueryError) in
            try TextSearch(text)
        }
    }

    /// Encodes the search as its ``description``: its folded words, joined by spaces.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}
