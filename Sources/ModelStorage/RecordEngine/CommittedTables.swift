import KeyPathQuery

/// The committed records of every model of a database kept in memory (`StoreState`s by
/// model), as the tables a `DatabaseTransaction` reads.
package struct CommittedTables: DatabaseTransaction.Tables {
    /// Each model's `StoreState`.
    package let tables: PerModelValues

    package init(tables: PerModelValues) {
        self.tables = tables
    }

    package func transaction<Model: StorableModel>(
        of model: Model.Type, version: UInt64
    ) -> StoreTransaction<Model>? {
        guard let state = tables[StoreState<Model>.self] else {
            return nil
        }
        return StoreTransaction(base: state.table, version: version)
    }

    /// Runs a `ModelDatabase.read(_:)` body over the committed records.
    ///
    /// - Parameters:
    ///   - version: The database's version.
    ///   - location: Where the database keeps its records, for errors.
    ///   - models: The names of the database's models, for errors.
    ///   - body: Reads through the transaction.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws; ``StoreError/unknownModel(_:at:models:)`` when it
    ///   read a model the database does not hold.
    package func read<Result>(
        version: UInt64, at location: StoreLocation, models: @autoclosure () -> [String],
        _ body: (DatabaseTransaction) throws -> Result
    ) throws -> Result {
        let transaction = DatabaseTransaction(version: version, tables: self)
        let result = try body(transaction)
        try transaction.checkModels(in: location, models: models())
        return result
    }

    /// A query with each part of its condition that follows a reference resolved through the
    /// committed records, for a read outside a transaction.
    ///
    /// - Parameters:
    ///   - query: The query.
    ///   - version: The database's version.
    ///   - location: Where the database keeps its records, for errors.
    ///   - models: The names of the database's models, for errors.
    /// - Returns: The query, following no reference.
    /// - Throws: ``StoreError/unknownModel(_:at:models:)`` when the condition reads a
    ///   model the database does not hold; ``StoreError/invalidQuery(_:)`` when it cannot be
    ///   evaluated.
    package func resolvingReferences<Model>(
        _ query: RecordQuery<Model>, version: UInt64, at location: StoreLocation,
        models: @autoclosure () -> [String]
    ) throws(StoreError) -> RecordQuery<Model> {
        guard query.condition.followsReferences else { return query }
        let transaction = DatabaseTransaction(version: version, tables: self)
        let resolved: RecordQuery<Model>
        do {
            resolved = try transaction.resolvingReferences(query)
        } catch let error as StoreError {
            throw error
        } catch {
            throw .invalidQuery(
                .unsupported(
                    operation: "a condition that follows references", target: .inMemory,
                    reason: "reading the records it refers to failed: \(error)"))
        }
        try transaction.checkModels(in: location, models: models())
        return resolved
    }
}
