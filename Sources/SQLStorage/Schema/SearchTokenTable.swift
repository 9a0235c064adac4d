import KeyPathQuery
import ModelStorage

/// The table of a model's search tokens that a SQL backend keeps beside the model's table,
/// for the model's `StorableModel/searchableAttributes`: one row per folded token of each
/// searchable attribute of each record (`TextSearch/tokens(of:)`), so that a search over
/// them renders as SQL (`SQLSearchIndex`).
///
/// It also keeps, for each text attribute among the model's
/// `StorableModel/indexedAttributes` (``foldedAttributes``), each record's value folded as
/// each of `SQLSearchIndex/foldingOptions` says (`SQLSearchIndex/foldedValue(of:options:)`),
/// one row each, under `SQLSearchIndex/foldedRowAttribute(of:options:)`: an equality or `in`
/// test with `TextOptions` on the attribute is then a lookup in the table's primary key.
///
/// ```swift
/// let tokens = try SearchTokenTable<Entry>(modelTable: "entry")
/// tokens?.name           // "entry__search"
/// try tokens?.rows(of: entry)   // [("name", "charizard"), ("flavor_text", "it"), …]
/// ```
///
/// The backend creates the table with an index that starts with `token` (text compared byte
/// by byte) and one on the key, writes a record's rows in the transaction that writes the
/// record (deleting those it had), deletes them with the record, and rebuilds them all when
/// the database's recorded ``declaration`` is not the model's. The tokens are computed in
/// Swift, so they fold exactly as KeyPathQuery does: a database's own tokenizers fold
/// differently.
public struct SearchTokenTable<Model: StorableModel>: Sendable {
    /// The token table's name, unquoted: the model's table's, then `__search`.
    public let name: String
    /// The token table's name, quoted for SQL.
    public let table: String
    /// The column that holds each record's key in both tables, unquoted: `_key`, which the
    /// tables of every SQL backend of the package have, unique.
    public var keyColumn: String { "_key" }
    /// The searchable attributes' names, in the model's order.
    public let attributes: [String]
    /// The names of the indexed text attributes whose values the table keeps folded, in the
    /// model's order.
    public let foldedAttributes: [String]

    /// The version of the tokens' form: raised when the store keeps different tokens for
    /// the same texts, so that a database's tokens are built again when it opens.
    public static var formatVersion: Int { 1 }

    /// The version of the folded values' form: raised when the store keeps different folded
    /// values for the same texts, so that they are built again when a database opens.
    public static var foldedFormatVersion: Int { 1 }

    /// The name of the table of the tokens of a model's table.
    ///
    /// - Parameter modelTable: The model's table's name, unquoted.
    /// - Returns: The token table's name, unquoted.
    public static func name(ofModelTable modelTable: String) -> String {
        modelTable + "__search"
    }

    /// The token table of a model, or `nil` when it declares neither a searchable attribute
    /// nor an indexed text attribute.
    ///
    /// An indexed attribute whose folded rows' names would be a searchable attribute's
    /// (`name[c]`, say) is not folded.
    ///
    /// - Parameter modelTable: The model's table's name, unquoted.
    /// - Throws: `StoreError/invalidQuery(_:)` when a searchable or indexed key path is not in
    ///   the model's attribute map.
    public init?(modelTable: String) throws(StoreError) {
        let attributes = try Model.searchableAttributeNames()
        let folded = try Model.foldedAttributeNames().filter { name in
            !SQLSearchIndex.foldingOptions.contains {
                attributes.contains(SQLSearchIndex.foldedRowAttribute(of: name, options: $0))
            }
        }
        guard !attributes.isEmpty || !folded.isEmpty else { return nil }
        name = Self.name(ofModelTable: modelTable)
        table = SQLIdentifier.quoted(name)
        self.attributes = attributes
        foldedAttributes = folded
    }

    /// What the database records of the tokens it keeps: the format's version and the
    /// attributes' names, then, when it keeps folded values, their version and attributes.
    ///
    /// Tokens recorded under another declaration are built again.
    public var declaration: String {
        "\(Self.formatVersion):" + attributes.joined(separator: ",")
            + (foldedAttributes.isEmpty
                ? ""
                : ";folded \(Self.foldedFormatVersion):" + foldedAttributes.joined(separator: ","))
    }

    /// The token table as the renderer reads it.
    public var index: SQLSearchIndex {
        SQLSearchIndex(
            table: name, keyColumn: keyColumn, attributes: Set(attributes),
            foldedAttributes: Set(foldedAttributes))
    }

    /// The rows of a record: each token of each searchable attribute, with the attribute's
    /// name, then each folded value of each folded attribute, with its rows' name.
    ///
    /// Where text cannot hold NUL (PostgreSQL), a folded value holding it is left out: folding
    /// keeps NUL, and an operand holding NUL is refused there, so no lookup could find it.
    ///
    /// - Parameters:
    ///   - record: The record.
    ///   - textHoldsNUL: Whether the database's text holds NUL (`SQLDialect.textHoldsNUL`).
    /// - Returns: The attribute and the token of each row.
    /// - Throws: `StoreError/invalidQuery(_:)` when a searchable or indexed key path is not in
    ///   the model's attribute map.
    public func rows(of record: Model, textHoldsNUL: Bool = true) throws(StoreError)
        -> [(attribute: String, token: String)]
    {
        var rows: [(attribute: String, token: String)] = []
        if !attributes.isEmpty {
            for (attribute, tokens) in try Model.searchTokens(of: record) {
                for token in tokens { rows.append((attribute, token)) }
            }
        }
        guard !foldedAttributes.isEmpty else { return rows }
        for (attribute, text) in try Model.foldedAttributeTexts(of: record)
        where foldedAttributes.contains(attribute)
            && (textHoldsNUL || !text.unicodeScalars.contains("\0"))
        {
            for options in SQLSearchIndex.foldingOptions {
                rows.append(
                    (
                        SQLSearchIndex.foldedRowAttribute(of: attribute, options: options),
                        SQLSearchIndex.foldedValue(of: text, options: options)
                    ))
            }
        }
        return rows
    }

    /// The statements that create the table and its indexes: the primary key
    /// `(token, attribute, key)` answers a search's ranges, and an index on the key finds a
    /// record's rows.
    ///
    /// - Parameters:
    ///   - keyType: The key column's declared type (empty for none).
    ///   - textType: The declared type of the text columns, with the collation that compares
    ///     them byte by byte: `TEXT COLLATE BINARY`, `text COLLATE "C"`.
    ///   - suffix: Anything the dialect puts after the table's definition (`WITHOUT ROWID`).
    /// - Returns: The statements, in order.
    public func createStatements(keyType: String, textType: String, suffix: String = "")
        -> [String]
    {
        let key = SQLIdentifier.quoted(keyColumn)
        let keyIndex = SQLIdentifier.quoted(name + "_key_index")
        return [
            "CREATE TABLE \(table) (\"token\" \(textType) NOT NULL, \"attribute\" \(textType) "
                + "NOT NULL, \(key) \(keyType) NOT NULL, PRIMARY KEY (\"token\", \"attribute\", "
                + "\(key)))" + (suffix.isEmpty ? "" : " " + suffix),
            "CREATE INDEX \(keyIndex) ON \(table) (\(key))",
        ]
    }
}

extension SQLTables {
    /// Names the token table of each of a database's models that declares searchable
    /// attributes, so that searches over them render as SQL: keyed by ``SearchTokenTable/keyColumn``
    /// (`_key`, which the tables of every SQL backend of the package have).
    ///
    /// - Parameter models: The database's models.
    package mutating func addSearchIndexes(of models: [any StorableModel.Type]) {
        for model in models { addSearchIndex(of: model) }
    }

    private mutating func addSearchIndex<Model: StorableModel>(of model: Model.Type) {
        guard let tokens = try? SearchTokenTable<Model>(modelTable: Model.storageName) else {
            return
        }
        addSearchIndex(model, tokens.index)
    }
}

extension ModelTables {
    /// Whether the tokens of every model that declares searchable attributes were built for
    /// its declaration, so that a read-only database may answer searches from them.
    ///
    /// ```swift
    /// let current = try layouts.searchTokensAreCurrent { table in
    ///     try connection.recordedSearchDeclaration(ofTable: table)
    /// }
    /// ```
    ///
    /// - Parameter recorded: The declaration the database records for a model's table (by
    ///   its name, unquoted), or `nil` when it records none.
    /// - Returns: `true` when each recorded declaration is the model's
    ///   (``SearchTokenTable/declaration``).
    /// - Throws: What `recorded` throws, or `StoreError/invalidQuery(_:)` when a searchable
    ///   key path is not in its model's attribute map.
    public func searchTokensAreCurrent(
        recorded: (String) throws(StoreError) -> String?
    ) throws(StoreError) -> Bool {
        for model in models where try !Self.tokensAreCurrent(of: model, recorded: recorded) {
            return false
        }
        return true
    }

    private static func tokensAreCurrent<Model: StorableModel>(
        of model: Model.Type, recorded: (String) throws(StoreError) -> String?
    ) throws(StoreError) -> Bool {
        guard let search = try SearchTokenTable<Model>(modelTable: Model.storageName) else {
            return true
        }
        return try recorded(Model.storageName) == search.declaration
    }
}

/// What a database does with a model's search tokens as it opens for writing: decided the
/// same way by every SQL backend, which runs its own statements for it.
public enum SearchTokenUpkeep: Equatable, Sendable {
    /// The tokens are those the declaration asks for, or there are none to keep.
    case keep
    /// The model declares no searchable attribute any more: drop the token table (quoted)
    /// and the recorded declaration.
    case drop(table: String)
    /// Build the tokens of every record again: the recorded declaration is another (or
    /// none), or the records changed without their tokens.
    case build

    /// What to do with a model's tokens.
    ///
    /// - Parameters:
    ///   - search: The model's token table, or `nil` when it declares no searchable
    ///     attribute.
    ///   - modelTable: The model's table's name, unquoted.
    ///   - recorded: The declaration the database records for the table, or `nil`.
    ///   - rebuilding: Whether the records changed without their tokens (a migration).
    public init<Model>(
        _ search: SearchTokenTable<Model>?, modelTable: String, recorded: String?,
        rebuilding: Bool
    ) {
        guard let search else {
            let name = SearchTokenTable<Model>.name(ofModelTable: modelTable)
            self = recorded == nil ? .keep : .drop(table: SQLIdentifier.quoted(name))
            return
        }
        self = rebuilding || recorded != search.declaration ? .build : .keep
    }
}
