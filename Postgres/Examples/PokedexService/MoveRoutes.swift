import Foundation
import Hummingbird
import PokedexKit

/// The service's routes over moves and learnsets, read from the database.
///
/// - `GET /moves/{id or name}`: a move, with its texts and the Pokémon that learn it, each
///   with how (``MoveDocument``);
/// - `GET /pokemon/{id}/moves`: the moves a Pokémon learns, by method, level-up in level
///   order (``LearnsetDocument``).
///
/// Both take `?lang=` (a PokeAPI language or a locale: `de`, `ja`, `zh-Hant`, `fr_FR`), and
/// give each text in that language where the data has it and in English otherwise, saying
/// which (`TranslatedText`). A move or Pokémon that does not exist is a 404.
struct MoveRoutes: Sendable {
    /// The Pokédex whose database keeps the moves and learnsets.
    let pokedex: Pokedex

    /// Adds the routes to a router, after ``PokemonRoutes``, whose middleware sends their
    /// errors as JSON too.
    func add(to router: Router<some RequestContext>) {
        router.get("moves/:move") { request, context in
            JSONBody(
                try await move(
                    ReferenceRoutes.segment("move", of: context.parameters),
                    language: Self.language(of: request)))
        }
        router.get("pokemon/:id/moves") { request, context in
            JSONBody(
                try await learnset(
                    PokemonRoutes.id(in: context.parameters),
                    language: Self.language(of: request)))
        }
    }

    /// The move a path names by number or name, with its learners.
    func move(_ text: String, language: PokedexLanguage) async throws -> MoveDocument {
        guard let move = try await find(text) else {
            throw APIError(
                .notFound,
                "no move is numbered or named '\(text)' (a number, or a name such as "
                    + "flamethrower or Flammenwerfer)", parameter: "move")
        }
        let learners = try await pokedex.learners(ofMove: move.id)
        return MoveDocument(move, learners: learners, language: language)
    }

    /// The stored move a path names, by the rule of `Pokedex.move(matching:)`: by number; by
    /// PokeAPI name (`fire-punch`, in any case, spaces read as hyphens); or by a name in any
    /// language the data has (`Flammenwurf`, `かえんほうしゃ`, `Lance-Flammes`).
    func find(_ text: String) async throws -> Move? {
        try await pokedex.move(matching: text)
    }

    /// The learnset of the Pokémon a path numbers.
    func learnset(_ id: Int, language: PokedexLanguage) async throws -> LearnsetDocument {
        guard let pokemon = try await pokedex.pokemon(id: id) else {
            throw PokemonRoutes.notFound(id)
        }
        let learnset = try await pokedex.learnset(ofPokemon: pokemon.id)
        return LearnsetDocument(pokemon: pokemon, learnset: learnset, language: language)
    }

    /// The language `?lang=` asks for (a PokeAPI name or a POSIX locale, read as
    /// `PokedexLanguage(identifier:)` reads it); English without one, and a 400 for a value
    /// that cannot be one.
    static func language(of request: Request) throws(APIError) -> PokedexLanguage {
        guard let text = request.uri.queryParameters.get("lang") else { return .english }
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, trimmed.count <= 35,
            trimmed.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.@".contains($0)) }
            )
        else {
            throw APIError.badValue(
                "lang", text, accepted: "a language, such as de, ja, zh-Hant or fr_FR")
        }
        return PokedexLanguage(identifier: trimmed)
    }
}
