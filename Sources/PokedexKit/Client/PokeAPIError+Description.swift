import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension PokeAPIError: CustomStringConvertible, LocalizedError {
    /// One line that says what failed and where: the input, or the URL, the resource, the
    /// status, the number of attempts, the decoding error's coding path and the start of the
    /// body.
    public var description: String {
        switch storage {
        case .invalidName(let name):
            "Invalid Pokémon name \(Self.quoted(name)): a name must not be empty, contain \"/\", "
                + "or be \".\" or \"..\"; no request was made."
        case .invalidID(let id):
            "Invalid Pokémon id \(id): ids start at 1; no request was made."
        case .invalidPage(let limit, let offset):
            "Invalid page (limit \(limit), offset \(offset)): the limit must be at least 1 and "
                + "the offset at least 0; no request was made."
        case .unexpectedStatus(let status, let context):
            // Lower-cased: Darwin says "service unavailable", Linux "Service Unavailable".
            "PokeAPI answered HTTP \(status) "
                + "(\(HTTPURLResponse.localizedString(forStatusCode: status).lowercased())) "
                + "for \(context.where) after \(context.attemptCount)\(context.bodySuffix)."
        case .transportFailed(let error, let context):
            "PokeAPI request for \(context.where) failed after \(context.attemptCount): "
                + "\(Self.explain(error))."
        case .undecodableBody(let error, let context):
            "PokeAPI's response for \(context.where) does not decode (after "
                + "\(context.attemptCount)): \(Self.explain(error))\(context.bodySuffix)."
        case .paginationLoop(let url):
            "The list's next link leads back to \(url.absoluteString), a page already "
                + "read; stopped following it."
        case .unnamedList(let family):
            "The \(family.rawValue) list names no resource, only links: read its ids with "
                + "ids(of: .\(family.memberName)); no request was made."
        case .invalidLink(let url, let family):
            "The link \(url.absoluteString) does not name a resource of \(family.rawValue) "
                + "(/api/v2/\(family.rawValue)/<id>/); no request was made."
        case .responseTooLarge(let limit, let context):
            "PokeAPI's response for \(context.where) is longer than the limit of "
                + "\(Self.byteCount(limit)); stopped reading it after \(context.attemptCount)."
        case .cacheFailed(let error, let file, let context):
            "PokeAPI's response for \(context.where) could not be kept in the cache file "
                + "\(file.path(percentEncoded: false)): \(error.localizedDescription)."
        }
    }

    /// The same text as ``description``.
    public var errorDescription: String? {
        description
    }

    /// A size in bytes as people read it: `16 MiB`, `512 KiB`, `1000 bytes`.
    static func byteCount(_ bytes: Int) -> String {
        if bytes >= 1 << 20, bytes.isMultiple(of: 1 << 20) { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10, bytes.isMultiple(of: 1 << 10) { return "\(bytes >> 10) KiB" }
        return bytes == 1 ? "1 byte" : "\(bytes) bytes"
    }

    /// A string in double quotes, with quotes, backslashes and control characters escaped.
    static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.properties.generalCategory == .control:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// What a transport error means, in words, with the `URLError` code when there is one.
    static func explain(_ error: any Error) -> String {
        guard let error = error as? URLError else { return String(describing: error) }
        let meaning: String
        switch error.code {
        case .timedOut: meaning = "the request timed out"
        case .cannotConnectToHost: meaning = "could not connect to the server"
        case .cannotFindHost, .dnsLookupFailed: meaning = "could not find the server"
        case .notConnectedToInternet: meaning = "not connected to the internet"
        case .networkConnectionLost: meaning = "the connection was lost before the body ended"
        case .badServerResponse:
            meaning = "the server closed the connection without a valid response"
        case .unknown: meaning = "the transfer failed: \(error.localizedDescription)"
        default: meaning = error.localizedDescription
        }
        return "\(meaning) (URLError \(error.code.rawValue))"
    }

    /// A decoding error as "what, where: the decoder's explanation".
    static func explain(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, let context):
            "key \"\(key.stringValue)\" not found at \(path(context.codingPath))"
                + explanation(context)
        case .valueNotFound(let type, let context):
            "no \(type) value at \(path(context.codingPath))" + explanation(context)
        case .typeMismatch(let type, let context):
            "not a \(type) at \(path(context.codingPath))" + explanation(context)
        case .dataCorrupted(let context):
            "invalid data at \(path(context.codingPath))" + explanation(context)
        @unknown default:
            String(describing: error)
        }
    }

    /// A coding path as `stats[2].stat.name`, or "the top level".
    static func path(_ codingPath: [any CodingKey]) -> String {
        guard !codingPath.isEmpty else { return "the top level" }
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }

    private static func explanation(_ context: DecodingError.Context) -> String {
        context.debugDescription.isEmpty ? "" : " (\(context.debugDescription))"
    }
}

extension PokeAPIError.Resource: CustomStringConvertible {
    /// The resource as it reads in a message: `Pokémon 25`, `Pokémon "pikachu"`,
    /// `the list page <url>`, `pokemon-species 6`, or `ability "blaze"`.
    public var description: String {
        switch self {
        case .pokemonID(let id): "Pokémon \(id)"
        case .pokemonName(let name): "Pokémon \(PokeAPIError.quoted(name))"
        case .page(let url): "the list page \(url.absoluteString)"
        case .entry(let family, let id): "\(family) \(id)"
        case .entryName(let family, let name): "\(family) \(PokeAPIError.quoted(name))"
        }
    }
}

extension PokeAPIError.Context {
    /// "<url> (<resource>)", or just the URL for a page.
    fileprivate var `where`: String {
        if case .page = resource { return url.absoluteString }
        return "\(url.absoluteString) (\(resource))"
    }

    /// "1 attempt" or "4 attempts".
    fileprivate var attemptCount: String {
        attempts == 1 ? "1 attempt" : "\(attempts) attempts"
    }

    /// "; body: "…"" when there is a body.
    fileprivate var bodySuffix: String {
        guard let bodyExcerpt, !bodyExcerpt.isEmpty else { return "" }
        return "; body: \(PokeAPIError.quoted(bodyExcerpt))"
    }
}
