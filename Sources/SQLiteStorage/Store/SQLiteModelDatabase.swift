import Foundation
import KeyPathQuery
import ModelStorage
@_spi(BackendInternals) import SQLStorage

/// A database of several models kept in one SQLite file: a table per model, one commit
/// version, and transactions that span the models.
///
/// ```swift
/// let dex = try await SQLiteModelDatabase.open(
///     at: url, for: [Pokemon.self, PokemonSpecies.self])
/// let pokemon = try dex.store(for: Pokemon.self)
/// try await dex.transaction { transaction in
///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
///     transaction[Pokemon.self].upsert(bulbasaur)
/// }
/// let strongest = try await pokemon.fetch(
///     RecordQuery(where: \.attack >= 80, sortedBy: [.descending(\.attack)], limit: 10))
/// try await dex.close()
/// ```
///
/// Each model has its own table, named by `StorableModel/storageName`, laid out as
/// ``SQLiteStore`` describes, and its own schema version, kept with its commit version in
/// the table `modelstorage_version` (`table_name`, `version`, `schema_version`). The
/// database's version is the highest `version` there: every commit writes it to the rows of
/// the tables it changed.
///
/// One connection writes for every model, so writes to different models, through their
/// stores or through `transaction(_:)`, are grouped into one SQLite transaction and one
/// sync, as a store's writes are (see ``SQLiteStore``). A transaction across models commits
/// all of its changes in one SQLite transaction: a crash or a power loss leaves all of them
/// or none. Reads go to the read connections, shared by the models' stores.
///
/// It is SQLStorage's `SQLModelDatabase` over ``SQLiteDriver``: the database every SQL
/// backend shares, whose connections, SQL and errors are SQLite's.
///
/// A database written by ``SQLiteStore`` before it kept several models — one table, its
/// schema version in `PRAGMA user_version` — opens with nothing lost: that table keeps its
/// records and versions, and a model added beside it gets a table of its own.
public typealias SQLiteModelDatabase = SQLModelDatabase<SQLiteDriver>

extension SQLModelDatabase where Driver == SQLiteDriver {
    /// The database file's URL, as it was opened at.
    public nonisolated var url: URL { driver.url }
}
