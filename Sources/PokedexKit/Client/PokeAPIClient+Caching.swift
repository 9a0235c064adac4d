import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// The client's side of its cache: what a call finds kept before any request, and what it keeps
// of the response it got.
extension PokeAPIClient {
    /// What the cache holds for a call's URL.
    enum CacheLookup<Value: Sendable>: Sendable {
        /// Nothing usable: make the request as if there were no cache.
        case miss
        /// A fresh response: its value, with no request.
        case fresh(Value)
        /// A stale response with an `ETag`: revalidate it, and reuse its value on a 304.
        case stale(CachedResponse, Value)

        /// The response to revalidate, or `nil`.
        var revalidating: (response: CachedResponse, value: Value)? {
            guard case .stale(let response, let value) = self else { return nil }
            return (response, value)
        }
    }

    /// Looks `url` up in the configured cache.
    ///
    /// A kept body that no longer decodes (kept by a version whose models differ) is a miss,
    /// as is one that cannot be revalidated.
    ///
    /// - Parameters:
    ///   - url: The request's URL.
    ///   - decode: Makes the value of a body.
    /// - Returns: What the cache holds; `.miss` without a cache.
    func lookUp<Value: Sendable>(_ url: URL, decode: (Data) throws -> Value) -> CacheLookup<Value> {
        guard let cache = configuration.cache, let kept = cache.response(for: url),
            let value = try? decode(kept.body)
        else { return .miss }
        if kept.isFresh(at: cache.now()) { return .fresh(value) }
        return kept.etag == nil ? .miss : .stale(kept, value)
    }

    /// Keeps the response of a 200 whose body decoded, or forgets what was kept for its URL
    /// when the response may not be kept.
    ///
    /// - Parameters:
    ///   - body: The body.
    ///   - response: The response's head.
    ///   - context: The request, for an error.
    /// - Throws: ``PokeAPIError/cacheFailed(_:file:_:)`` when the response cannot be written.
    func keep(_ body: Data, of response: HTTPURLResponse, _ context: PokeAPIError.Context)
        throws(PokeAPIError)
    {
        guard let cache = configuration.cache else { return }
        let kept = CachedResponse(
            body: body, response: response, url: context.url, receivedAt: cache.now())
        try keep(kept, in: cache, context)
    }

    /// Renews a kept response by the 304 that revalidated it.
    ///
    /// - Parameters:
    ///   - kept: The response kept before.
    ///   - response: The 304's head.
    ///   - context: The request, for an error.
    /// - Throws: ``PokeAPIError/cacheFailed(_:file:_:)`` when the response cannot be written.
    func renew(
        _ kept: CachedResponse, by response: HTTPURLResponse, _ context: PokeAPIError.Context
    ) throws(PokeAPIError) {
        guard let cache = configuration.cache else { return }
        try keep(kept.revalidated(by: response, at: cache.now()), in: cache, context)
    }

    /// Forgets what the cache kept for a resource the service no longer has.
    ///
    /// - Parameter url: The request's URL.
    func forgetCached(_ url: URL) {
        configuration.cache?.forget(url)
    }

    /// Writes a response to the cache, or forgets the URL's when there is none to keep.
    private func keep(
        _ response: CachedResponse?, in cache: PokeAPICache, _ context: PokeAPIError.Context
    ) throws(PokeAPIError) {
        guard let response else {
            cache.forget(context.url)
            return
        }
        do {
            try cache.keep(response)
        } catch {
            throw .cacheFailed(error, file: cache.fileURL(for: context.url), context)
        }
    }
}
