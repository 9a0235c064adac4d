import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A persistent HTTP cache of PokeAPI's responses, one file per URL in a directory of its own:
/// what PokeAPI's fair-use policy asks every client to keep.
///
/// Give one to ``PokeAPIClient/Configuration/cache`` and the client keeps every response it may
/// keep, then answers from it:
///
/// ```swift
/// let caches = URL.cachesDirectory.appending(path: "PokeAPI")
/// let client = PokeAPIClient(configuration: .init(cache: PokeAPICache(directory: caches)))
/// let first = try await client.pokemon(id: 25)    // one request; kept with its ETag
/// let again = try await client.pokemon(id: 25)    // no request while the response is fresh
/// ```
///
/// ## What is kept, and when it is used
///
/// - **Only successful responses that decode**: a 200 whose body is the resource the call asked
///   for. Errors, 404s and bodies that are not the resource are never kept.
/// - **As the service says**: a response is kept when it has an `ETag` (it can be revalidated)
///   or a freshness lifetime (`Cache-Control: max-age`, or else `Expires`), and never when it
///   says `Cache-Control: no-store`. Its age counts from the response's `Date` and `Age`.
/// - **A fresh response is used with no request at all**, without a slot of the client's cap.
/// - **A stale one is revalidated** with the `ETag` it was kept with, in `If-None-Match`. The
///   service's 304 Not Modified reuses the kept body and renews its freshness from the 304's
///   headers; a 200 replaces it. A response kept with `Cache-Control: no-cache` is revalidated
///   every time. Revalidations go through the client's cap on concurrent requests and its
///   retries like any request.
/// - **Identical calls in flight share one lookup and one request**, as they share requests
///   without a cache.
///
/// PokeAPI's data changes rarely, and the live service says `max-age=86400` (a day).
///
/// ## On disk
///
/// Each URL's response is one file in ``directory`` (made when first needed), holding the URL,
/// the body, the `ETag` and the freshness, with the body's length and checksum. A file is
/// written whole to a temporary file beside it, then renamed over the old one, so a reader in
/// this or another process sees the old response or the new one, never a mix. A file that is
/// unreadable, cut short, altered, or written for another URL is a miss: the client makes the
/// request as if nothing were kept, and replaces it. Nothing is ever evicted: the cache holds
/// one file per URL fetched, as large as its body (a Pokémon of the live service is up to
/// 1.3 MB, with every move). Delete the directory to empty it, whenever no client is using it.
///
/// - Important: Give each cache a directory of its own: files the cache did not write are
///   never read, but they may be in the way of its own.
public struct PokeAPICache: Sendable {
    /// The directory the responses are kept in.
    public let directory: URL

    /// The clock freshness is measured on; the system's unless a test sets another.
    let now: @Sendable () -> Date

    /// Creates a cache that keeps its responses in a directory.
    ///
    /// Nothing is read or written until the client needs it; the directory, and any of its
    /// parents that are missing, are made when the first response is kept. Two clients, in one
    /// process or in several, may share a directory.
    ///
    /// ```swift
    /// let cache = PokeAPICache(directory: URL(filePath: "/var/cache/pokedex/pokeapi"))
    /// ```
    ///
    /// - Parameter directory: The directory to keep responses in; a directory of the cache's
    ///   own.
    public init(directory: URL) {
        self.init(directory: directory, now: { Date() })
    }

    /// Creates a cache whose freshness is measured on the given clock.
    ///
    /// - Parameters:
    ///   - directory: The directory to keep responses in.
    ///   - now: The current time.
    init(directory: URL, now: @escaping @Sendable () -> Date) {
        self.directory = directory
        self.now = now
    }

    // MARK: - Entries

    /// The file that keeps a URL's response.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: A file in ``directory`` named after a hash of the URL.
    func fileURL(for url: URL) -> URL {
        let hash = CachedResponse.fnv1a(Data(url.absoluteString.utf8))
        return directory.appending(path: CachedResponse.hex(hash) + ".response")
    }

    /// The response kept for a URL, or `nil` when there is none that can be trusted.
    ///
    /// - Parameter url: The request's URL.
    /// - Returns: The response, or `nil` when no file keeps it, or the file is unreadable, cut
    ///   short, altered, or of another URL.
    func response(for url: URL) -> CachedResponse? {
        guard let data = try? Data(contentsOf: fileURL(for: url)) else { return nil }
        return CachedResponse(file: data, url: url)
    }

    /// Keeps a response, replacing the one kept for its URL in one step.
    ///
    /// - Parameter response: The response to keep.
    /// - Throws: The file system's error when the directory cannot be made or the file cannot
    ///   be written or renamed; what was kept before for the URL is then still kept, whole.
    func keep(_ response: CachedResponse) throws {
        let file = fileURL(for: response.url)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let temporary = directory.appending(
            path: ".\(file.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try response.fileContents().write(to: temporary, options: .withoutOverwriting)
            guard
                rename(temporary.path(percentEncoded: false), file.path(percentEncoded: false))
                    == 0
            else {
                throw CocoaError(
                    .fileWriteUnknown,
                    userInfo: [
                        NSFilePathErrorKey: file.path(percentEncoded: false),
                        NSUnderlyingErrorKey: POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO),
                    ])
            }
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw error
        }
    }

    /// Forgets the response kept for a URL, if any; a file that cannot be removed stays, to be
    /// replaced or revalidated later.
    ///
    /// - Parameter url: The request's URL.
    func forget(_ url: URL) {
        try? FileManager.default.removeItem(at: fileURL(for: url))
    }
}
