import Foundation

extension PokeAPIError {
    /// The name cannot name a Pokémon: ``Code/invalidName``.
    ///
    /// The name is empty once trimmed, contains `/`, or is `.` or `..`. No request was made.
    ///
    /// - Parameter name: The name as it was given (``rejectedName``).
    /// - Returns: An error with code ``Code/invalidName`` holding the name as it was given.
    public static func invalidName(_ name: String) -> PokeAPIError {
        PokeAPIError(.invalidName(name))
    }

    /// The id cannot name a Pokémon: ``Code/invalidID``.
    ///
    /// Ids start at 1. No request was made.
    ///
    /// - Parameter id: The id as it was given (``rejectedID``).
    /// - Returns: An error with code ``Code/invalidID`` holding the id as it was given.
    public static func invalidID(_ id: Int) -> PokeAPIError {
        PokeAPIError(.invalidID(id))
    }

    /// The page cannot be asked for: ``Code/invalidPage``.
    ///
    /// The limit is below 1 or the offset below 0. No request was made.
    ///
    /// - Parameters:
    ///   - limit: The page size asked for (``limit``).
    ///   - offset: The offset asked for (``offset``).
    /// - Returns: An error with code ``Code/invalidPage`` naming the limit and the offset.
    public static func invalidPage(limit: Int, offset: Int) -> PokeAPIError {
        PokeAPIError(.invalidPage(limit: limit, offset: offset))
    }

    /// The family's list cannot be read by name: ``Code/unnamedList``.
    ///
    /// Its links have no names (evolution chains'), so they are not ``NamedResource`` values.
    /// No request was made; read the family's ids with ``PokeAPIClient/ids(of:pageSize:)``.
    ///
    /// - Parameter family: The family asked for (``family``).
    /// - Returns: An error with code ``Code/unnamedList`` naming the family.
    public static func unnamedList(_ family: PokeAPIFamily) -> PokeAPIError {
        PokeAPIError(.unnamedList(family))
    }

    /// The link does not name a resource of the family asked for: ``Code/invalidLink``.
    ///
    /// A link names a resource by a path ending in `api/v2/<family>/<id>/`. No request was
    /// made.
    ///
    /// - Parameters:
    ///   - url: The link (``url``).
    ///   - family: The family it was expected to name (``family``).
    /// - Returns: An error with code ``Code/invalidLink`` naming the link and the family.
    public static func invalidLink(_ url: URL, family: PokeAPIFamily) -> PokeAPIError {
        PokeAPIError(.invalidLink(url, family))
    }

    /// The service answered with a status the client does not accept (any but 2xx, and 404
    /// for a Pokémon), on the last attempt the retry policy allowed
    /// (``Code/unexpectedStatus``).
    ///
    /// - Parameters:
    ///   - status: The HTTP status (``statusCode``).
    ///   - context: Where and how the request failed (``context``).
    /// - Returns: An error with code ``Code/unexpectedStatus`` naming the status, with the
    ///   request's context.
    public static func unexpectedStatus(_ status: Int, _ context: Context) -> PokeAPIError {
        PokeAPIError(.unexpectedStatus(status, context))
    }

    /// No complete response arrived on the last attempt: a timeout, a refused or lost
    /// connection, a body cut short (``Code/transportFailed``).
    ///
    /// - Parameters:
    ///   - error: The transport's error, usually a `URLError` (``underlyingError``).
    ///   - context: Where and how the request failed (``context``).
    /// - Returns: An error with code ``Code/transportFailed`` holding the transport's error, with
    ///   the request's context.
    public static func transportFailed(_ error: any Error, _ context: Context) -> PokeAPIError {
        PokeAPIError(.transportFailed(error, context))
    }

    /// The body of a successful response does not decode; the `DecodingError`'s coding path
    /// names the field at fault (``Code/undecodableBody``).
    ///
    /// - Parameters:
    ///   - error: The decoder's error (``decodingError``).
    ///   - context: Where and how the request failed (``context``).
    /// - Returns: An error with code ``Code/undecodableBody`` holding the decoder's error, with the
    ///   request's context.
    public static func undecodableBody(
        _ error: DecodingError, _ context: Context
    ) -> PokeAPIError {
        PokeAPIError(.undecodableBody(error, context))
    }

    /// A list's `next` link leads back to a page already read, so following it would never
    /// end (``Code/paginationLoop``).
    ///
    /// - Parameter url: The link (``url``).
    /// - Returns: An error with code ``Code/paginationLoop`` naming the link.
    public static func paginationLoop(_ url: URL) -> PokeAPIError {
        PokeAPIError(.paginationLoop(url))
    }

    /// The response's body is longer than the limit, in bytes
    /// (``PokeAPIClient/Configuration/maximumResponseSize``); it is never retried, and the
    /// client stopped reading the body there (``Code/responseTooLarge``).
    ///
    /// - Parameters:
    ///   - limit: The limit, in bytes (``sizeLimit``).
    ///   - context: Where and how the request failed (``context``).
    /// - Returns: An error with code ``Code/responseTooLarge`` naming the limit, with the request's
    ///   context.
    public static func responseTooLarge(limit: Int, _ context: Context) -> PokeAPIError {
        PokeAPIError(.responseTooLarge(limit: limit, context))
    }

    /// A response arrived but could not be kept in the client's
    /// ``PokeAPIClient/Configuration/cache``: its directory cannot be made, or the file cannot
    /// be written or renamed into place (``Code/cacheFailed``).
    ///
    /// What the cache kept before for the URL is still there, whole; the call fails rather than
    /// go on fetching without the cache it was given.
    ///
    /// - Parameters:
    ///   - error: The file system's error (``underlyingError``).
    ///   - file: The cache file that could not be written (``cacheFile``).
    ///   - context: The request whose response was to be kept (``context``).
    /// - Returns: An error with code ``Code/cacheFailed`` holding the file system's error and
    ///   the file, with the request's context.
    public static func cacheFailed(_ error: any Error, file: URL, _ context: Context)
        -> PokeAPIError
    {
        PokeAPIError(.cacheFailed(error, file: file, context))
    }
}
