import InternalSupport
import KeyPathQuery

/// A model a ``ModelStore`` can keep: codable, identifiable, sendable and queryable.
///
/// Conform a model that already has an `id`, a `Codable` form and a `Queryable` mapping; the
/// requirements below have defaults, so the conformance is usually empty:
///
/// ```swift
/// struct Note: StorableModel {
///     var id: UUID
///     var title: String
///     var pinned: Bool
///
///     static let queryAttributes: AttributeMap<Note> = [
///         \.id: "id", \.title: "title", \.pinned: "pinned",
///     ]
/// }
/// ```
///
/// When the stored form changes, raise ``schemaVersion`` and add one ``SchemaMigration`` per
/// step, so that files written by older code open:
///
/// ```swift
/// extension Note {
///     static var schemaVersion: Int { 2 }
///     static var migrations: [SchemaMigration] {
///         [SchemaMigration(from: 1) { record in record["pinned"] = .bool(false) }]
///     }
/// }
/// ```
///
/// Stores compare and merge records attribute by attribute, where an attribute is a top-level
/// key of the record's encoded JSON object (see ``MergePolicy``).
public protocol StorableModel: Codable, Identifiable, Sendable, Queryable
where ID: Codable & Sendable {
    /// The version of the model's stored form; 1 by default.
    ///
    /// A file written at a lower version is migrated with ``migrations`` when it opens; a file
    /// written at a higher version is refused with ``StoreError/unsupportedVersion(at:kind:found:supported:)``.
    static var schemaVersion: Int { get }

    /// The steps that bring a record's JSON from an older ``schemaVersion`` to the current one,
    /// one step per version; none by default.
    static var migrations: [SchemaMigration] { get }

    /// The name a database backend gives the model's table; by default the type's name in
    /// snake case (`Pokemon` is `pokemon`, `TimerRecord` is `timer_record`).
    ///
    /// Declare it to keep a table's name when the type is renamed:
    ///
    /// ```swift
    /// extension Note {
    ///     static var storageName: String { "notes" }
    /// }
    /// ```
    static var storageName: String { get }

    /// The attributes every store keeps an index on, so that queries selecting by them look
    /// records up instead of scanning them all; none by default.
    ///
    /// Index the attributes your queries often compare with `==`, `in`, `<`, `<=`, `>`, `>=`
    /// or `between`, or test with `hasPrefix`:
    ///
    /// ```swift
    /// extension Note {
    ///     static var indexedAttributes: [IndexedAttribute<Note>] {
    ///         [IndexedAttribute(\.title), IndexedAttribute(\.pinned)]
    ///     }
    /// }
    /// ```
    ///
    /// ``InMemoryStore`` and `JSONFileStore` keep each index in memory, built when the store
    /// opens and kept up to date by every write; a database backend creates its own. An index
    /// never changes what a query returns, only how many records it reads, and it costs
    /// memory and a little time on each write (see <doc:Indexes>). `JSONFileStore` refuses
    /// to open with an index on a key path that `queryAttributes` does not map, with
    /// ``StoreError/invalidQuery(_:)``; an attribute conditions cannot compare, such as a
    /// collection, does not compile.
    ///
    /// The attribute of each of the model's ``references`` is indexed too, whether or not it
    /// is listed here: ``storedIndexes`` gives every index a backend keeps.
    static var indexedAttributes: [IndexedAttribute<Self>] { get }

    /// The text attributes whose words a store keeps an index of, so that a
    /// `Condition.search` over them is answered from it; none by default.
    ///
    /// ```swift
    /// extension Entry {
    ///     static var searchableAttributes: [SearchableAttribute<Entry>] {
    ///         [SearchableAttribute(\.name), SearchableAttribute(\.flavorText)]
    ///     }
    /// }
    /// ```
    ///
    /// `SQLiteStore` and `PostgresStore` keep the folded tokens of each declared attribute of
    /// each record in a table beside the model's, written in the same transaction as the
    /// record, and answer a search whose attributes are all declared in SQL from its index;
    /// they build the tokens of the records already stored when a database first opens for
    /// writing with the declaration. ``InMemoryStore`` and `JSONFileStore` keep the same
    /// tokens in memory beside their records, kept by every write and built when a JSON store
    /// opens, and evaluate a search over declared attributes only on the records they find.
    /// A search over an attribute not declared is evaluated on every record. The answer is
    /// the same either way (see <doc:Indexes>).
    static var searchableAttributes: [SearchableAttribute<Self>] { get }

    /// The model's references to records of other models, each an attribute that holds the
    /// other record's id; none by default.
    ///
    /// ```swift
    /// extension Note {
    ///     static var references: [ModelReference<Note>] {
    ///         [ModelReference(\.pokemonID, to: Pokemon.self, onDelete: .cascade)]
    ///     }
    /// }
    /// ```
    ///
    /// A ``ModelDatabase`` that holds the model keeps its references whole in every
    /// transaction, and must hold the models they refer to (see ``ModelReference``). A store
    /// of the model alone, opened on its own, holds no other model: open a database of the
    /// model and the models it refers to instead.
    ///
    /// Every backend keeps an index on each reference's attribute, as on those of
    /// ``indexedAttributes`` (which need not list it; see ``storedIndexes``): deleting a
    /// record finds the records that refer to it, and a query by the attribute finds a
    /// record's referrers, without scanning. A database file made before the model declared
    /// a reference gains its index the next time it opens for writing.
    ///
    /// Databases read the list once per type and keep it, since every transaction consults
    /// it: declare it as a constant list, the same every time it is read.
    static var references: [ModelReference<Self>] { get }

    /// Whether the model's stores keep the history of its changes, and for how long they
    /// keep its deleted records' tombstones: what ``ModelStore/changes(since:limit:)``
    /// reads. `nil` (the default) keeps none.
    ///
    /// ```swift
    /// extension Favorite {
    ///     static var changeHistory: ChangeHistory? { ChangeHistory() }
    /// }
    /// ```
    static var changeHistory: ChangeHistory? { get }
}

extension StorableModel {
    /// The first version of a stored form: 1.
    public static var schemaVersion: Int { 1 }

    /// No migrations.
    public static var migrations: [SchemaMigration] { [] }

    /// No indexes.
    public static var indexedAttributes: [IndexedAttribute<Self>] { [] }

    /// No searchable attributes.
    public static var searchableAttributes: [SearchableAttribute<Self>] { [] }

    /// No references.
    public static var references: [ModelReference<Self>] { [] }

    /// No history.
    public static var changeHistory: ChangeHistory? { nil }

    /// The type's name in snake case: `Pokemon` is `pokemon`, `JSONRecord` is `json_record`.
    public static var storageName: String {
        DefaultStorageName.of(Self.self)
    }
}

/// The default ``StorableModel/storageName``, made once per type: a database reads its models'
/// names on every open, and spelling a type's name costs more than the rest of checking them.
private enum DefaultStorageName {
    private static let cache = Mutex<[ObjectIdentifier: String]>([:])

    static func of(_ type: Any.Type) -> String {
        let key = ObjectIdentifier(type)
        if let name = cache.withLock({ $0[key] }) { return name }
        let name = snakeCase(String(describing: type))
        cache.withLock { $0[key] = name }
        return name
    }

    /// `Pokemon` is `pokemon`, `JSONRecord` is `json_record`.
    private static func snakeCase(_ name: String) -> String {
        let characters = Array(name)
        var snake = ""
        for (index, character) in characters.enumerated() {
            if character.isUppercase, index > 0 {
                let previous = characters[index - 1]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if previous.isLowercase || previous.isNumber
                    || (previous.isUppercase && next?.isLowercase == true)
                {
                    snake += "_"
                }
            }
            snake += character.lowercased()
        }
        return snake
    }
}

extension StorableModel {
    /// ``references``, read once per type and kept: each transaction of a database consults
    /// them, and making them again (a key path compared with each attribute's, to name it)
    /// cost a commit over three models more than their checks did.
    package static var declaredReferences: [ModelReference<Self>] {
        DeclaredReferences.of(Self.self)
    }
}

/// The ``StorableModel/references`` of each model type, read once.
private enum DeclaredReferences {
    private struct Entry<Model: StorableModel>: PerModelValue {
        let references: [ModelReference<Model>]
    }

    private static let cache = Mutex(PerModelValues())

    static func of<Model: StorableModel>(_: Model.Type) -> [ModelReference<Model>] {
        if let entry = cache.withLock({ $0[Entry<Model>.self] }) { return entry.references }
        let references = Model.references
        cache.withLock { $0[Entry<Model>.self] = Entry(references: references) }
        return references
    }
}
