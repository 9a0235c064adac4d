import KeyPathQuery
import ModelStorage

/// A Pokémon-shaped record at schema version 2, so that files written at version 1 (every
/// seed) take the migration path: version 1 named `attack` what version 2 names `power`.
public struct MigratedPokemon: StorableModel, Hashable {
    /// The PokeAPI id.
    public var id: Int
    /// The name.
    public var name: String
    /// The base attack, named `attack` at schema version 1.
    public var power: Int
    /// The type names.
    public var types: [String]

    /// The attributes, by name.
    public static let queryAttributes: AttributeMap<MigratedPokemon> = [
        \.id: "id", \.name: "name", \.power: "power", \.types: "types",
    ]

    /// Version 2: `attack` became `power`.
    public static var schemaVersion: Int { 2 }

    /// The step from version 1.
    public static var migrations: [SchemaMigration] {
        [
            SchemaMigration(from: 1) { record in
                record["power"] = record["attack"]
                record["attack"] = nil
            }
        ]
    }
}
