import ConditionTableSupport
import Foundation
import KeyPathQuery
import QueryTestSupport
import Testing

/// The Pokémon of the condition table (``PokemonFixture``), and a real SQLite table holding
/// them.
enum PokedexDataset {
    /// The synthetic records of ``PokemonFixture/synthetic``.
    static var synthetic: [(id: Int, copyOf: Int, name: String)] { PokemonFixture.synthetic }

    /// Every record, fixtures first in id order, then the synthetic ones.
    static func pokemon() throws -> [Pokemon] {
        try PokemonFixture.pokemon()
    }

    /// A new in-memory database with a `pokemon` table holding `pokemon`: one column per
    /// attribute, named as the stored form names it (with `species_id`); arrays as JSON text;
    /// URLs as their absolute strings; Booleans as 0 and 1; `nil` as `NULL`.
    static func database(with pokemon: [Pokemon]) throws -> SQLiteDatabase {
        let database = try SQLiteDatabase()
        try database.execute(
            """
            CREATE TABLE pokemon (
                id INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL, types TEXT NOT NULL,
                hp INTEGER NOT NULL, attack INTEGER NOT NULL, defense INTEGER NOT NULL,
                special_attack INTEGER NOT NULL, special_defense INTEGER NOT NULL,
                speed INTEGER NOT NULL, sprite TEXT, shiny TEXT, height INTEGER NOT NULL,
                weight INTEGER NOT NULL, base_experience INTEGER, abilities TEXT NOT NULL,
                favorite INTEGER NOT NULL, species_id INTEGER
            )
            """)
        let columns = [
            "id", "name", "types", "hp", "attack", "defense", "special_attack",
            "special_defense", "speed", "sprite", "shiny", "height", "weight", "base_experience",
            "abilities", "favorite", "species_id",
        ]
        var rows: [[SQLBinding]] = []
        for p in pokemon {
            rows.append([
                .integer(Int64(p.id)), .text(p.name), .text(try json(p.types.map(\.rawValue))),
                .integer(Int64(p.hp)), .integer(Int64(p.attack)), .integer(Int64(p.defense)),
                .integer(Int64(p.specialAttack)), .integer(Int64(p.specialDefense)),
                .integer(Int64(p.speed)), p.sprite.map { .text($0.absoluteString) } ?? .null,
                p.shiny.map { .text($0.absoluteString) } ?? .null, .integer(Int64(p.height)),
                .integer(Int64(p.weight)), p.baseExperience.map { .integer(Int64($0)) } ?? .null,
                .text(try json(p.abilities)), .integer(p.favorite ? 1 : 0),
                p.speciesID.map { .integer(Int64($0)) } ?? .null,
            ])
        }
        try database.insert(into: "pokemon", columns: columns, rows: rows)
        return database
    }

    /// A new in-memory database with the `pokemon` table of ``database(with:)`` and a
    /// `species` table, both from ``PokedexRecords``, as ``ReferenceTable/tables`` names
    /// them.
    static func database(with records: PokedexRecords) throws -> SQLiteDatabase {
        let database = try database(with: records.pokemon)
        try database.execute(
            """
            CREATE TABLE species (
                id INTEGER NOT NULL PRIMARY KEY, name TEXT NOT NULL,
                is_legendary INTEGER NOT NULL, is_mythical INTEGER NOT NULL,
                generation INTEGER NOT NULL, capture_rate INTEGER NOT NULL, color TEXT NOT NULL
            )
            """)
        let rows: [[SQLBinding]] = records.species.map { s in
            [
                .integer(Int64(s.id)), .text(s.name), .integer(s.isLegendary ? 1 : 0),
                .integer(s.isMythical ? 1 : 0), .integer(Int64(s.generation)),
                .integer(Int64(s.captureRate)), .text(s.color),
            ]
        }
        try database.insert(
            into: "species",
            columns: [
                "id", "name", "is_legendary", "is_mythical", "generation", "capture_rate", "color",
            ],
            rows: rows)
        return database
    }

    /// The ids a query selects from the table, in the order SQLite returns them.
    static func sqliteIDs(
        of query: RecordQuery<Pokemon>, in database: SQLiteDatabase
    ) throws -> [Int] {
        let clauses = try query.sqlClauses()
        return try database.integers("SELECT id FROM pokemon " + clauses.sql, clauses.bindings)
            .map { Int($0) }
    }

    /// A record as a dictionary of Foundation objects keyed by attribute name, as
    /// `NSPredicate` evaluates against (an absent value has no key).
    static func foundationObject(_ p: Pokemon) -> NSDictionary {
        var values: [String: Any] = [
            "id": NSNumber(value: p.id), "name": NSString(string: p.name),
            "types": NSArray(array: p.types.map { NSString(string: $0.rawValue) }),
            "hp": NSNumber(value: p.hp), "attack": NSNumber(value: p.attack),
            "defense": NSNumber(value: p.defense),
            "special_attack": NSNumber(value: p.specialAttack),
            "special_defense": NSNumber(value: p.specialDefense),
            "speed": NSNumber(value: p.speed), "height": NSNumber(value: p.height),
            "weight": NSNumber(value: p.weight),
            "abilities": NSArray(array: p.abilities.map { NSString(string: $0) }),
            "favorite": NSNumber(value: p.favorite),
        ]
        if let sprite = p.sprite { values["sprite"] = sprite as NSURL }
        if let shiny = p.shiny { values["shiny"] = shiny as NSURL }
        if let experience = p.baseExperience {
            values["base_experience"] = NSNumber(value: experience)
        }
        if let speciesID = p.speciesID { values["species_id"] = NSNumber(value: speciesID) }
        return NSDictionary(dictionary: values)
    }

    private static func json(_ strings: [String]) throws -> String {
        String(decoding: try JSONEncoder().encode(strings), as: UTF8.self)
    }
}
