import Foundation

extension PokeAPIClient {
    /// Where a ``PokeAPIClient`` sends requests and how it paces and retries them.
    ///
    /// ```swift
    /// // A local mirror (its root, http://127.0.0.1:8080, or its API root,
    /// // http://127.0.0.1:8080/api/v2/), 8 requests at once, a short timeout, no retries.
    /// let configuration = PokeAPIClient.Configuration(
    ///     baseURL: mirrorURL,
    ///     maxConcurrentRequests: 8,
    ///     timeout: .seconds(5),
    ///     retryPolicy: .never
    /// )
    /// let client = PokeAPIClient(configuration: configuration)
    ///
    /// // The live service, keeping its responses across launches, as its fair-use policy asks.
    /// let cached = PokeAPIClient(
    ///     configuration: .init(cache: PokeAPICache(directory: cachesDirectory)))
    /// ```
    public struct Configuration: Sendable {
        /// The live service's API root, `https://pokeapi.co/api/v2/`, as PokeAPI documents it.
        public static let liveBaseURL: URL = {
            // The literal always parses; the fallback is only there to avoid a force unwrap.
            URL(string: "https://pokeapi.co/api/v2/") ?? URL(filePath: "/")
        }()

        /// Where the service is: its root or its API root, on the live service, a mirror or
        /// a local server.
        ///
        /// Both forms PokeAPI's users meet are accepted, with or without a trailing slash:
        ///
        /// - the **API root**, a URL whose path ends in `api/v2`, as PokeAPI documents it
        ///   (`https://pokeapi.co/api/v2/`): paths such as `pokemon/25/` are appended to it;
        /// - the **service root** (`https://pokeapi.co`, `https://mirror.example/pokeapi`):
        ///   `api/v2/pokemon/25/` is appended to it, after any path it has.
        ///
        /// Either way, `https://mirror.example/pokeapi` and
        /// `https://mirror.example/pokeapi/api/v2/` both fetch
        /// `https://mirror.example/pokeapi/api/v2/pokemon/25/`, and host-less links in list
        /// pages (`/api/v2/pokemon?offset=20`) resolve against the service root.
        public var baseURL: URL
        /// The most requests in flight at once across every call on one client; values below
        /// 1 count as 1.
        public var maxConcurrentRequests: Int
        /// How long one attempt may wait for the service before it times out (the request's
        /// `timeoutInterval`; ``URLSessionTransport`` rounds it up to whole seconds on Linux,
        /// where FoundationNetworking counts no finer).
        public var timeout: Duration
        /// How failed requests are retried.
        public var retryPolicy: RetryPolicy
        /// The longest response body the client accepts, in bytes.
        ///
        /// The default is 16 MiB, a dozen times the largest Pokémon the service has (mew,
        /// 1.3 MB with every move). A longer body ends the call with
        /// ``PokeAPIError/responseTooLarge(limit:_:)``, without a retry;
        /// ``URLSessionTransport`` stops reading it as soon as it passes the limit, so a
        /// hostile or broken server cannot make the client hold more than this in memory.
        public var maximumResponseSize: Int
        /// Waits between attempts; `Task.sleep(for:)` unless replaced.
        ///
        /// Replace it in tests to record the waits or skip them. It must throw when the task
        /// is cancelled, as `Task.sleep(for:)` does, so that a cancelled call stops waiting.
        public var sleep: @Sendable (Duration) async throws -> Void
        /// Where responses are kept and reused, or `nil` (the default) to fetch every
        /// resource each time it is asked for.
        ///
        /// The client writes nothing to disk unless given a cache: an app picks where its
        /// caches go (`URL.cachesDirectory` on Apple platforms, `$XDG_CACHE_HOME` on Linux),
        /// and a directory given here keeps responses across launches. PokeAPI's fair-use
        /// policy asks every client that fetches more than a few resources to keep them; see
        /// ``PokeAPICache`` for what is kept and when a request is made.
        public var cache: PokeAPICache?

        /// Creates a configuration.
        ///
        /// - Parameters:
        ///   - baseURL: The service's root or its API root (see ``baseURL``). The default is
        ///     ``liveBaseURL``.
        ///   - maxConcurrentRequests: The most requests in flight at once. The default is 4.
        ///   - timeout: How long one attempt may wait. The default is 30 seconds.
        ///   - retryPolicy: How failed requests are retried. The default is ``RetryPolicy``'s.
        ///   - maximumResponseSize: The longest body accepted, in bytes. The default is 16 MiB.
        ///   - sleep: Waits between attempts. The default is `Task.sleep(for:)`.
        ///   - cache: Where responses are kept and reused. The default is `nil`: no cache.
        public init(
            baseURL: URL = Configuration.liveBaseURL,
            maxConcurrentRequests: Int = 4,
            timeout: Duration = .seconds(30),
            retryPolicy: RetryPolicy = RetryPolicy(),
            maximumResponseSize: Int = Configuration.defaultMaximumResponseSize,
            sleep: @escaping @Sendable (Duration) async throws -> Void = { duration in
                try await Task.sleep(for: duration)
            },
            cache: PokeAPICache? = nil
        ) {
            self.baseURL = baseURL
            self.maxConcurrentRequests = maxConcurrentRequests
            self.timeout = timeout
            self.retryPolicy = retryPolicy
            self.maximumResponseSize = maximumResponseSize
            self.sleep = sleep
            self.cache = cache
        }

        /// The default ``maximumResponseSize``: 16 MiB.
        public static let defaultMaximumResponseSize = 16 << 20

        /// The service's root: ``baseURL`` without a final `api/v2` (and its slash), so that
        /// the endpoints' paths, `api/v2/…`, can be appended to it whichever form was given.
        var serviceRoot: URL {
            let components = baseURL.pathComponents
            guard components.count >= 3, components.suffix(2) == ["api", "v2"] else {
                return baseURL
            }
            return baseURL.deletingLastPathComponent().deletingLastPathComponent()
        }
    }
}
