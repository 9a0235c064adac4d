import Foundation
import PokeAPITestServer
import PokedexKit
import Testing

extension PokeAPIClient {
    /// A client on a stub transport, retrying without jitter and recording its waits instead
    /// of sleeping them.
    static func stubbed(
        baseURL: URL? = nil,
        maxConcurrentRequests: Int = 4,
        retryPolicy: RetryPolicy = RetryPolicy(baseDelay: .milliseconds(1), jitter: 0),
        sleeps: SleepLog? = nil,
        transport: StubTransport
    ) throws -> PokeAPIClient {
        let base = try baseURL ?? #require(URL(string: "http://pokeapi.test"))
        var configuration = PokeAPIClient.Configuration(
            baseURL: base,
            maxConcurrentRequests: maxConcurrentRequests,
            timeout: .seconds(5),
            retryPolicy: retryPolicy
        )
        if let sleeps {
            configuration.sleep = { delay in await sleeps.record(delay) }
        }
        return PokeAPIClient(configuration: configuration, transport: transport)
    }

    /// A client of a local test server, retrying within milliseconds; with `sleeps`, the
    /// waits are recorded instead of slept; with `baseURL`, the server is named by that URL
    /// instead of its root.
    ///
    /// The timeout is long unless a test needs one to expire: a busy machine must not turn a
    /// slow answer into a retry that a test's request count does not expect.
    static func local(
        _ server: TestServer,
        baseURL: URL? = nil,
        maxAttempts: Int = 4,
        timeout: Duration = .seconds(10),
        sleeps: SleepLog? = nil,
        transport: some HTTPTransport = URLSessionTransport()
    ) -> PokeAPIClient {
        var configuration = PokeAPIClient.Configuration(
            baseURL: baseURL ?? server.baseURL,
            timeout: timeout,
            retryPolicy: RetryPolicy(
                maxAttempts: maxAttempts, baseDelay: .milliseconds(5), maxDelay: .milliseconds(50))
        )
        if let sleeps {
            configuration.sleep = { delay in await sleeps.record(delay) }
        }
        return PokeAPIClient(configuration: configuration, transport: transport)
    }
}

extension Fixtures {
    /// A trimmed entry, decoded: what the client must return for its id.
    static func pokemon(_ id: Int) throws -> FetchedPokemon {
        try JSONDecoder().decode(FetchedPokemon.self, from: trimmed(id))
    }

    /// The list resource's entries, decoded.
    static func listResults() throws -> [NamedResource] {
        try JSONDecoder().decode(NamedResourceList.self, from: list()).results
    }
}
