import Foundation

extension PokeAPIError {
    /// The context of a failed request, or `nil` for input rejected before any request.
    public var context: Context? {
        switch storage {
        case .unexpectedStatus(_, let context), .transportFailed(_, let context),
            .undecodableBody(_, let context), .responseTooLarge(_, let context),
            .cacheFailed(_, _, let context):
            context
        case .invalidName, .invalidID, .invalidPage, .paginationLoop, .unnamedList, .invalidLink:
            nil
        }
    }

    /// The URL the error is about: the request's, the page that loops, or the link refused;
    /// `nil` for other input rejected before any request.
    public var url: URL? {
        if case .paginationLoop(let url) = storage { return url }
        if case .invalidLink(let url, _) = storage { return url }
        return context?.url
    }

    /// The HTTP status of an ``unexpectedStatus(_:_:)`` error, or `nil`.
    public var statusCode: Int? {
        if case .unexpectedStatus(let status, _) = storage { return status }
        return nil
    }

    /// The start of the last response's body, or `nil` when there is none.
    public var bodyExcerpt: String? {
        context?.bodyExcerpt
    }

    /// The name the client refused, as it was given, for ``Code/invalidName``.
    public var rejectedName: String? {
        guard case .invalidName(let name) = storage else { return nil }
        return name
    }

    /// The id the client refused, for ``Code/invalidID``.
    public var rejectedID: Int? {
        guard case .invalidID(let id) = storage else { return nil }
        return id
    }

    /// The page size asked for, for ``Code/invalidPage``.
    public var limit: Int? {
        guard case .invalidPage(let limit, _) = storage else { return nil }
        return limit
    }

    /// The family whose list was asked for by name, for ``Code/unnamedList``; the family a
    /// link was expected to name, for ``Code/invalidLink``.
    public var family: PokeAPIFamily? {
        switch storage {
        case .unnamedList(let family), .invalidLink(_, let family): family
        default: nil
        }
    }

    /// The offset asked for, for ``Code/invalidPage``.
    public var offset: Int? {
        guard case .invalidPage(_, let offset) = storage else { return nil }
        return offset
    }

    /// The transport's error, usually a `URLError`, for ``Code/transportFailed``; the file
    /// system's error for ``Code/cacheFailed``.
    public var underlyingError: (any Error)? {
        switch storage {
        case .transportFailed(let error, _), .cacheFailed(let error, _, _): error
        default: nil
        }
    }

    /// The cache file that could not be written, for ``Code/cacheFailed``.
    public var cacheFile: URL? {
        guard case .cacheFailed(_, let file, _) = storage else { return nil }
        return file
    }

    /// The decoder's error, whose coding path names the field at fault, for
    /// ``Code/undecodableBody``.
    public var decodingError: DecodingError? {
        guard case .undecodableBody(let error, _) = storage else { return nil }
        return error
    }

    /// The most bytes of a body the client reads, for ``Code/responseTooLarge``.
    public var sizeLimit: Int? {
        guard case .responseTooLarge(let limit, _) = storage else { return nil }
        return limit
    }
}
