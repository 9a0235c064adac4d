import Foundation

/// One page of a PokeAPI list resource, such as `GET /api/v2/pokemon?limit=20&offset=40`.
///
/// ```swift
/// let page = try JSONDecoder().decode(NamedResourceList.self, from: data)
/// page.count                  // 1351: every Pokémon the service has
/// page.results.first?.id      // 1
/// ```
///
/// Links may be absolute (`https://pokeapi.co/api/v2/pokemon/1/`, as the live service sends
/// them) or host-less paths (`/api/v2/pokemon/1/`, as the static data set has them); both
/// decode, and ``NamedResource/id`` reads the id from either.
public struct NamedResourceList: Hashable, Sendable, Codable {
    /// The number of resources the service has in all, across every page.
    public var count: Int
    /// The link to the next page, or `nil` on the last page.
    public var next: URL?
    /// The link to the previous page, or `nil` on the first page.
    public var previous: URL?
    /// The resources on this page.
    public var results: [NamedResource]

    /// Creates a page.
    ///
    /// - Parameters:
    ///   - count: The number of resources in all.
    ///   - next: The link to the next page.
    ///   - previous: The link to the previous page.
    ///   - results: The resources on this page.
    public init(count: Int, next: URL? = nil, previous: URL? = nil, results: [NamedResource]) {
        self.count = count
        self.next = next
        self.previous = previous
        self.results = results
    }

    enum CodingKeys: String, CodingKey {
        case count, next, previous, results
    }

    /// Decodes a page, accepting absolute and host-less links.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` naming the key at fault when `count` or `results` is missing,
    ///   a value has the wrong type, or a link is not a URL.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            count: try container.decode(Int.self, forKey: .count),
            next: try container.decodeLink(forKey: .next),
            previous: try container.decodeLink(forKey: .previous),
            results: try container.decode([NamedResource].self, forKey: .results)
        )
    }

    /// Encodes the page in PokeAPI's shape.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(count, forKey: .count)
        try container.encode(next?.absoluteString, forKey: .next)
        try container.encode(previous?.absoluteString, forKey: .previous)
        try container.encode(results, forKey: .results)
    }
}

/// A link to one PokeAPI resource: its name and URL.
public struct NamedResource: Hashable, Sendable, Codable {
    /// The resource's name, such as `"bulbasaur"`.
    public var name: String
    /// The resource's link, absolute or a host-less path.
    public var url: URL

    /// Creates a link.
    ///
    /// - Parameters:
    ///   - name: The resource's name.
    ///   - url: The resource's link.
    public init(name: String, url: URL) {
        self.name = name
        self.url = url
    }

    /// The id at the end of the link's path (`/api/v2/pokemon/25/` → 25), or `nil` when the
    /// last path component is not a number.
    public var id: Int? {
        url.path.split(separator: "/").last.flatMap { Int($0) }
    }

    enum CodingKeys: String, CodingKey {
        case name, url
    }

    /// Decodes a link, accepting an absolute URL or a host-less path.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` naming the key at fault.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let name = try container.decode(String.self, forKey: .name)
        guard let url = try container.decodeLink(forKey: .url) else {
            throw DecodingError.valueNotFound(
                URL.self,
                DecodingError.Context(
                    codingPath: container.codingPath + [CodingKeys.url],
                    debugDescription: "The resource \"\(name)\" has no url."
                )
            )
        }
        self.init(name: name, url: url)
    }

    /// Encodes the link in PokeAPI's shape.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(url.absoluteString, forKey: .url)
    }
}

extension KeyedDecodingContainer {
    /// Decodes an optional link given as a string: an absolute URL or a host-less path.
    func decodeLink(forKey key: Key) throws -> URL? {
        guard let string = try decodeIfPresent(String.self, forKey: key) else { return nil }
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "\"\(string)\" is not a valid link."
            )
        }
        return url
    }
}
