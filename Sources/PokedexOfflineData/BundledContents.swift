import Foundation
import PokedexKit

/// The bundle's files, each read and decoded once, on first use, by whichever thread asks
/// first; every later call shares the decoded values (copies of value types).
enum BundledContents {
    /// One family's entries by id, with the order of its file and each entry's name.
    struct Table<Entry: Sendable>: Sendable {
        /// The entries in id order.
        var entries: [Entry]
        /// The ids, in order.
        var ids: [Int]
        /// The position in ``entries`` of each id.
        var positions: [Int: Int]
        /// The id of each name.
        var idsByName: [String: Int]
        /// The name of each id.
        var namesByID: [Int: String]

        init(_ entries: [Entry], id: (Entry) -> Int, name: (Entry) -> String) {
            self.entries = entries
            ids = entries.map(id)
            positions = Dictionary(
                entries.enumerated().map { (id($0.element), $0.offset) },
                uniquingKeysWith: { first, _ in first })
            namesByID = Dictionary(
                entries.map { (id($0), name($0)) }, uniquingKeysWith: { first, _ in first })
            idsByName = Dictionary(
                entries.map { (name($0), id($0)) }, uniquingKeysWith: { first, _ in first })
        }

        /// The entry with an id, or `nil`.
        func entry(id: Int) -> Entry? {
            positions[id].map { entries[$0] }
        }
    }

    /// The bytes of a file of the bundle.
    ///
    /// - Throws: ``BundledDataError/missingResource(_:)`` when the file is missing.
    static func data(_ name: String) throws -> Data {
        guard
            let url = Bundle.module.url(
                forResource: name, withExtension: "json", subdirectory: "Resources")
        else {
            throw BundledDataError.missingResource("Resources/\(name).json")
        }
        return try Data(contentsOf: url)
    }

    static let pokemon = Result { () throws -> Table<FetchedPokemon> in
        let file = try JSONDecoder().decode(CompactPokemonFile.self, from: data("pokemon"))
        return Table(file.pokemon, id: \.id, name: \.name)
    }

    static let species = Result { () throws -> Table<PokemonSpecies> in
        let file = try JSONDecoder().decode(CompactSpeciesFile.self, from: data("pokemon-species"))
        return Table(file.species, id: \.id, name: \.name)
    }

    static let evolutionChains = Result { () throws -> Table<EvolutionChain> in
        let chains = try JSONDecoder().decode([EvolutionChain].self, from: data("evolution-chain"))
        return Table(chains, id: \.id, name: { String($0.id) })
    }

    static let types = Result { () throws -> Table<PokemonTypeDetails> in
        let types = try JSONDecoder().decode([PokemonTypeDetails].self, from: data("type"))
        return Table(types, id: \.id, name: \.name.rawValue)
    }

    static let abilities = Result { () throws -> Table<PokemonAbility> in
        let abilities = try JSONDecoder().decode([PokemonAbility].self, from: data("ability"))
        return Table(abilities, id: \.id, name: \.name)
    }
}
