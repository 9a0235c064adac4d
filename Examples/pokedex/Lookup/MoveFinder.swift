import PokedexKit

/// The one rule by which `move`, `list --learns` and whichever command takes a move next find
/// the stored move their argument names.
enum MoveFinder {
    /// The stored move a command-line argument names: a number (`53`, `#53`); a PokeAPI name
    /// (`fire-punch`); or a name in any language the data has, case, accents and punctuation
    /// ignored (`"Fire Punch"`, `Flammenwurf`).
    ///
    /// - Throws: ``CommandFailure`` saying what is not stored, with the closest names of the
    ///   store suggested.
    static func find(_ text: String, in pokedex: Pokedex) async throws -> Move {
        if let id = SpeciesFinder.number(in: text) {
            guard let move = try await pokedex.move(id: id) else {
                throw CommandFailure("no move #\(id) in the store; run 'pokedex sync' to fetch it")
            }
            return move
        }
        if let move = try await pokedex.move(named: text) { return move }
        let slug = NameMatcher.pokeAPIName(text)
        if slug != text, let move = try await pokedex.move(named: slug) { return move }
        let moves = try await pokedex.storedMoves()
        let key = NameMatcher.key(text)
        if let move = moves.first(where: { move in
            move.names.values.contains { NameMatcher.key($0) == key }
        }) {
            return move
        }
        guard !moves.isEmpty else {
            throw CommandFailure("the store holds no moves; run 'pokedex sync' first")
        }
        throw CommandFailure(
            "no move '\(text)' in the store."
                + NameMatcher.didYouMean(
                    NameMatcher.closest(to: text, among: moves.map(\.displayName))))
    }
}
