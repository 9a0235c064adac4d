import Foundation

// The URLs the client asks for, and the checks on the caller's input that come before them.
extension PokeAPIClient {
    /// The URL the client asks for a Pokémon by id: the API root followed by
    /// `pokemon/<id>/`, such as `https://pokeapi.co/api/v2/pokemon/25/`.
    ///
    /// It shows where a ``Configuration/baseURL`` leads, in messages such as "nothing found
    /// at …", without making a request.
    ///
    /// ```swift
    /// let client = PokeAPIClient(configuration: .init(baseURL: mirrorURL))
    /// print(client.pokemonURL(id: 1))   // https://mirror.example/api/v2/pokemon/1/
    /// ```
    ///
    /// - Parameter id: The Pokémon's id; it is not checked.
    /// - Returns: The URL ``pokemon(id:)`` requests.
    public func pokemonURL(id: Int) -> URL {
        pokemonURL(segment: String(id))
    }

    /// `<root>/api/v2/pokemon/<segment>/`, with the trailing slash the static data set's
    /// file layout needs (the live service answers both forms).
    func pokemonURL(segment: String) -> URL {
        configuration.serviceRoot.appending(path: "api/v2/pokemon/\(segment)/")
    }

    /// `<root>/api/v2/pokemon?limit=<limit>&offset=<offset>`.
    func listURL(_ family: PokeAPIFamily, limit: Int, offset: Int) -> URL {
        configuration.serviceRoot.appending(path: "api/v2/\(family.rawValue)").appending(
            queryItems: [
                URLQueryItem(name: "limit", value: String(limit)),
                URLQueryItem(name: "offset", value: String(offset)),
            ])
    }

    /// A list link made absolute: a host-less one is appended to the service's root (keeping
    /// the root's path and the link's query); an absolute one is returned as it is.
    func resolve(_ link: URL) -> URL {
        if link.host != nil {
            guard link.scheme == nil else { return link }
            // Scheme-relative ("//pokeapi.co/api/v2/pokemon"): take the base URL's scheme.
            return URL(string: link.relativeString, relativeTo: configuration.baseURL)?
                .absoluteURL ?? link
        }
        let url = configuration.serviceRoot.appending(path: link.path)
        let queryItems =
            URLComponents(url: link, resolvingAgainstBaseURL: false)?.queryItems ?? []
        return queryItems.isEmpty ? url : url.appending(queryItems: queryItems)
    }

    /// A Pokémon name as the service spells it: trimmed and lower-cased.
    ///
    /// - Throws: ``PokeAPIError/invalidName(_:)`` when the name is empty once trimmed,
    ///   contains `/`, or is a dot segment that would change the path.
    static func normalizedName(_ name: String) throws -> String {
        let normalized = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        guard !normalized.isEmpty, !normalized.contains("/"), normalized != ".",
            normalized != ".."
        else {
            throw PokeAPIError.invalidName(name)
        }
        return normalized
    }
}
