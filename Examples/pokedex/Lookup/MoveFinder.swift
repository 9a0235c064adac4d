import PokedexKit

/// The one rule by which `move`, `list --learns` and whichever command takes a move next find
/// the stored move their argument names.
enum MoveFinder {
    /// The stored move a command-line argument names, by `Pokedex.move(matching:)`: a number
    /// (`53`, `#53`); a PokeAPI name (`fire-punch`, `"Fire Punch"`); or a name in any language
    /// the data has, case, accents and punctuation ignored (`Flammenwurf`).
    ///
    /// - Throws: ``CommandFailure`` saying what is not stored, with the closest names of the
    ///   store suggested.
    static func find(_ text: String, in pokedex: Pokedex) async throws -> Move {
        if let move = try await pokedex.move(matching: text) { return move }
        if let id = SpeciesFinder.number(in: text) {
            throw CommandFailure("no move #\(id) in the store; run 'pokedex sync' to fetch it")
        }
        let moves = try await pokedex.storedMoves()
        guard !moves.isEmpty else {
            throw CommandFailure("the store holds no moves; run 'pokedex sync' first")
        }
        throw CommandFailure(
            "no move '\(text)' in the store."
                + NameMatcher.didYouMean(
                    NameMatcher.closest(to: text, among: moves.map(\.displayName))))
    }
}
