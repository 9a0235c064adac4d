import KeyPathQuery

// Every write in terms of `transaction(_:)`, so that a backend implements one write path and
// every backend shares the same semantics.
extension ModelStore {
    /// Inserts a new record through ``transaction(_:)``.
    ///
    /// - Parameter model: The record.
    /// - Throws: ``StoreError/duplicateID(_:)`` when a record already has its id.
    /// - Complexity: O(1) on average, plus storing it.
    public func insert(_ model: Model) async throws {
        try await transaction { try $0.insert(model) }
    }

    /// Inserts or replaces a record through ``transaction(_:)``.
    ///
    /// - Parameter model: The record.
    /// - Throws: ``StoreError`` when the change cannot be stored.
    /// - Complexity: O(1) on average, plus storing it.
    public func upsert(_ model: Model) async throws {
        try await transaction { $0.upsert(model) }
    }

    /// Inserts or replaces several records through one ``transaction(_:)``.
    ///
    /// - Parameter models: The records.
    /// - Throws: ``StoreError`` when the changes cannot be stored.
    /// - Complexity: O(*m*) in the number of records, plus storing them.
    public func upsert(contentsOf models: [Model]) async throws {
        try await transaction { $0.upsert(contentsOf: models) }
    }

    /// Deletes a record through ``transaction(_:)``.
    ///
    /// - Parameter id: The record's id.
    /// - Returns: Whether a record was deleted.
    /// - Throws: ``StoreError`` when the change cannot be stored.
    /// - Complexity: O(1) on average, plus storing it.
    @discardableResult
    public func delete(id: Model.ID) async throws -> Bool {
        try await transaction { $0.delete(id: id) }
    }

    /// Deletes matching records through one ``transaction(_:)``.
    ///
    /// - Parameter condition: The condition.
    /// - Returns: The number of records deleted.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the condition cannot be evaluated.
    /// - Complexity: O(*n*) in the number of records, plus storing the change.
    @discardableResult
    public func delete(where condition: Condition<Model>) async throws -> Int {
        try await transaction { try $0.delete(where: condition) }
    }

    /// Changes one record through ``transaction(_:)``.
    ///
    /// - Parameters:
    ///   - id: The record's id.
    ///   - body: Changes the record.
    /// - Returns: The record as changed.
    /// - Throws: ``StoreError/notFound(_:)``, ``StoreError/identifierChanged(from:to:)``, or
    ///   what `body` throws.
    /// - Complexity: O(1) on average, plus `body` and storing the change.
    @discardableResult
    public func update(id: Model.ID, _ body: @escaping @Sendable (inout Model) throws -> Void)
        async throws -> Model
    {
        try await transaction { try $0.update(id: id, body) }
    }

    /// Saves an edit of a record read earlier, resolving a write made since the read with a
    /// merge policy.
    ///
    /// ```swift
    /// guard var edit = try await store.fetchVersioned(id: 25) else { return }
    /// edit.favorite.toggle()
    /// try await store.save(edit)                                       // throws on a conflict
    /// try await store.save(edit, mergePolicy: .mergeByPropertyObjectTrump)
    /// ```
    ///
    /// It runs ``StoreTransaction/save(_:mergePolicy:)`` in a transaction of its own. The
    /// save is a conflict when the record was inserted or updated by a commit after the read,
    /// whatever its values now (see ``MergePolicy``).
    ///
    /// - Parameters:
    ///   - edit: The record as read and as edited.
    ///   - mergePolicy: What to do when the record was written since the read;
    ///     ``MergePolicy/error`` (throw) by default.
    /// - Returns: The record as stored after the save.
    /// - Throws: ``StoreError/conflict(_:)`` under ``MergePolicy/error`` when the record was
    ///   written since the read; ``StoreError/notFound(_:)`` when it was deleted and the
    ///   policy keeps the store's state.
    /// - Complexity: O(1) on average when nothing was written since the read, O(*a*) in the
    ///   size of the record's attributes otherwise, plus storing it.
    @discardableResult
    public func save(_ edit: Versioned<Model>, mergePolicy: MergePolicy = .error) async throws
        -> Model
    {
        try await transaction { try $0.save(edit, mergePolicy: mergePolicy) }
    }

    /// The number of records.
    ///
    /// - Returns: The number of records.
    /// - Throws: ``StoreError/closed(at:)`` when the store is closed.
    /// - Complexity: O(1) in both bundled backends.
    public func count() async throws -> Int {
        try await count(where: .true)
    }
}
