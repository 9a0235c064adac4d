import Foundation
import Hummingbird
import PokedexKit

/// A value sent as JSON, with sorted keys and unescaped slashes, so that responses read the
/// same from one request to the next.
struct JSONBody<Value: Encodable & Sendable>: ResponseGenerator {
    let value: Value

    init(_ value: Value) {
        self.value = value
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value, from: request, context: context)
    }
}

/// What `GET /pokemon` answers: the Pokémon shown, how many match and how many are stored.
struct PokemonList: Encodable, Sendable {
    /// The Pokémon selected, in the order asked for, at most `limit`.
    let pokemon: [Pokemon]
    /// How many match the filter, whatever the limit.
    let matching: Int
    /// How many are stored in all.
    let stored: Int
    /// The store's version when the Pokémon were read.
    let version: UInt64
}
