import Foundation
import PokedexKit
import PostgresNIO

/// The hand-written baseline's prepared statements, on the table `PostgresStore<Pokemon>`
/// made: `pokemon`, with the store's columns (`_order`, `_key`, `_record`, `_version`,
/// `_exact`) and one per attribute. postgres-nio prepares each once per connection, by name,
/// and then only binds and executes it.
extension HandWritten {
    /// A record's JSON by its key, the id as JSON text (`"25"`): the unique index on `_key`.
    struct RecordByKey: Lookup {
        static let sql = #"SELECT "_record" FROM "pokemon" WHERE "_key" = $1"#
        var value: String
    }

    /// The JSON of the records with a name, in the table's order: the index on `name`.
    struct RecordsNamed: Lookup {
        static let sql = #"SELECT "_record" FROM "pokemon" WHERE "name" = $1 ORDER BY "_order""#
        var value: String
    }

    /// The JSON of the ten records with the highest attack of at least a minimum, ties in the
    /// table's order: the index on `attack`, walked from the top. (`NULLS LAST`, the order
    /// the store's index serves read backward; `DESC` alone, `NULLS FIRST`, would sort every
    /// match.)
    struct Strongest: Lookup {
        static let sql =
            #"SELECT "_record" FROM "pokemon" WHERE "attack" >= $1 "#
            + #"ORDER BY "attack" DESC NULLS LAST, "_order" LIMIT 10"#
        var value: Int
    }

    /// Counts a commit in the table's row of `modelstorage_version`, locking it until the
    /// transaction ends (so that writers take turns, as the store's do), and returns the new
    /// version, which the rows written get as their `_version`.
    struct NextVersion: PostgresPreparedStatement {
        static let sql =
            #"UPDATE "modelstorage_version" SET "version" = "version" + 1 "#
            + #"WHERE "table_name" = 'pokemon' RETURNING "version""#
        typealias Row = Int64

        func makeBindings() -> PostgresBindings {
            PostgresBindings()
        }

        func decodeRow(_ row: PostgresRow) throws -> Int64 {
            try row.decode(Int64.self)
        }
    }

    /// Inserts one record's row.
    struct InsertRow: RowWrite {
        static let sql =
            "INSERT INTO \"pokemon\" (\(Columns.names)) VALUES (\(Columns.placeholders(from: 1)))"
        var columns: Columns
    }

    /// Writes every column of a record's row, found by its key.
    struct UpdateRow: RowWrite {
        static let sql =
            "UPDATE \"pokemon\" SET (\(Columns.names)) = (\(Columns.placeholders(from: 1))) "
            + "WHERE \"_key\" = $1"
        var columns: Columns
    }

    /// A record's row as hand-written code makes it: its key, its JSON, the version of the
    /// commit that writes it, whether SQL reads it exactly (always, for these records), then
    /// each attribute, lists as JSON.
    struct Columns: Sendable {
        /// The columns' names, in the order of the bindings.
        static let names =
            [
                "_key", "_record", "_version", "_exact", "id", "name", "types", "hp", "attack",
                "defense", "special_attack", "special_defense", "speed", "sprite", "shiny",
                "height", "weight", "base_experience", "abilities", "hidden_ability",
                "species_id", "favorite",
            ].map { "\"\($0)\"" }.joined(separator: ", ")
        static let count = 22
        /// `SET` for a row that replaces another with its key: every column but `_key`.
        static let replaced = names.split(separator: ", ").dropFirst().map {
            "\($0) = excluded.\($0)"
        }.joined(separator: ", ")
        /// The positions of the `jsonb` columns, from 0.
        private static let jsonColumns: Set<Int> = [6, 18]

        /// `$first`, `$first + 1`, … for one row, cast to `jsonb` where the column is.
        static func placeholders(from first: Int) -> String {
            (0..<count).map { index in
                jsonColumns.contains(index)
                    ? "CAST($\(first + index) AS jsonb)" : "$\(first + index)"
            }.joined(separator: ", ")
        }

        let record: Pokemon
        let json: String
        let version: Int64
        let types: String
        let abilities: String

        /// The row of a record written at a version.
        init(_ record: Pokemon, version: Int64, encoder: JSONEncoder) throws {
            self.record = record
            json = String(decoding: try encoder.encode(record), as: UTF8.self)
            self.version = version
            types = String(
                decoding: try encoder.encode(record.types.map(\.rawValue)), as: UTF8.self)
            abilities = String(decoding: try encoder.encode(record.abilities), as: UTF8.self)
        }

        func append(to bindings: inout PostgresBindings) {
            bindings.append(String(record.id))
            bindings.append(json)
            bindings.append(version)
            bindings.append(true)
            bindings.append(record.id)
            bindings.append(record.name)
            bindings.append(types)
            bindings.append(record.hp)
            bindings.append(record.attack)
            bindings.append(record.defense)
            bindings.append(record.specialAttack)
            bindings.append(record.specialDefense)
            bindings.append(record.speed)
            bindings.append(record.sprite?.absoluteString)
            bindings.append(record.shiny?.absoluteString)
            bindings.append(record.height)
            bindings.append(record.weight)
            bindings.append(record.baseExperience)
            bindings.append(abilities)
            bindings.append(record.hiddenAbility)
            bindings.append(record.speciesID)
            bindings.append(record.favorite)
        }
    }
}

/// A statement of one parameter whose rows are each one record's JSON.
protocol Lookup: PostgresPreparedStatement where Row == String {
    associatedtype Value: PostgresEncodable & Sendable
    /// The parameter.
    var value: Value { get }
}

extension Lookup {
    func makeBindings() throws -> PostgresBindings {
        var bindings = PostgresBindings(capacity: 1)
        try bindings.append(value)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws -> String {
        try row.decode(String.self)
    }
}

/// A statement that writes one record's row and returns none.
protocol RowWrite: PostgresPreparedStatement where Row == () {
    /// The row.
    var columns: HandWritten.Columns { get }
}

extension RowWrite {
    func makeBindings() -> PostgresBindings {
        var bindings = PostgresBindings(capacity: HandWritten.Columns.count)
        columns.append(to: &bindings)
        return bindings
    }

    func decodeRow(_ row: PostgresRow) throws {}
}
