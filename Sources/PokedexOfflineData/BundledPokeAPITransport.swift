import Foundation
import PokedexKit

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A transport that answers PokeAPI requests from the bundled data, as the service would.
///
/// It serves, by id or name, `GET …/api/v2/pokemon/{id or name}/` for every bundled Pokémon
/// (``BundledPokeAPI/pokemonIDs()``: 1–1025 and 10001–10326) with its learnset (`moves`),
/// and every bundled `pokemon-species`, `evolution-chain` (by id), `type`, `ability` and
/// `move`; 404 for any other.
/// Each family's table is read on its first request.
/// Each family's list, such as `GET …/api/v2/pokemon?limit=&offset=`, pages over what it
/// serves, with host-less `next` and `previous` links as in the static data set. Bodies are
/// in PokeAPI's shape as the models encode it. The host of the request does not matter, so a
/// client keeps its usual base URL:
///
/// ```swift
/// let client = PokeAPIClient(transport: BundledPokeAPITransport())
/// let charizard = try await client.pokemon(id: 6)
/// ```
///
/// Give it a latency to see how an app behaves on a slow network.
public struct BundledPokeAPITransport: HTTPTransport {
    /// How long each response takes.
    public var latency: Duration

    /// Creates a transport over the bundled data.
    ///
    /// - Parameter latency: How long each response takes; none by default.
    public init(latency: Duration = .zero) {
        self.latency = latency
    }

    /// Answers a request from the bundled data.
    ///
    /// - Parameter request: A PokeAPI request.
    /// - Returns: The body and head of the response: 200 with the JSON, or 404.
    /// - Throws: `URLError(.badURL)` for a request without a URL; `CancellationError` when
    ///   cancelled during the latency.
    public func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        guard let url = request.url else { throw URLError(.badURL) }
        if latency > .zero { try await Task.sleep(for: latency) }
        let (status, body) = respond(to: url)
        guard
            let response = HTTPURLResponse(
                url: url, statusCode: status, httpVersion: "HTTP/1.1",
                headerFields: ["Content-Type": "application/json; charset=utf-8"])
        else { throw URLError(.badServerResponse) }
        return (body, response)
    }

    /// The families served, by their names in PokeAPI's paths.
    static let served: [String: ServedFamily] = [
        "pokemon": ServedFamily(
            .pokemon, BundledContents.pokemon, completed: BundledPokeAPI.withLearnset),
        "pokemon-species": ServedFamily(.species, BundledContents.species),
        "evolution-chain": ServedFamily(.evolutionChain, BundledContents.evolutionChains),
        "type": ServedFamily(.type, BundledContents.types),
        "ability": ServedFamily(.ability, BundledContents.abilities),
        "move": ServedFamily(.move, BundledContents.moves),
    ]

    private func respond(to url: URL) -> (Int, Data) {
        let components = url.path.split(separator: "/").map(String.init)
        guard
            let index = components.lastIndex(where: { Self.served[$0] != nil }), index >= 2,
            components[index - 2] == "api", components[index - 1] == "v2",
            let family = Self.served[components[index]]
        else { return notFound }
        let rest = components[(index + 1)...]
        if rest.isEmpty { return list(of: family, query: url) }
        guard rest.count == 1, let segment = rest.first,
            let id = Int(segment) ?? family.id(segment), let data = try? family.body(id)
        else { return notFound }
        return (200, data)
    }

    private var notFound: (Int, Data) {
        (404, Data(#"{"detail":"Not found."}"#.utf8))
    }

    private func list(of family: ServedFamily, query url: URL) -> (Int, Data) {
        let items = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        func value(_ name: String) -> Int? {
            items.first { $0.name == name }?.value.flatMap { Int($0) }
        }
        let limit = max(value("limit") ?? 20, 0)
        let offset = max(value("offset") ?? 0, 0)
        let path = family.path
        let all = family.ids().compactMap { id -> NamedResource? in
            URL(string: "/api/v2/\(path)/\(id)/").map {
                NamedResource(name: family.name(id) ?? String(id), url: $0)
            }
        }
        let page = Array(all.dropFirst(offset).prefix(limit))
        func link(offset: Int) -> URL? {
            URL(string: "/api/v2/\(path)?offset=\(offset)&limit=\(limit)")
        }
        let list = NamedResourceList(
            count: all.count,
            next: offset + limit < all.count && limit > 0 ? link(offset: offset + limit) : nil,
            previous: offset > 0 ? link(offset: max(offset - limit, 0)) : nil,
            results: page)
        guard let data = try? JSONEncoder().encode(list) else { return notFound }
        return (200, data)
    }
}
