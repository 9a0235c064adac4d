import Foundation
import PokedexKit
import SQLiteCAPI

/// The hand-written baseline: SQLite's C API with prepared statements, on the same table as
/// GRDB's (a column per attribute, `types` and `abilities` as JSON text, the same indexes).
///
/// One connection, in WAL with `synchronous = FULL`, as `SQLiteStore`'s writer. Each
/// statement is prepared once per connection and reset after use; rows are read column by
/// column into `Pokemon`, the two arrays decoded from their JSON text.
final class SQLiteCBaseline {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Every column, in the order the statements bind and read them.
    static let columns = [
        "id", "name", "types", "hp", "attack", "defense", "special_attack", "special_defense",
        "speed", "sprite", "shiny", "height", "weight", "base_experience", "abilities",
        "hidden_ability", "species_id", "favorite",
    ]

    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private let decoder = JSONDecoder()
    private let encoder = JSONEncoder()

    /// Opens a connection, in WAL with `synchronous = FULL`.
    init(at url: URL) throws {
        let code = sqlite3_open_v2(
            url.path(percentEncoded: false), &handle,
            SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nil)
        guard code == SQLITE_OK else {
            let failure = Failure(description: "open: SQLite error \(code)")
            sqlite3_close_v2(handle)
            throw failure
        }
        try execute("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL")
    }

    deinit {
        close()
    }

    /// Finalizes the statements and closes the connection.
    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements.removeAll()
        sqlite3_close_v2(handle)
        handle = nil
    }

    /// Creates the table and its indexes in an empty database.
    func createTable() throws {
        let table = SQLiteFixtures.table
        try execute(
            """
            CREATE TABLE \(table) (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
              types TEXT NOT NULL, hp INTEGER NOT NULL, attack INTEGER NOT NULL,
              defense INTEGER NOT NULL, special_attack INTEGER NOT NULL,
              special_defense INTEGER NOT NULL, speed INTEGER NOT NULL, sprite TEXT, shiny TEXT,
              height INTEGER NOT NULL, weight INTEGER NOT NULL, base_experience INTEGER,
              abilities TEXT NOT NULL, hidden_ability TEXT, species_id INTEGER,
              favorite BOOLEAN NOT NULL)
            """)
        for column in SQLiteFixtures.indexedColumns {
            try execute(
                "CREATE INDEX \(SQLiteFixtures.indexName(column)) ON \(table)(\(column))")
        }
    }

    // MARK: Reading

    /// The first column of every row a statement returns, as text.
    func texts(_ sql: String) throws -> [String] {
        let statement = try prepare(sql)
        defer { sqlite3_reset(statement) }
        var texts: [String] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            texts.append(sqlite3_column_text(statement, 0).map { String(cString: $0) } ?? "")
        }
        return texts
    }

    /// The record with an id.
    func record(id: Int) throws -> Pokemon? {
        try rows("SELECT \(Self.columnList) FROM \(SQLiteFixtures.table) WHERE id = ?") {
            sqlite3_bind_int64($0, 1, Int64(id))
        }.first
    }

    /// The number of records.
    func count() throws -> Int {
        let statement = try prepare("SELECT count(*) FROM \(SQLiteFixtures.table)")
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw failure("count") }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// The records with a name, in id order.
    func records(named name: String) throws -> [Pokemon] {
        try rows(
            "SELECT \(Self.columnList) FROM \(SQLiteFixtures.table) WHERE name = ? ORDER BY id"
        ) { statement in
            bindText(name, to: statement, at: 1)
        }
    }

    /// The ten records with the highest attack among those with `attack >= minimum`, ties in
    /// id order.
    func strongest(atLeast minimum: Int) throws -> [Pokemon] {
        try rows(
            "SELECT \(Self.columnList) FROM \(SQLiteFixtures.table) WHERE attack >= ? "
                + "ORDER BY attack DESC, id LIMIT 10"
        ) { sqlite3_bind_int64($0, 1, Int64(minimum)) }
    }

    /// Every record, in id order.
    func allRecords() throws -> [Pokemon] {
        try rows("SELECT \(Self.columnList) FROM \(SQLiteFixtures.table) ORDER BY id") { _ in }
    }

    /// The number of records with a type among their `types` (JSON text).
    func count(ofType type: String) throws -> Int {
        let statement = try prepare(
            "SELECT count(*) FROM \(SQLiteFixtures.table) WHERE EXISTS "
                + "(SELECT 1 FROM json_each(types) WHERE value = ?)")
        defer { sqlite3_reset(statement) }
        bindText(type, to: statement, at: 1)
        guard sqlite3_step(statement) == SQLITE_ROW else { throw failure("count") }
        return Int(sqlite3_column_int64(statement, 0))
    }

    /// The Pokémon of a generation that take at least 2× from a type, in id order, in a
    /// database of Pokémon and species (`pokemon.species_id`, `pokemon_species.generation`):
    /// one of their types is in `weakTo`, none in `resisting`.
    func weakPokemon(weakTo: [String], resisting: [String], generation: Int) throws -> [Pokemon] {
        func list(_ names: [String]) -> String {
            names.map { "'\($0)'" }.joined(separator: ", ")
        }
        return try rows(
            "SELECT \(Self.columnList) FROM \(SQLiteFixtures.table) WHERE EXISTS "
                + "(SELECT 1 FROM json_each(types) WHERE value IN (\(list(weakTo)))) "
                + "AND NOT EXISTS (SELECT 1 FROM json_each(types) WHERE value IN "
                + "(\(list(resisting)))) AND species_id IN "
                + "(SELECT id FROM pokemon_species WHERE generation = ?) ORDER BY id"
        ) { sqlite3_bind_int64($0, 1, Int64(generation)) }
    }

    // MARK: Writing

    /// Inserts records in one transaction.
    func insert(_ records: [Pokemon]) throws {
        let placeholders = Array(repeating: "?", count: Self.columns.count).joined(separator: ", ")
        try write(
            "INSERT INTO \(SQLiteFixtures.table) (\(Self.columnList)) VALUES (\(placeholders))",
            records)
    }

    /// Saves one changed record, durably, in a transaction of its own.
    func update(_ record: Pokemon) throws {
        let assignments = Self.columns.dropFirst().enumerated()
            .map { "\($1) = ?\($0 + 2)" }.joined(separator: ", ")
        try write(
            "UPDATE \(SQLiteFixtures.table) SET \(assignments) WHERE id = ?1", [record])
    }

    /// Runs one prepared statement per record, binding each record's columns, in one
    /// transaction.
    private func write(_ sql: String, _ records: [Pokemon]) throws {
        let statement = try prepare(sql)
        try execute("BEGIN IMMEDIATE")
        do {
            for record in records {
                try bind(record, to: statement)
                let code = sqlite3_step(statement)
                sqlite3_reset(statement)
                guard code == SQLITE_DONE else { throw failure("write") }
            }
            try execute("COMMIT")
        } catch {
            try? execute("ROLLBACK")
            throw error
        }
    }

    private func bind(_ record: Pokemon, to statement: OpaquePointer) throws {
        sqlite3_bind_int64(statement, 1, Int64(record.id))
        bindText(record.name, to: statement, at: 2)
        bindText(try json(record.types), to: statement, at: 3)
        let stats = [
            record.hp, record.attack, record.defense, record.specialAttack,
            record.specialDefense, record.speed,
        ]
        for (offset, stat) in stats.enumerated() {
            sqlite3_bind_int64(statement, Int32(4 + offset), Int64(stat))
        }
        bindText(record.sprite?.absoluteString, to: statement, at: 10)
        bindText(record.shiny?.absoluteString, to: statement, at: 11)
        sqlite3_bind_int64(statement, 12, Int64(record.height))
        sqlite3_bind_int64(statement, 13, Int64(record.weight))
        if let experience = record.baseExperience {
            sqlite3_bind_int64(statement, 14, Int64(experience))
        } else {
            sqlite3_bind_null(statement, 14)
        }
        bindText(try json(record.abilities), to: statement, at: 15)
        bindText(record.hiddenAbility, to: statement, at: 16)
        if let species = record.speciesID {
            sqlite3_bind_int64(statement, 17, Int64(species))
        } else {
            sqlite3_bind_null(statement, 17)
        }
        sqlite3_bind_int(statement, 18, record.favorite ? 1 : 0)
    }

    private func json(_ value: some Encodable) throws -> String {
        String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    // MARK: Statements

    private static let columnList = columns.joined(separator: ", ")

    /// `SQLITE_TRANSIENT`: SQLite copies the bytes before the call returns.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// Binds text, or `NULL` for `nil`, SQLite copying the bytes.
    func bindText(_ text: String?, to statement: OpaquePointer, at position: Int32) {
        guard let text else {
            sqlite3_bind_null(statement, position)
            return
        }
        sqlite3_bind_text(statement, position, text, -1, Self.transient)
    }

    func prepare(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] { return statement }
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK,
            let statement
        else { throw failure("prepare \(sql)") }
        statements[sql] = statement
        return statement
    }

    /// Runs statements without bindings, separated by semicolons.
    func execute(_ sql: String) throws {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw failure(sql)
        }
    }

    /// Runs a query, binding its parameters with `bind`, and reads every row as a record.
    func rows(_ sql: String, bind: (OpaquePointer) -> Void) throws -> [Pokemon] {
        let statement = try prepare(sql)
        defer {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
        }
        bind(statement)
        var records: [Pokemon] = []
        while true {
            switch sqlite3_step(statement) {
            case SQLITE_ROW: records.append(try record(at: statement))
            case SQLITE_DONE: return records
            default: throw failure("step \(sql)")
            }
        }
    }

    /// The record in the row a statement stands on, its columns first, in ``columns``' order.
    func record(at statement: OpaquePointer) throws -> Pokemon {
        func integer(_ column: Int32) -> Int { Int(sqlite3_column_int64(statement, column)) }
        func text(_ column: Int32) -> String? {
            guard let bytes = sqlite3_column_text(statement, column) else { return nil }
            return String(cString: bytes)
        }
        func url(_ column: Int32) -> URL? { text(column).flatMap(URL.init(string:)) }
        func data(_ column: Int32) -> Data {
            guard let bytes = sqlite3_column_blob(statement, column) else { return Data() }
            return Data(bytes: bytes, count: Int(sqlite3_column_bytes(statement, column)))
        }
        return Pokemon(
            id: integer(0), name: text(1) ?? "",
            types: try decoder.decode([PokemonType].self, from: data(2)),
            hp: integer(3), attack: integer(4), defense: integer(5), specialAttack: integer(6),
            specialDefense: integer(7), speed: integer(8), sprite: url(9), shiny: url(10),
            height: integer(11), weight: integer(12),
            baseExperience: sqlite3_column_type(statement, 13) == SQLITE_NULL
                ? nil : integer(13),
            abilities: try decoder.decode([String].self, from: data(14)),
            hiddenAbility: text(15),
            speciesID: sqlite3_column_type(statement, 16) == SQLITE_NULL ? nil : integer(16),
            favorite: integer(17) != 0)
    }

    func failure(_ operation: String) -> Failure {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed"
        return Failure(description: "\(operation): \(message)")
    }
}
