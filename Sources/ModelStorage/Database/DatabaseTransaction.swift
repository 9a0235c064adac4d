import InternalSupport
import KeyPathQuery

/// Reads and writes across the models of a ``ModelDatabase`` that commit together or not at
/// all.
///
/// A ``ModelDatabase/transaction(_:)`` body receives one and reaches each model's records
/// through a subscript: a ``StoreTransaction`` of that model, with all of its reads and
/// writes. Reads see the body's own writes, in every model. When the body returns, every
/// change of every model commits at once, as one commit of the database; when it throws,
/// none does:
///
/// ```swift
/// try await dex.transaction { transaction in
///     transaction[PokemonSpecies.self].upsert(bulbasaurSpecies)
///     transaction[Pokemon.self].upsert(bulbasaur)
/// }
/// ```
///
/// A model the database was not opened with reads as empty, and the transaction then throws
/// ``StoreError/unknownModel(_:at:models:)`` with nothing changed, whether the body
/// read the model or wrote it.
///
/// Backends make one with ``init(version:tables:)`` over their committed records and read
/// each model's ``changes(of:)`` back after the body returns.
public struct DatabaseTransaction: Sendable {
    /// Where a backend's committed records come from: one ``StoreTransaction`` per model,
    /// made when the body first reaches that model.
    ///
    /// A backend conforms a type of its own that knows its tables.
    public protocol Tables: Sendable {
        /// A transaction over one model's committed records, or `nil` when the database does
        /// not hold the model.
        ///
        /// - Parameters:
        ///   - model: The model.
        ///   - version: The database's version the transaction reads.
        /// - Returns: A transaction with no writes yet.
        func transaction<Model: StorableModel>(
            of model: Model.Type, version: UInt64
        ) -> StoreTransaction<Model>?
    }

    /// The database's version the transaction reads: the number of commits before it.
    public let version: UInt64

    private let tables: any Tables
    private var parts = PerModelValues()
    private let unknown = UnknownModels()

    /// Creates a transaction over a backend's committed records.
    ///
    /// ```swift
    /// var transaction = DatabaseTransaction(version: version, tables: committedTables)
    /// let result = try body(&transaction)
    /// try transaction.checkModels(in: "dex.sqlite", models: modelNames)
    /// for table in tables { try table.store(transaction.changes(of: table.model)) }
    /// ```
    ///
    /// - Parameters:
    ///   - version: The database's version: the number of commits so far.
    ///   - tables: Makes each model's transaction when the body first reaches it.
    /// - Complexity: O(1).
    public init(version: UInt64, tables: some Tables) {
        self.version = version
        self.tables = tables
    }

    /// One model's records, to read and write as part of this transaction.
    ///
    /// ```swift
    /// let species = transaction[PokemonSpecies.self].fetch(id: 1)
    /// transaction[Pokemon.self].upsert(bulbasaur)
    /// ```
    ///
    /// - Parameter model: The model.
    /// - Returns: The model's transaction: the committed records with this transaction's
    ///   writes laid over them.
    /// - Complexity: O(1) to reach; each read and write then costs what it costs in a
    ///   ``StoreTransaction``.
    public subscript<Model: StorableModel>(model: Model.Type) -> StoreTransaction<Model> {
        get {
            var part: StoreTransaction<Model>
            if let existing = parts[StoreTransaction<Model>.self] {
                part = existing
            } else if let made = tables.transaction(of: model, version: version) {
                part = made
            } else {
                unknown.note(model)
                part = Self.empty(version: version)
            }
            part.database = self
            return part
        }
        _modify {
            var part: StoreTransaction<Model>
            if let existing = parts.removeValue(StoreTransaction<Model>.self) {
                part = existing
            } else if let made = tables.transaction(of: model, version: version) {
                part = made
            } else {
                part = Self.empty(version: version)
                unknown.note(model)
            }
            part.database = self
            defer {
                part.database = nil
                parts[StoreTransaction<Model>.self] = part
            }
            yield &part
        }
    }

    /// The net changes the transaction made to one model's records (see
    /// ``StoreTransaction/changes``).
    ///
    /// - Parameter model: The model.
    /// - Returns: The changes, in the order the body first touched each record; none when
    ///   the body did not write the model.
    /// - Complexity: O(*m*) in the number of records written.
    public func changes<Model: StorableModel>(of model: Model.Type) -> [RecordChange<Model>] {
        parts[StoreTransaction<Model>.self]?.changes ?? []
    }

    /// The records the transaction wrote of one model, as they are now: the upserts of
    /// ``changes(of:)``, without looking up whether each deleted record existed before.
    package func upserts<Model: StorableModel>(of model: Model.Type) -> [Model] {
        parts[StoreTransaction<Model>.self]?.upserts ?? []
    }

    /// Throws when the body reached a model the database does not hold.
    ///
    /// A backend calls it after the body returns and before it stores anything.
    ///
    /// - Parameters:
    ///   - location: Where the database keeps its records, for the error.
    ///   - models: The names of the models the database holds, for the error.
    /// - Throws: ``StoreError/unknownModel(_:at:models:)`` naming the first such model.
    public func checkModels(
        in location: StoreLocation, models: @autoclosure () -> [String]
    ) throws(StoreError) {
        if let first = unknown.first {
            throw .unknownModel(first, at: location, models: models())
        }
    }

    /// Keeps the references of the models' records whole, as a backend does after the body
    /// returns and before it stores anything.
    ///
    /// It follows each deletion along the references to the deleted records (see
    /// ``ModelReference/DeleteRule``), as often as cascades reach further, then checks that
    /// every record written refers to records that exist. A database whose models declare no
    /// ``StorableModel/references`` does nothing here.
    ///
    /// - Parameter models: The database's models.
    /// - Throws: ``StoreError/deleteDenied(_:id:referencedBy:referringID:)`` or
    ///   ``StoreError/danglingReference(_:id:attribute:target:targetID:)``; the transaction
    ///   must then store nothing.
    /// - Complexity: Nothing without references; otherwise a query per reference and round
    ///   for the records that refer to deleted ones, and a lookup per distinct id referred to
    ///   by the records written.
    public mutating func settleReferences(
        among models: [any StorableModel.Type]
    ) throws(StoreError) {
        let referring = models.filter { Self.hasReferences($0) }
        guard !referring.isEmpty else { return }
        var changed = true
        while changed {
            changed = false
            for model in referring {
                if try followDeletes(referring: model) { changed = true }
            }
        }
        for model in referring { try checkTargets(of: model) }
    }

    private static func hasReferences<Model: StorableModel>(_ model: Model.Type) -> Bool {
        !Model.declaredReferences.isEmpty
    }

    private mutating func followDeletes<Model: StorableModel>(
        referring model: Model.Type
    ) throws(StoreError) -> Bool {
        var changed = false
        for reference in Model.declaredReferences
        where try reference.enforcement.followDeletes(reference, &self) {
            changed = true
        }
        return changed
    }

    private func checkTargets<Model: StorableModel>(of model: Model.Type) throws(StoreError) {
        for reference in Model.declaredReferences {
            try reference.enforcement.checkTargets(reference, self)
        }
    }

    private static func empty<Model: StorableModel>(version: UInt64) -> StoreTransaction<Model> {
        StoreTransaction(base: EmptyRecords<Model>(), version: version)
    }
}

/// The models a transaction's body reached that its database does not hold.
///
/// Shared by the transaction's copies, since a read (a `get`) notes them too; guarded by its
/// mutex.
final class UnknownModels: Sendable {
    private let names = Mutex<[String]>([])

    func note(_ model: Any.Type) {
        let name = String(describing: model)
        names.withLock { if !$0.contains(name) { $0.append(name) } }
    }

    var first: String? { names.withLock { $0.first } }
}

/// No records: what a transaction reads of a model its database does not hold.
struct EmptyRecords<Model: StorableModel>: CommittedRecords {
    var count: Int { 0 }
    func record(withID id: Model.ID) -> Model? { nil }
    func position(ofID id: Model.ID) -> Int? { nil }
    func records(
        selectedBy query: RecordQuery<Model>, excluding ids: Set<Model.ID>
    ) throws -> [(position: Int, record: Model)] {
        _ = try StoreTransaction<Model>.compile(query)
        return []
    }
    func count(where condition: Condition<Model>, excluding ids: Set<Model.ID>) throws -> Int {
        _ = try StoreTransaction<Model>.compile(condition)
        return 0
    }
}
