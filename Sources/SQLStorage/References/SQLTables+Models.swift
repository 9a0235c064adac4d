import KeyPathQuery
import ModelStorage

extension SQLTables {
    /// The tables of a database's models, each named by the model's `storageName`, so that
    /// conditions that follow a reference between them render as SQL.
    ///
    /// - Parameters:
    ///   - models: The database's models.
    ///   - keyColumn: The column of a model's table that holds each record's id, or `nil`
    ///     when it has none that a reference's attribute compares equal with (the model's
    ///     conditions that follow references then do not render).
    public init(
        models: [any StorableModel.Type], keyColumn: (any StorableModel.Type) -> String?
    ) {
        self.init()
        for model in models {
            guard let key = keyColumn(model) else { continue }
            add(model, name: model.storageName, keyColumn: key)
        }
    }

    /// The column of a model's `id` attribute, or `nil` when `id` is not in its
    /// `queryAttributes`.
    ///
    /// - Parameter model: The model.
    /// - Returns: The attribute's name.
    public static func idColumn(of model: any StorableModel.Type) -> String? {
        func name<Model: StorableModel>(_: Model.Type) -> String? {
            let id: any PartialKeyPath<Model> & Sendable = \Model.id
            return try? Model.attributeName(for: id)
        }
        return name(model)
    }
}

extension RecordQuery where Model: StorableModel {
    /// The query compiled for a live query's SQL read, or `nil` when its condition follows a
    /// reference and does not render as SQL, so that the store must read it through a
    /// transaction of its database, which resolves the reference through the other model's
    /// records.
    ///
    /// A query that follows no reference is compiled as always. One that follows a reference
    /// and renders (`EXISTS` on the other table) is compiled without its condition, which
    /// memory could not evaluate and SQL does. A store's `fetch`, `fetchResult` and `count`
    /// decide with ``QueryPlan`` instead, which keeps the SQL it renders; a live query
    /// compiles its query once with ``compiledForRefreshes(options:)`` and plans each refresh
    /// with that compiled query.
    ///
    /// - Parameter options: How the store renders SQL, with its database's tables.
    /// - Returns: The compiled query, or `nil`.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated.
    func compiledForSQL(options: SQLOptions) throws(StoreError) -> CompiledQuery<Model>? {
        guard condition.followsReferences else {
            do { return try compiled() } catch { throw .invalidQuery(error) }
        }
        guard readsWithSQL(options: options) else { return nil }
        var sorted = self
        sorted.condition = .true
        do { return try sorted.compiled() } catch { throw .invalidQuery(error) }
    }

    /// Whether a SQL store reads the query with SQL.
    ///
    /// It does when the condition follows no reference, or only references that render as
    /// SQL. When it does not, `compiledForSQL(options:)` returns `nil` and the store reads
    /// through a transaction of its database.
    ///
    /// A live query asks this at each refresh instead of compiling the query again; the
    /// answer depends only on the query and the database's tables, which do not change while
    /// the database is open.
    ///
    /// - Parameter options: How the store renders SQL, with its database's tables.
    /// - Returns: Whether SQL can read the query.
    func readsWithSQL(options: SQLOptions) -> Bool {
        !condition.followsReferences || (try? sqlClauses(options: options)) != nil
    }

    /// The query compiled for a live query's refreshes: as `compiledForSQL(options:)`
    /// compiles it, or, for a condition that follows references SQL cannot answer alone,
    /// without its condition (its refreshes then read through a transaction, see
    /// `ModelDatabase.resultInTransaction(of:)`).
    ///
    /// - Parameter options: How the store renders SQL, with its database's tables.
    /// - Returns: The compiled query.
    /// - Throws: `StoreError/invalidQuery(_:)` when the query cannot be evaluated.
    func compiledForRefreshes(options: SQLOptions) throws(StoreError) -> CompiledQuery<
        Model
    > {
        if let compiled = try compiledForSQL(options: options) { return compiled }
        var sorted = self
        sorted.condition = .true
        do { return try sorted.compiled() } catch { throw .invalidQuery(error) }
    }
}
