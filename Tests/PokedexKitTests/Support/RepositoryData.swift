import Foundation
import Testing

/// The PokeAPI data committed at the repository's root (`Data/pokeapi/all/`, see its
/// README.md for the source and licence), found from this file's path: it is in no target,
/// so no bundle carries it.
enum RepositoryData {
    /// The families in `Data/pokeapi/all/`, each a folder of `<id>.json` files.
    enum Family: String, CaseIterable, Sendable {
        case pokemon
        case species = "pokemon-species"
        case evolutionChain = "evolution-chain"
        case type
        case ability
        case move
    }

    /// The repository's root: the nearest folder above this file that holds `Package.swift`.
    static let root: URL = {
        var root = URL(filePath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: root.appending(path: "Package.swift").path),
            root.pathComponents.count > 1
        {
            root.deleteLastPathComponent()
        }
        return root
    }()

    /// `Data/pokeapi/all/`.
    static var allDirectory: URL {
        root.appending(path: "Data/pokeapi/all")
    }

    /// The ids of a family's files, ascending.
    static func ids(_ family: Family) throws -> [Int] {
        let names = try FileManager.default.contentsOfDirectory(
            atPath: allDirectory.appending(path: family.rawValue).path)
        return names.compactMap { name in
            name.hasSuffix(".json") ? Int(name.dropLast(5)) : nil
        }.sorted()
    }

    /// The bytes of one entry.
    static func data(_ family: Family, _ id: Int) throws -> Data {
        try Data(contentsOf: allDirectory.appending(path: "\(family.rawValue)/\(id).json"))
    }

    /// One entry as a JSON object, to check a model against independently of its decoder.
    static func object(_ family: Family, _ id: Int) throws -> [String: Any] {
        try #require(JSONSerialization.jsonObject(with: data(family, id)) as? [String: Any])
    }

    /// Every entry of a family, decoded.
    static func decodeAll<Model: Decodable>(_: Model.Type, _ family: Family) throws -> [Model] {
        let decoder = JSONDecoder()
        return try ids(family).map { try decoder.decode(Model.self, from: data(family, $0)) }
    }
}

extension Fixtures {
    /// The untrimmed responses of the other families, by family folder: species 6 and 133,
    /// chains 2 and 67, type 10, ability 65.
    static let fullFamilyIDs: [RepositoryData.Family: [Int]] = [
        .species: [6, 133], .evolutionChain: [2, 67], .type: [10], .ability: [65],
    ]

    /// The bytes of an untrimmed response of another family.
    static func full(_ family: RepositoryData.Family, _ id: Int) throws -> Data {
        try Data(contentsOf: directory.appending(path: "full/\(family.rawValue)/\(id).json"))
    }
}

/// Reads a raw PokeAPI JSON object the way a test checks a model against it: without the
/// model's decoder.
enum Raw {
    /// The object at `key`, or `nil` for `null` or absent.
    static func object(_ value: Any?) -> [String: Any]? {
        value as? [String: Any]
    }

    /// The `name` of a resource object.
    static func name(_ value: Any?) -> String? {
        object(value)?["name"] as? String
    }

    /// The id at the end of a resource object's `url` (`/api/v2/type/12/` → 12).
    static func id(_ value: Any?) -> Int? {
        guard let url = object(value)?["url"] as? String else { return nil }
        return url.split(separator: "/").last.flatMap { Int($0) }
    }

    /// A list of objects.
    static func list(_ value: Any?) -> [[String: Any]] {
        value as? [[String: Any]] ?? []
    }

    /// A localized list (`[{ textKey: …, "language": { "name": … } }]`) by language, first
    /// text kept.
    static func localized(_ value: Any?, textKey: String) -> [String: String] {
        var texts: [String: String] = [:]
        for entry in list(value) {
            if let language = name(entry["language"]), let text = entry[textKey] as? String,
                texts[language] == nil
            {
                texts[language] = text
            }
        }
        return texts
    }
}

/// Encodes a value and decodes the result, for round-trip checks.
func roundTripped<Model: Codable>(_ value: Model) throws -> Model {
    try JSONDecoder().decode(Model.self, from: JSONEncoder().encode(value))
}
