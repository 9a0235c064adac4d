import Foundation

/// How the models read and write PokeAPI's resource links (`{ "name": …, "url": … }`).
///
/// A link names a resource by a URL whose path ends in `api/v2/<family>/<id>/`: host-less
/// (`/api/v2/type/12/`) in the static data set, absolute
/// (`https://pokeapi.co/api/v2/type/12/`) from the live service. The models keep the id, or
/// the name where PokeAPI has no model of that family here (items, moves, locations, …).
enum ResourceLink {
    /// The id at the end of a link to a resource of `family`, or `nil` when the link is not one.
    ///
    /// - Parameters:
    ///   - link: The link as PokeAPI sends it.
    ///   - family: The family the link must name, such as `"pokemon-species"`.
    /// - Returns: The id, at least 1; `nil` when the link is not a URL, an absolute URL that is
    ///   not http(s) with a host, a relative one that does not start with `/`, or a path that
    ///   does not end in `api/v2/<family>/<id>`.
    static func id(in link: String, family: String) -> Int? {
        guard let url = URL(string: link) else { return nil }
        if let scheme = url.scheme?.lowercased() {
            guard scheme == "http" || scheme == "https", url.host != nil else { return nil }
        } else if !link.hasPrefix("/") {
            return nil
        }
        let parts = url.path.split(separator: "/")
        guard parts.count >= 4 else { return nil }
        let tail = Array(parts.suffix(4))
        guard tail[0] == "api", tail[1] == "v2", tail[2] == family, let id = Int(tail[3]),
            id > 0, String(id) == tail[3]
        else { return nil }
        return id
    }

    /// The host-less link to a resource, as the static data set writes it.
    ///
    /// - Parameters:
    ///   - family: The resource's family, such as `"pokemon"`.
    ///   - id: The resource's id.
    /// - Returns: `/api/v2/<family>/<id>/`.
    static func path(family: String, id: Int) -> String {
        "/api/v2/\(family)/\(id)/"
    }
}

/// A coding key made from any string, for the parts of PokeAPI's shape that several models
/// share (`name`, `url`, `language`, …).
struct ResourceKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }

    init(_ stringValue: String) {
        self.stringValue = stringValue
    }

    init?(stringValue: String) {
        self.stringValue = stringValue
    }

    init?(intValue: Int) {
        nil
    }

    static let name = ResourceKey("name")
    static let url = ResourceKey("url")
    static let language = ResourceKey("language")
}

// MARK: - Decoding

extension KeyedDecodingContainer {
    /// Whether the key is absent or `null`.
    func isAbsent(_ key: Key) throws -> Bool {
        guard contains(key) else { return true }
        return try decodeNil(forKey: key)
    }

    /// The `name` of the required resource at `key`.
    func decodeResourceName(forKey key: Key) throws -> String {
        let resource = try nestedContainer(keyedBy: ResourceKey.self, forKey: key)
        return try resource.decode(String.self, forKey: .name)
    }

    /// The `name` of the resource at `key`, or `nil` when the key is absent or `null`.
    func decodeResourceNameIfPresent(forKey key: Key) throws -> String? {
        try isAbsent(key) ? nil : decodeResourceName(forKey: key)
    }

    /// The id in the `url` of the required resource at `key`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose coding path ends in `key`'s `url` when the
    ///   link does not name a resource of `family`; `DecodingError` when the key or its `url`
    ///   is missing or not a string.
    func decodeResourceID(forKey key: Key, family: String) throws -> Int {
        let resource = try nestedContainer(keyedBy: ResourceKey.self, forKey: key)
        let link = try resource.decode(String.self, forKey: .url)
        guard let id = ResourceLink.id(in: link, family: family) else {
            throw DecodingError.dataCorruptedError(
                forKey: .url, in: resource,
                debugDescription: """
                    "\(link)" is not a link to a \(family) resource \
                    (expected /api/v2/\(family)/<id>/, host-less or absolute).
                    """
            )
        }
        return id
    }

    /// The id in the `url` of the resource at `key`, or `nil` when the key is absent or `null`.
    func decodeResourceIDIfPresent(forKey key: Key, family: String) throws -> Int? {
        try isAbsent(key) ? nil : decodeResourceID(forKey: key, family: family)
    }

    /// The `name`s of a required list of resources at `key`, in order.
    func decodeResourceNames(forKey key: Key) throws -> [String] {
        var entries = try nestedUnkeyedContainer(forKey: key)
        var names: [String] = []
        while !entries.isAtEnd {
            let resource = try entries.nestedContainer(keyedBy: ResourceKey.self)
            names.append(try resource.decode(String.self, forKey: .name))
        }
        return names
    }

    /// A required list of localized texts at `key` (`[{ <textKey>: …, "language": { "name": … } }]`)
    /// by language; where a language repeats, its first text is kept.
    func decodeLocalizedTexts(forKey key: Key, textKey: String) throws -> [String: String] {
        var entries = try nestedUnkeyedContainer(forKey: key)
        var texts: [String: String] = [:]
        while !entries.isAtEnd {
            let entry = try entries.nestedContainer(keyedBy: ResourceKey.self)
            let text = try entry.decode(String.self, forKey: ResourceKey(textKey))
            let language = try entry.decodeResourceName(forKey: .language)
            if texts[language] == nil { texts[language] = text }
        }
        return texts
    }

    /// A required list of flavor texts at `key` (`[{ "flavor_text": …, "language": { "name":
    /// … }, <versionKey>: { "name": … } }]`), cleaned, in order; `versionKey` names the game:
    /// `version` for a species, `version_group` for a move.
    func decodeFlavorTexts(forKey key: Key, versionKey: String) throws -> [FlavorText] {
        var entries = try nestedUnkeyedContainer(forKey: key)
        var flavorTexts: [FlavorText] = []
        while !entries.isAtEnd {
            let entry = try entries.nestedContainer(keyedBy: ResourceKey.self)
            flavorTexts.append(
                FlavorText(
                    text: try entry.decode(String.self, forKey: ResourceKey("flavor_text")),
                    language: try entry.decodeResourceName(forKey: .language),
                    version: try entry.decodeResourceName(forKey: ResourceKey(versionKey))))
        }
        return flavorTexts
    }
}

// MARK: - Encoding

extension KeyedEncodingContainer {
    /// Writes a resource by its name (`{ "name": … }`), or `null`.
    mutating func encodeResource(named name: String?, forKey key: Key) throws {
        guard let name else { return try encodeNil(forKey: key) }
        var resource = nestedContainer(keyedBy: ResourceKey.self, forKey: key)
        try resource.encode(name, forKey: .name)
    }

    /// Writes a resource by its link (`{ "name": …, "url": "/api/v2/<family>/<id>/" }`, the
    /// name only when given), or `null`.
    mutating func encodeResource(
        id: Int?, family: String, name: String? = nil, forKey key: Key
    ) throws {
        guard let id else { return try encodeNil(forKey: key) }
        var resource = nestedContainer(keyedBy: ResourceKey.self, forKey: key)
        if let name { try resource.encode(name, forKey: .name) }
        try resource.encode(ResourceLink.path(family: family, id: id), forKey: .url)
    }

    /// Writes a list of resources by their names.
    mutating func encodeResources(named names: [String], forKey key: Key) throws {
        var entries = nestedUnkeyedContainer(forKey: key)
        for name in names {
            var resource = entries.nestedContainer(keyedBy: ResourceKey.self)
            try resource.encode(name, forKey: .name)
        }
    }

    /// Writes localized texts as PokeAPI lists them, ordered by language.
    mutating func encodeLocalizedTexts(
        _ texts: [String: String], forKey key: Key, textKey: String
    ) throws {
        var entries = nestedUnkeyedContainer(forKey: key)
        for (language, text) in texts.sorted(by: { $0.key < $1.key }) {
            var entry = entries.nestedContainer(keyedBy: ResourceKey.self)
            try entry.encode(text, forKey: ResourceKey(textKey))
            try entry.encodeResource(named: language, forKey: .language)
        }
    }

    /// Writes flavor texts as PokeAPI lists them, in order, each game under `versionKey`
    /// (`version` for a species, `version_group` for a move).
    mutating func encodeFlavorTexts(
        _ flavorTexts: [FlavorText], forKey key: Key, versionKey: String
    ) throws {
        var entries = nestedUnkeyedContainer(forKey: key)
        for flavorText in flavorTexts {
            var entry = entries.nestedContainer(keyedBy: ResourceKey.self)
            try entry.encode(flavorText.text, forKey: ResourceKey("flavor_text"))
            try entry.encodeResource(named: flavorText.language, forKey: .language)
            try entry.encodeResource(named: flavorText.version, forKey: ResourceKey(versionKey))
        }
    }
}
