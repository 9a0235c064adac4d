import Foundation
import KeyPathQuery
import ModelStorage
import PostgresNIO
@_spi(BackendInternals) import SQLStorage

/// A database of several models kept in one PostgreSQL schema, which many processes on many
/// machines share: a table per model, one commit version, and transactions that span the
/// models.
///
/// ```swift
/// let configuration = PostgresConnection.Configuration(
///     host: "db.internal", username: "dex", password: secret, database: "dex", tls: .disable)
/// let dex = try await PostgresModelDatabase.open(
///     configuration, for: [Pokemon.self, PokemonSpecies.self])
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
/// Each model has its own table in the connection's current schema, named by
/// `StorableModel/storageName` and laid out as ``PostgresStore`` describes, and its own
/// schema version, kept with its commit version in the table `modelstorage_version`
/// (`table_name`, `version`, `schema_version`). The database's version is the highest
/// `version` there: every commit writes it to the rows of the tables it changed. The schema
/// is the database: every ``PostgresModelDatabase`` opened on it, in any process and with
/// any of its models, shares that one version.
///
/// The database holds one set of connections for all of its models: one that writes, on a
/// thread of its own (see ``PostgresStore`` for why), the readers
/// (`PostgresStoreOptions.readerCount`), and, while a live query of any model exists, one
/// that listens. Writes to different models, through their stores or through
/// `transaction(_:)`, are grouped into one PostgreSQL transaction, each in a savepoint and
/// counted as a commit of its own. Each group first locks every row of the version table,
/// in the order of the tables' names (`SELECT … ORDER BY "table_name" FOR UPDATE`), which
/// no read waits for, so that the groups of every database on the schema run one at a time, each over every commit before
/// it. A transaction across models commits all of its changes in one PostgreSQL
/// transaction, or none of them.
///
/// Every commit sends `NOTIFY` on the schema's channel (`modelstorage_<schema>`) with the
/// new version; while a live query exists, the database `LISTEN`s there, so that a commit
/// through another database on the schema — in another process, on another machine —
/// re-runs the live queries of every model.
///
/// It is SQLStorage's `SQLModelDatabase` over ``PostgresDriver``: the database every SQL
/// backend shares, whose connections, SQL and errors are PostgreSQL's.
///
/// A database written by ``PostgresStore`` before it kept several models — one table per
/// model, each with its own `version` — opens with nothing lost: the tables keep their
/// records and write versions, the database's version is the highest of theirs, and a model
/// added beside them gets a table of its own.
public typealias PostgresModelDatabase = SQLModelDatabase<PostgresDriver>
