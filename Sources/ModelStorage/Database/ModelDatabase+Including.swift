import KeyPathQuery

/// A record with the records it is related to, fetched together by
/// `ModelDatabase.fetch(_:including:from:)` and its variants.
public struct RelatedRecord<Record: Sendable, Related: Sendable>: Sendable {
    /// The record the query selected.
    public var record: Record
    /// The record it refers to (`Target?`), or the records that refer to it (`[Source]`).
    public var related: Related

    /// A record with its related records.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - related: What it is related to.
    public init(record: Record, related: Related) {
        self.record = record
        self.related = related
    }
}

extension RelatedRecord: Equatable where Record: Equatable, Related: Equatable {}

extension ModelDatabase {
    /// The records a query selects, each with the record it refers to, in one read of the
    /// database: two queries, whatever the number of records.
    ///
    /// ```swift
    /// let entries = try await dex.fetch(
    ///     RecordQuery<Note>(sortedBy: [.ascending(\.title)], limit: 1_000),
    ///     including: \.pokemonID, from: Pokemon.self)
    /// for entry in entries { print(entry.record.title, entry.related?.name ?? "—") }
    /// ```
    ///
    /// Both queries run in one ``read(_:)`` of the database, so the records and those they
    /// refer to are read at one moment, beside the writes and on a read-only database too (GRDB's
    /// `including(required:)`, Core Data's prefetching). The other model's `id` must be in its
    /// `queryAttributes`, as the bundled models' are.
    ///
    /// - Parameters:
    ///   - query: The records to fetch.
    ///   - keyPath: The attribute that holds the id of the record each refers to.
    ///   - target: The model it refers to.
    /// - Returns: Each selected record, in the query's order, with the record it refers to,
    ///   or `nil` when none has the id.
    /// - Throws: ``StoreError/invalidQuery(_:)`` when the query cannot be evaluated;
    ///   ``StoreError/unknownModel(_:at:models:)`` when the database does not hold
    ///   one of the models; the database's errors for a ``read(_:)``.
    /// - Complexity: The query's, plus a query of the other model by the *k* distinct ids
    ///   referred to.
    public func fetch<Model: StorableModel, Target: StorableModel>(
        _ query: RecordQuery<Model>, including keyPath: any KeyPath<Model, Target.ID> & Sendable,
        from target: Target.Type
    ) async throws -> [RelatedRecord<Model, Target?>]
    where Target.ID: QueryValueConvertible & Equatable {
        try await read { transaction in
            let records = try transaction[Model.self].fetch(query)
            let byID = try Self.records(
                of: Target.self, withIDs: records.map { $0[keyPath: keyPath] }, in: transaction)
            return records.map { RelatedRecord(record: $0, related: byID[$0[keyPath: keyPath]]) }
        }
    }

    /// The records a query selects, each with the record it refers to through an optional
    /// reference, in one read of the database (see `fetch(_:including:from:)`).
    ///
    /// - Parameters:
    ///   - query: The records to fetch.
    ///   - keyPath: The attribute that holds the id of the record each refers to, or `nil`.
    ///   - target: The model it refers to.
    /// - Returns: Each selected record with the record it refers to, or `nil`.
    /// - Throws: As `fetch(_:including:from:)`.
    /// - Complexity: As `fetch(_:including:from:)`.
    public func fetch<Model: StorableModel, Target: StorableModel>(
        _ query: RecordQuery<Model>,
        including keyPath: any KeyPath<Model, Target.ID?> & Sendable, from target: Target.Type
    ) async throws -> [RelatedRecord<Model, Target?>]
    where Target.ID: QueryValueConvertible & Equatable {
        try await read { transaction in
            let records = try transaction[Model.self].fetch(query)
            let byID = try Self.records(
                of: Target.self, withIDs: records.compactMap { $0[keyPath: keyPath] },
                in: transaction)
            return records.map { record in
                RelatedRecord(
                    record: record, related: record[keyPath: keyPath].flatMap { byID[$0] })
            }
        }
    }

    /// The records a query selects, each with every record that refers to it, in one read
    /// of the database: two queries, whatever the number of records.
    ///
    /// ```swift
    /// let pokemonByTrainer = try await dex.fetch(
    ///     RecordQuery<Trainer>(), includingAll: \Team.trainerID)
    /// ```
    ///
    /// The records that refer to each selected one keep the store's order. Both queries run
    /// in one ``read(_:)`` of the database, so they are read at one moment.
    ///
    /// - Parameters:
    ///   - query: The records to fetch.
    ///   - keyPath: The attribute of the other model that holds the id of the record it
    ///     refers to; it must be in that model's `queryAttributes` (and is best indexed).
    /// - Returns: Each selected record, in the query's order, with the records that refer
    ///   to it.
    /// - Throws: As `fetch(_:including:from:)`.
    /// - Complexity: The query's, plus a query of the other model by the selected ids.
    public func fetch<Model: StorableModel, Source: StorableModel>(
        _ query: RecordQuery<Model>, includingAll keyPath: any KeyPath<Source, Model.ID> & Sendable
    ) async throws -> [RelatedRecord<Model, [Source]>]
    where Model.ID: QueryValueConvertible & Equatable {
        try await read { transaction in
            let records = try transaction[Model.self].fetch(query)
            let referring = try transaction[Source.self].fetch(
                RecordQuery(where: .in(keyPath, records.map(\.id))))
            let grouped = Dictionary(grouping: referring) { $0[keyPath: keyPath] }
            return records.map { RelatedRecord(record: $0, related: grouped[$0.id] ?? []) }
        }
    }

    /// The records a query selects, each with every record that refers to it through an
    /// optional reference, in one read of the database (see `fetch(_:includingAll:)`).
    ///
    /// - Parameters:
    ///   - query: The records to fetch.
    ///   - keyPath: The attribute of the other model that holds the id of the record it
    ///     refers to, or `nil`.
    /// - Returns: Each selected record with the records that refer to it.
    /// - Throws: As `fetch(_:including:from:)`.
    /// - Complexity: As `fetch(_:includingAll:)`.
    public func fetch<Model: StorableModel, Source: StorableModel>(
        _ query: RecordQuery<Model>,
        includingAll keyPath: any KeyPath<Source, Model.ID?> & Sendable
    ) async throws -> [RelatedRecord<Model, [Source]>]
    where Model.ID: QueryValueConvertible & Equatable {
        try await read { transaction in
            let records = try transaction[Model.self].fetch(query)
            let referring = try transaction[Source.self].fetch(
                RecordQuery(where: .in(keyPath, records.map { Optional($0.id) })))
            let grouped = Dictionary(grouping: referring) { $0[keyPath: keyPath] }
            return records.map { RelatedRecord(record: $0, related: grouped[$0.id] ?? []) }
        }
    }

    /// The records of a model with some ids, by id, in one query.
    private static func records<Target: StorableModel>(
        of target: Target.Type, withIDs ids: [Target.ID], in transaction: DatabaseTransaction
    ) throws -> [Target.ID: Target] where Target.ID: QueryValueConvertible & Equatable {
        var seen: Set<Target.ID> = []
        let distinct = ids.filter { seen.insert($0).inserted }
        guard !distinct.isEmpty else { return [:] }
        let found = try transaction[Target.self].fetch(
            RecordQuery(where: .in(\Target.id, distinct)))
        return Dictionary(found.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
    }
}
