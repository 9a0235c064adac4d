import Foundation

/// An async client for PokeAPI's Pokémon resources, safe to share among any number of tasks.
///
/// ```swift
/// let client = PokeAPIClient()
/// if let pikachu = try await client.pokemon(id: 25) {
///     print(pikachu.name, pikachu.types)    // pikachu [electric]
/// }
/// let missing = try await client.pokemon(named: "MissingNo")   // nil: no such Pokémon
/// let everyone = try await client.listAll()                    // 1351 NamedResources
/// ```
///
/// Fetch many Pokémon concurrently and let the client pace them:
///
/// ```swift
/// let kanto = try await withThrowingTaskGroup(of: FetchedPokemon?.self) { group in
///     for id in 1...151 {
///         group.addTask { try await client.pokemon(id: id) }
///     }
///     return try await group.reduce(into: []) { $0.append($1) }.compactMap { $0 }
/// }
/// ```
///
/// ## Guarantees
///
/// - **A bounded number of requests in flight.** Across every call on one client, at most
///   ``Configuration/maxConcurrentRequests`` requests (4 by default) are in flight at once;
///   other calls wait for a slot, and a call waiting to retry gives its slot up.
/// - **Shared identical requests.** Calls that ask for the same URL while a request for it is
///   in flight share that request and its result: two concurrent `pokemon(id: 25)` calls make
///   one request.
/// - **A cache only when given one.** Without ``Configuration/cache`` a later call makes a new
///   request. With a ``PokeAPICache``, a fresh response is answered with no request and a
///   stale one is revalidated with its `ETag`, as PokeAPI's fair-use policy asks.
/// - **Retries within a budget.** Timeouts, lost or refused connections, bodies cut short or
///   not JSON at all, 408, 429 and 5xx are retried with exponential backoff and jitter,
///   honouring `Retry-After`, up to ``RetryPolicy/maxAttempts`` requests per call. A 404 or
///   another 4xx is never retried. See ``RetryPolicy``.
/// - **Prompt cancellation.** A cancelled call throws `CancellationError` at once, whether it
///   is waiting for a slot, for a response or between attempts. The request itself is
///   cancelled when no other call shares it.
/// - **Bounded responses.** A body longer than ``Configuration/maximumResponseSize`` (16 MiB
///   by default) ends the call with ``PokeAPIError/responseTooLarge(limit:_:)``, never
///   retried; ``URLSessionTransport`` stops reading it there, so memory stays bounded whatever
///   a server sends.
/// - **Typed errors.** Everything else fails with a ``PokeAPIError`` that names the URL, the
///   status, the attempts made and the start of the body.
public final class PokeAPIClient: Sendable {
    /// Where the client sends requests and how it paces and retries them.
    public let configuration: Configuration

    /// Sends the requests.
    let transport: any HTTPTransport
    /// Caps the requests in flight across every call.
    let limiter: AsyncSemaphore
    /// Shares in-flight Pokémon requests by URL.
    let pokemonLoads = RequestCoalescer<URL, FetchedPokemon?>()
    /// Shares in-flight list requests by URL.
    let pageLoads = RequestCoalescer<URL, NamedResourceList>()
    /// Shares in-flight requests of the other families (species, chains, types, abilities)
    /// by URL; each URL names one family, so its value is always of that family's model.
    let entryLoads = RequestCoalescer<URL, (any Sendable)?>()

    /// Creates a client.
    ///
    /// Make one client and share it: its cap on concurrent requests and its sharing of
    /// identical requests only span the calls made on it.
    ///
    /// ```swift
    /// let live = PokeAPIClient()
    /// let local = PokeAPIClient(configuration: .init(baseURL: localServerURL))
    /// let fake = PokeAPIClient(transport: CannedTransport(body: pikachuJSON))
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: The service's base URL, the cap on concurrent requests, the timeout
    ///     and the retry policy. The default is the live service with 4 requests at once.
    ///   - transport: What sends the requests. The default is a new ``URLSessionTransport``.
    public init(
        configuration: Configuration = Configuration(),
        transport: some HTTPTransport = URLSessionTransport()
    ) {
        self.configuration = configuration
        self.transport = transport
        self.limiter = AsyncSemaphore(limit: configuration.maxConcurrentRequests)
    }

    // MARK: - Pokémon

    /// Fetches the Pokémon with an id, or `nil` when the service has none.
    ///
    /// Ids 1–1025 are species' default forms and 10001 and up alternate forms; ids in between
    /// do not exist, and the service's 404 for them gives `nil` after one request.
    ///
    /// ```swift
    /// let pikachu = try await client.pokemon(id: 25)     // pikachu
    /// let nobody = try await client.pokemon(id: 5000)    // nil
    /// ```
    ///
    /// - Parameter id: The Pokémon's PokeAPI id, from 1.
    /// - Returns: The Pokémon, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError`` — ``PokeAPIError/invalidID(_:)`` for an id below 1 (before
    ///   any request), or the request's failure once retries are spent;
    ///   `CancellationError` when the task is cancelled.
    public func pokemon(id: Int) async throws -> FetchedPokemon? {
        guard id >= 1 else { throw PokeAPIError.invalidID(id) }
        return try await loadPokemon(pokemonURL(id: id), resource: .pokemonID(id))
    }

    /// Fetches the Pokémon with a name, or `nil` when the service has none.
    ///
    /// The name is trimmed and lower-cased first, because the service's names are lower-case
    /// and some mirrors of it are case-sensitive: `" Pikachu "` asks for `pikachu`. A name of
    /// digits asks for the Pokémon with that id, as the service does.
    ///
    /// ```swift
    /// let mimic = try await client.pokemon(named: "Mimikyu-Disguised")
    /// ```
    ///
    /// - Parameter name: The Pokémon's PokeAPI name, such as `"mr-mime"`.
    /// - Returns: The Pokémon, or `nil` when the service answers 404.
    /// - Throws: ``PokeAPIError`` — ``PokeAPIError/invalidName(_:)`` for a name that is empty,
    ///   contains `/`, or is `.` or `..` (before any request), or the request's failure once
    ///   retries are spent; `CancellationError` when the task is cancelled.
    public func pokemon(named name: String) async throws -> FetchedPokemon? {
        let name = try Self.normalizedName(name)
        return try await loadPokemon(pokemonURL(segment: name), resource: .pokemonName(name))
    }

    // MARK: - Lists

    /// Fetches one page of the list of a family: every Pokémon, species, evolution chain,
    /// type or ability the service has.
    ///
    /// ```swift
    /// let page = try await client.list(limit: 20, offset: 40)
    /// page.count                 // 1351, across every page
    /// page.results.first?.name   // "zubat", the 41st
    /// let types = try await client.list(.type, limit: 50)
    /// ```
    ///
    /// - Parameters:
    ///   - family: The family listed. The default is ``PokeAPIFamily/pokemon``.
    ///   - limit: The most resources on the page, from 1. The default is 20.
    ///   - offset: The number of resources before the page, from 0. The default is 0.
    /// - Returns: The page, with its `next` and `previous` links as the service sent them.
    /// - Throws: ``PokeAPIError`` — ``PokeAPIError/invalidPage(limit:offset:)`` for a limit
    ///   below 1 or an offset below 0, ``PokeAPIError/unnamedList(_:)`` for evolution chains,
    ///   whose list names nothing (read it with ``ids(of:pageSize:)``), both before any
    ///   request; or the request's failure once retries are spent (a 404 included);
    ///   `CancellationError` when the task is cancelled.
    public func list(
        _ family: PokeAPIFamily = .pokemon, limit: Int = 20, offset: Int = 0
    ) async throws -> NamedResourceList {
        guard family.hasNamedList else { throw PokeAPIError.unnamedList(family) }
        guard limit >= 1, offset >= 0 else {
            throw PokeAPIError.invalidPage(limit: limit, offset: offset)
        }
        return try await loadPage(listURL(family, limit: limit, offset: offset))
    }

    /// Fetches the page a list's `next` or `previous` link points to.
    ///
    /// A host-less link (`/api/v2/pokemon?offset=20&limit=20`, as the static data set has
    /// them) is resolved against the service's root that ``Configuration/baseURL`` names
    /// (keeping its own path, and dropping a final `api/v2` so that an API root as the base URL
    /// does not double it); an absolute link (as the live service sends them) is used as it is.
    ///
    /// ```swift
    /// var page = try await client.list()
    /// while let next = page.next {
    ///     page = try await client.list(at: next)
    /// }
    /// ```
    ///
    /// - Parameter link: The link, absolute or host-less.
    /// - Returns: The page.
    /// - Throws: ``PokeAPIError`` for the request's failure once retries are spent (a 404
    ///   included); `CancellationError` when the task is cancelled.
    public func list(at link: URL) async throws -> NamedResourceList {
        try await loadPage(resolve(link))
    }

    /// Fetches every resource of a family's list, following `next` links from the first page
    /// to the last.
    ///
    /// Pages are fetched one after another, each through the client's retries. Following
    /// stops at the first page without a `next` link or without results.
    ///
    /// ```swift
    /// let everyone = try await client.listAll(pageSize: 200)
    /// let ids = everyone.compactMap(\.id)     // 1…1025, 10001…
    /// let chains = try await client.listAll(.evolutionChain)   // 541, with gaps in their ids
    /// ```
    ///
    /// - Parameters:
    ///   - family: The family listed. The default is ``PokeAPIFamily/pokemon``.
    ///   - pageSize: The `limit` of the first page, from 1; later pages take the one their
    ///     `next` link says. The default is 100.
    /// - Returns: Every resource, in the service's order.
    /// - Throws: ``PokeAPIError`` — ``PokeAPIError/invalidPage(limit:offset:)`` for a page size
    ///   below 1, ``PokeAPIError/unnamedList(_:)`` for evolution chains (read their ids with
    ///   ``ids(of:pageSize:)``), ``PokeAPIError/paginationLoop(_:)`` when a `next` link leads
    ///   back to a page already read, or a page's failure once retries are spent;
    ///   `CancellationError` when the task is cancelled.
    public func listAll(
        _ family: PokeAPIFamily = .pokemon, pageSize: Int = 100
    ) async throws -> [NamedResource] {
        guard family.hasNamedList else { throw PokeAPIError.unnamedList(family) }
        guard pageSize >= 1 else { throw PokeAPIError.invalidPage(limit: pageSize, offset: 0) }
        var resources: [NamedResource] = []
        try await followPages(from: listURL(family, limit: pageSize, offset: 0)) { url in
            let page = try await loadPage(url)
            resources += page.results
            return page.results.isEmpty ? nil : page.next
        }
        return resources
    }

    /// Fetches the id of every resource of a family, following its list's `next` links from
    /// the first page to the last.
    ///
    /// Every family's list works, evolution chains' too, whose links carry no name:
    ///
    /// ```swift
    /// let chains = try await client.ids(of: .evolutionChain)   // 541 ids, 1…549 with gaps
    /// ```
    ///
    /// - Parameters:
    ///   - family: The family listed.
    ///   - pageSize: The `limit` of the first page, from 1. The default is 100.
    /// - Returns: The ids, in the service's order.
    /// - Throws: ``PokeAPIError`` — ``PokeAPIError/invalidPage(limit:offset:)`` for a page size
    ///   below 1, ``PokeAPIError/undecodableBody(_:_:)`` when a link is not one to a resource
    ///   of the family, ``PokeAPIError/paginationLoop(_:)``, or a page's failure once retries
    ///   are spent; `CancellationError` when the task is cancelled.
    public func ids(of family: PokeAPIFamily, pageSize: Int = 100) async throws -> [Int] {
        guard pageSize >= 1 else { throw PokeAPIError.invalidPage(limit: pageSize, offset: 0) }
        var ids: [Int] = []
        try await followPages(from: listURL(family, limit: pageSize, offset: 0)) { url in
            let page = try await loadLinkPage(url, family: family)
            ids += page.ids
            return page.ids.isEmpty ? nil : page.next
        }
        return ids
    }

    /// Reads pages from `first`, each through `read`, which returns the page's `next` link
    /// (`nil` on the last page), until there is none.
    ///
    /// - Throws: ``PokeAPIError/paginationLoop(_:)`` when a link leads back to a page already
    ///   read; what `read` throws.
    private func followPages(
        from first: URL, _ read: (URL) async throws -> URL?
    ) async throws {
        var visited: Set<URL> = [first]
        var next = try await read(first)
        while let link = next {
            let url = resolve(link)
            guard visited.insert(url).inserted else { throw PokeAPIError.paginationLoop(url) }
            next = try await read(url)
        }
    }
}
