import PokedexKit
import PostgresNIO

/// The hand-written baseline's prepared statements on the tables `PostgresModelDatabase`
/// made for `BenchSpecies` and `BenchPokemon`: `bench_species` and `bench_pokemon`, each with
/// the store's columns (`_order`, `_key`, `_record`, `_version`, `_exact`) and one per
/// attribute (`bench_pokemon."species_id"` indexed, `"types"` a `jsonb` array). Each follows
/// the reference as SQL does, from `"species_id"` to the species' `"id"`, and keeps the
/// store's order, `"_order"`.
extension HandWrittenReferences {
    /// The JSON of the Pokémon whose species' `is_legendary` is the parameter, in the
    /// table's order: a join on the species.
    struct LegendaryPokemon: Lookup {
        static let sql =
            #"SELECT p."_record" FROM "bench_pokemon" p "#
            + #"JOIN "bench_species" s ON s."id" = p."species_id" "#
            + #"WHERE s."is_legendary" = $1 ORDER BY p."_order""#
        var value: Bool
    }

    /// The JSON of the species that a Pokémon with the parameter's types refers to, in the
    /// table's order.
    ///
    /// `EXISTS` on the Pokémon of the species, the types tested by `jsonb` containment, as
    /// the store's column holds them. The parameter is sent as `jsonb` (``JSONBStrings``), so
    /// that the prepared statement's generic plan compares each row with it as it is, with no
    /// cast from text per row.
    struct SpeciesWithVarietyOfType: Lookup {
        static let sql =
            #"SELECT s."_record" FROM "bench_species" s WHERE EXISTS (SELECT 1 "#
            + #"FROM "bench_pokemon" p WHERE p."species_id" = s."id" "#
            + #"AND p."types" @> $1) ORDER BY s."_order""#
        var value: JSONBStrings
    }

    /// The JSON of the first ``limit`` Pokémon in the table's order, each with its species'
    /// JSON: the Pokémon read first, by the unique index on `_order`, then joined with their
    /// species; the limit written in the statement (a bound limit would be planned for every
    /// run).
    struct PokemonWithSpecies: PostgresPreparedStatement {
        static let limit = 1_000
        static let sql =
            #"SELECT p."_record", s."_record" FROM (SELECT "_order", "_record", "species_id" "#
            + #"FROM "bench_pokemon" ORDER BY "_order" LIMIT \#(limit)) p "#
            + #"JOIN "bench_species" s ON s."id" = p."species_id" ORDER BY p."_order""#
        typealias Row = (String, String)

        func makeBindings() -> PostgresBindings {
            PostgresBindings()
        }

        func decodeRow(_ row: PostgresRow) throws -> (String, String) {
            try row.decode((String, String).self)
        }
    }
}

/// Strings sent as a `jsonb` array: postgres-nio encodes an `Encodable` value as `jsonb`.
struct JSONBStrings: Encodable, PostgresEncodable, Sendable {
    var strings: [String]

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(strings)
    }
}
