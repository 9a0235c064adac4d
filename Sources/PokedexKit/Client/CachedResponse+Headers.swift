import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension CachedResponse {
    /// The response to keep of a 200, or `nil` when it must not or need not be kept.
    ///
    /// A response is kept when it has an `ETag` or a freshness lifetime, unless it says
    /// `Cache-Control: no-store`.
    ///
    /// - Parameters:
    ///   - body: The body.
    ///   - response: The response's head.
    ///   - url: The request's URL.
    ///   - now: When it arrived, on the cache's clock.
    init?(body: Data, response: HTTPURLResponse, url: URL, receivedAt now: Date) {
        let directives = CacheDirectives(response)
        let etag = response.value(forHTTPHeaderField: "ETag")
        let lifetime = directives.lifetime(of: response, receivedAt: now) ?? 0
        guard !directives.noStore, etag != nil || (lifetime > 0 && !directives.noCache) else {
            return nil
        }
        self.init(
            url: url, body: body, etag: etag, receivedAt: now,
            initialAge: Self.initialAge(of: response, receivedAt: now), lifetime: lifetime,
            alwaysRevalidates: directives.noCache)
    }

    /// This response as a 304 Not Modified renews it: its freshness and validator from the
    /// 304's headers where it has them, its body kept.
    ///
    /// - Parameters:
    ///   - response: The 304's head.
    ///   - now: When it arrived, on the cache's clock.
    /// - Returns: The renewed response, or `nil` when the 304 says `no-store`.
    func revalidated(by response: HTTPURLResponse, at now: Date) -> CachedResponse? {
        var renewed = self
        renewed.receivedAt = now
        renewed.initialAge = Self.initialAge(of: response, receivedAt: now)
        renewed.etag = response.value(forHTTPHeaderField: "ETag") ?? etag
        if response.value(forHTTPHeaderField: "Cache-Control") != nil
            || response.value(forHTTPHeaderField: "Expires") != nil
        {
            let directives = CacheDirectives(response)
            if directives.noStore { return nil }
            renewed.lifetime = directives.lifetime(of: response, receivedAt: now) ?? 0
            renewed.alwaysRevalidates = directives.noCache
        }
        return renewed
    }

    /// A response's age when it arrived (RFC 9111, section 4.2.3): its `Age`, or the time
    /// since its `Date` when that is more.
    private static func initialAge(of response: HTTPURLResponse, receivedAt now: Date)
        -> TimeInterval
    {
        let age = response.value(forHTTPHeaderField: "Age").flatMap(CacheDirectives.seconds) ?? 0
        let date = response.value(forHTTPHeaderField: "Date").flatMap(HTTPDate.parse)
        let apparentAge = date.map { max(0, now.timeIntervalSince($0)) } ?? 0
        return max(apparentAge, age)
    }
}
