import Foundation
import ModelStorage
import RecordCoding

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// One call's requests: shared with identical calls in flight, answered from the cache while
// fresh, paced by the limiter, retried by the policy, and decoded. Bodies are decoded with
// RecordJSONDecoder: the values (and errors) JSONDecoder gives, at a fraction of its cost.
extension PokeAPIClient {
    /// Loads a Pokémon, sharing the request with identical calls in flight; 404 is `nil`.
    func loadPokemon(_ url: URL, resource: PokeAPIError.Resource) async throws
        -> FetchedPokemon?
    {
        try await pokemonLoads.value(for: url) { [self] in
            try await load(url, resource: resource, notFound: { nil }) { data in
                try RecordJSONDecoder().decode(FetchedPokemon.self, from: data)
            }
        }
    }

    /// Loads an entry of another family, sharing the request with identical calls in flight;
    /// 404 is `nil`.
    func loadEntry<Entry: Decodable & Sendable>(
        _ type: Entry.Type, family: PokeAPIFamily, id: Int
    ) async throws -> Entry? {
        guard id >= 1 else { throw PokeAPIError.invalidID(id) }
        return try await loadEntry(
            type, family: family, segment: String(id), resource: .entry(family: family, id: id))
    }

    /// Loads an entry of another family by name (trimmed and lower-cased first), as
    /// ``loadEntry(_:family:id:)`` does by id.
    func loadEntry<Entry: Decodable & Sendable>(
        _ type: Entry.Type, family: PokeAPIFamily, name: String
    ) async throws -> Entry? {
        let name = try Self.normalizedName(name)
        return try await loadEntry(
            type, family: family, segment: name,
            resource: .entryName(family: family, name: name))
    }

    private func loadEntry<Entry: Decodable & Sendable>(
        _ type: Entry.Type, family: PokeAPIFamily, segment: String, resource: PokeAPIError.Resource
    ) async throws -> Entry? {
        let url = configuration.serviceRoot.appending(path: "api/v2/\(family.rawValue)/\(segment)/")
        let loaded = try await entryLoads.value(for: url) { [self] in
            try await load(url, resource: resource, notFound: { nil }) {
                data -> (any Sendable)? in
                try RecordJSONDecoder().decode(Entry.self, from: data)
            }
        }
        return loaded as? Entry
    }

    /// Loads a page of a list of links alone (evolution chains'), reading each link's id.
    func loadLinkPage(_ url: URL, family: PokeAPIFamily) async throws -> LinkPage {
        try await load(url, resource: .page(url), notFound: nil) { data in
            try LinkPage(decoding: data, family: family)
        }
    }

    /// Loads a list page, sharing the request with identical calls in flight.
    func loadPage(_ url: URL) async throws -> NamedResourceList {
        try await pageLoads.value(for: url) { [self] in
            try await load(url, resource: .page(url), notFound: nil) { data in
                try RecordJSONDecoder().decode(NamedResourceList.self, from: data)
            }
        }
    }

    /// What one attempt came to.
    private enum Outcome<Value> {
        case success(Value)
        /// A failure that may pass; `retryAfter` is the response's `Retry-After`, if any.
        case retryable(PokeAPIError, retryAfter: Duration?)
        case fatal(PokeAPIError)
    }

    /// Answers from the cache while its response is fresh; otherwise requests `url` (with the
    /// kept `ETag` when there is a stale response) until an attempt succeeds, fails for good,
    /// or the policy's attempts are spent, waiting between attempts without holding a slot.
    ///
    /// - Parameters:
    ///   - url: The resource's URL.
    ///   - resource: What the URL names, for errors.
    ///   - notFound: The value of a 404, or `nil` when a 404 is an error.
    ///   - decode: Makes the value of a 2xx body.
    /// - Returns: The value kept fresh, or of the first attempt that succeeds (a 304 reusing
    ///   the kept body), or of a 404.
    /// - Throws: ``PokeAPIError`` for a failure that does not pass or the last attempt's
    ///   failure; `CancellationError` when the task is cancelled.
    private func load<Value: Sendable>(
        _ url: URL,
        resource: PokeAPIError.Resource,
        notFound: (@Sendable () -> Value)?,
        decode: @Sendable (Data) throws -> Value
    ) async throws -> Value {
        let cached = lookUp(url, decode: decode)
        if case .fresh(let value) = cached { return value }
        let policy = configuration.retryPolicy
        var attempt = 1
        while true {
            try Task.checkCancellation()
            let context = PokeAPIError.Context(resource: resource, url: url, attempts: attempt)
            switch try await self.attempt(
                context, revalidating: cached.revalidating, notFound: notFound, decode: decode)
            {
            case .success(let value):
                return value
            case .fatal(let error):
                throw error
            case .retryable(let error, let retryAfter):
                guard
                    let delay = policy.delay(
                        afterAttempt: attempt, retryAfter: retryAfter)
                else { throw error }
                try await configuration.sleep(delay)
                attempt += 1
            }
        }
    }

    /// Makes one request, holding a slot only while it is in flight, and says what came of it;
    /// keeps a 200 in the cache, and renews the kept response on a 304.
    private func attempt<Value: Sendable>(
        _ context: PokeAPIError.Context,
        revalidating kept: (response: CachedResponse, value: Value)?,
        notFound: (@Sendable () -> Value)?,
        decode: @Sendable (Data) throws -> Value
    ) async throws -> Outcome<Value> {
        var context = context
        let request = makeRequest(context.url, ifNoneMatch: kept?.response.etag)
        let data: Data
        let response: HTTPURLResponse
        let limit = configuration.maximumResponseSize
        do {
            (data, response) = try await limiter.withPermit { [transport] in
                try await transport.send(request, maximumResponseSize: limit)
            }
        } catch {
            if Task.isCancelled || error is CancellationError { throw CancellationError() }
            if (error as? URLError)?.code == .dataLengthExceedsMaximum {
                return .fatal(.responseTooLarge(limit: limit, context))
            }
            let failure = PokeAPIError.transportFailed(error, context)
            return Self.isTransient(error) ? .retryable(failure, retryAfter: nil) : .fatal(failure)
        }
        // A transport that ignores the limit still never hands on a longer body.
        guard data.count <= limit else { return .fatal(.responseTooLarge(limit: limit, context)) }

        let status = response.statusCode
        if status == 304, let kept {
            do {
                try renew(kept.response, by: response, context)
            } catch {
                return .fatal(error)
            }
            return .success(kept.value)
        }
        if (200..<300).contains(status) {
            do {
                let value = try decode(data)
                if status == 200 { try keep(data, of: response, context) }
                return .success(value)
            } catch let error as PokeAPIError {
                return .fatal(error)
            } catch let error as DecodingError {
                context.bodyExcerpt = PokeAPIError.excerpt(of: data)
                let failure = PokeAPIError.undecodableBody(error, context)
                // A body that is not JSON at all was most likely garbled or cut short on the
                // way; JSON of the wrong shape will be wrong again.
                return Self.isSyntaxError(error)
                    ? .retryable(failure, retryAfter: nil) : .fatal(failure)
            }
        }
        if status == 404, let notFound {
            forgetCached(context.url)
            return .success(notFound())
        }
        context.bodyExcerpt = PokeAPIError.excerpt(of: data)
        let failure = PokeAPIError.unexpectedStatus(status, context)
        guard status == 408 || status == 429 || (500..<600).contains(status) else {
            return .fatal(failure)
        }
        let retryAfter = RetryPolicy.retryAfterDelay(
            response.value(forHTTPHeaderField: "Retry-After"))
        return .retryable(failure, retryAfter: retryAfter)
    }

    /// A GET for JSON with the configured timeout, bypassing `URLSession`'s cache; with an
    /// `ETag`, conditional on the resource having changed.
    private func makeRequest(_ url: URL, ifNoneMatch etag: String?) -> URLRequest {
        // Set as properties: FoundationNetworking on Linux ignores the timeout given to
        // `URLRequest(url:cachePolicy:timeoutInterval:)`.
        var request = URLRequest(url: url)
        request.cachePolicy = .reloadIgnoringLocalCacheData
        request.timeoutInterval = configuration.timeout.timeInterval
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let etag { request.setValue(etag, forHTTPHeaderField: "If-None-Match") }
        return request
    }

    /// Whether a transport error may pass on another attempt.
    static func isTransient(_ error: any Error) -> Bool {
        guard let error = error as? URLError else { return false }
        switch error.code {
        case .timedOut, .cannotConnectToHost, .cannotFindHost, .dnsLookupFailed,
            .networkConnectionLost, .notConnectedToInternet, .badServerResponse,
            .cannotParseResponse, .resourceUnavailable:
            return true
        case .unknown:
            // FoundationNetworking on Linux reports a body cut short ("transfer closed with
            // outstanding read data remaining") with this code.
            return true
        default:
            return false
        }
    }

    /// Whether a decoding error says the bytes are not JSON at all, rather than JSON of the
    /// wrong shape.
    static func isSyntaxError(_ error: DecodingError) -> Bool {
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty { return true }
        return false
    }
}
