import Foundation

/// The bundled data as the raw JSON files of `Sources/PokedexOfflineData/Resources` hold it,
/// read with `JSONSerialization`: what the command's output is checked against, without the
/// models, the chart or the wording that make it.
enum RawPokeAPIData {
    /// The repository's root, found from this file's path.
    static let repositoryRoot = URL(filePath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The bundled resources folder.
    static let resources = repositoryRoot.appending(path: "Sources/PokedexOfflineData/Resources")

    /// The top-level array of a bundled file, such as `type`.
    static func array(_ name: String) throws -> [[String: Any]] {
        let data = try Data(contentsOf: resources.appending(path: "\(name).json"))
        return try JSONSerialization.jsonObject(with: data) as? [[String: Any]] ?? []
    }

    /// The factor a move of `attacking` type deals to a defender of one type, read from the
    /// defender's `damage_relations`: 0, ½, 1 or 2.
    static func factor(
        of attacking: String, against defending: String, in types: [[String: Any]]
    ) -> Double {
        let type = types.first { $0["name"] as? String == defending }
        let relations = type?["damage_relations"] as? [String: Any] ?? [:]
        func names(_ key: String) -> [String] {
            (relations[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
        }
        if names("no_damage_from").contains(attacking) { return 0 }
        if names("double_damage_from").contains(attacking) { return 2 }
        if names("half_damage_from").contains(attacking) { return 0.5 }
        return 1
    }

    /// The raw chain node of a species, searched in every chain.
    static func chainNode(ofSpecies name: String, in chains: [[String: Any]]) -> [String: Any]? {
        func search(_ node: [String: Any]) -> [String: Any]? {
            if (node["species"] as? [String: Any])?["name"] as? String == name { return node }
            for child in node["evolves_to"] as? [[String: Any]] ?? [] {
                if let found = search(child) { return found }
            }
            return nil
        }
        for chain in chains {
            if let root = chain["chain"] as? [String: Any], let found = search(root) {
                return found
            }
        }
        return nil
    }
}
