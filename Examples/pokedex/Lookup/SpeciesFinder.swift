import Foundation
import PokedexKit

/// Finds a species by what a person types: its number, its name as PokeAPI spells it, its
/// display name in any language, or the name or id of one of its forms.
///
/// Names are matched by ``NameMatcher/key(_:)``, so case, accents, spaces and punctuation
/// do not matter: "Mr. Mime", "mr mime" and `mr-mime` find the same species, and so do
/// "Flabébé" and "flabebe".
///
/// ```swift
/// let finder = SpeciesFinder(try BundledPokeAPI.allSpecies())
/// finder.species("Mr. Mime")?.id          // 122
/// finder.species("charizard-mega-x")?.id  // 6
/// ```
struct SpeciesFinder {
    /// Every species, in id order.
    let species: [PokemonSpecies]
    /// The position in ``species`` of each species by its id and of each form by its
    /// Pokémon id.
    private let positionsByID: [Int: Int]
    /// The position in ``species`` of each name's key: species names first, then forms'.
    private let positionsByKey: [String: Int]

    /// Indexes the species by number and by every name.
    ///
    /// - Parameter species: The species to find among.
    init(_ species: [PokemonSpecies]) {
        self.species = species
        var ids: [Int: Int] = [:]
        var keys: [String: Int] = [:]
        for (position, entry) in species.enumerated() { ids[entry.id] = position }
        // Earlier passes win: PokeAPI names and English names, then the other languages'
        // names, then the forms' names and ids.
        let passes: [(PokemonSpecies) -> [String]] = [
            { [$0.name, $0.displayName] },
            { $0.names.values.sorted() },
            { $0.varieties.map(\.name) },
        ]
        for names in passes {
            for (position, entry) in species.enumerated() {
                for name in names(entry) {
                    let key = NameMatcher.key(name)
                    if !key.isEmpty, keys[key] == nil { keys[key] = position }
                }
            }
        }
        for (position, entry) in species.enumerated() {
            for variety in entry.varieties where ids[variety.pokemonID] == nil {
                ids[variety.pokemonID] = position
            }
        }
        positionsByID = ids
        positionsByKey = keys
    }

    /// The species that `text` names: a number (a species' or a form's), or a name.
    ///
    /// - Parameter text: What was typed, such as `25`, `Mr. Mime` or `flabebe`.
    /// - Returns: The species, or `nil` when nothing is named so.
    func species(_ text: String) -> PokemonSpecies? {
        if let id = Self.number(in: text) {
            return positionsByID[id].map { species[$0] }
        }
        let key = NameMatcher.key(text)
        return key.isEmpty ? nil : positionsByKey[key].map { species[$0] }
    }

    /// The number `text` is, such as `25` or `#25`, or `nil` when it is not one.
    static func number(in text: String) -> Int? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        return Int(trimmed.hasPrefix("#") ? String(trimmed.dropFirst()) : trimmed)
    }

    /// The lowest and highest species ids, or `nil` when there are no species.
    var speciesIDs: ClosedRange<Int>? {
        guard let first = species.map(\.id).min(), let last = species.map(\.id).max() else {
            return nil
        }
        return first...last
    }

    /// The English names closest to `text`, for an error.
    ///
    /// - Parameter text: What was typed.
    /// - Returns: At most ``NameMatcher/suggestionLimit`` display names, closest first.
    func suggestions(for text: String) -> [String] {
        NameMatcher.closest(to: text, among: species.map(\.displayName))
    }
}
