import Foundation

/// A table of the folded tokens a store keeps for a model's searchable attributes, which a
/// ``Condition/search(_:for:)-([PartialKeyPath<Model>Sendable],_)`` over them renders as SQL
/// against.
///
/// The table has one row per token of each attribute of each record, in three columns:
///
/// | column | holds |
/// | --- | --- |
/// | `token` | a token of the attribute's texts, as ``TextSearch/tokens(of:)`` makes it |
/// | `attribute` | the attribute's name, as conditions name it |
/// | ``keyColumn`` | the record's key, equal to the model table's column of the same name |
///
/// Its text compares byte by byte (SQLite's default `BINARY`, or the dialect's
/// ``SQLDialect/textCollation``), with an index that starts with `token`. A search renders
/// each of its ``TextSearch/tokens`` as the keys of the records that have a token beginning
/// with it, a range of the index (UTF-8 orders as Unicode scalars do), and requires all of
/// them:
///
/// ```swift
/// var options = SQLOptions()
/// options.tables.add(Entry.self, name: "entry", keyColumn: "_key")
/// options.tables.addSearchIndex(
///     Entry.self,
///     SQLSearchIndex(table: "entry__search", keyColumn: "_key", attributes: ["name"]))
/// try Condition<Entry>.search(\.name, for: TextSearch("char")).sqlExpression(options: options)
/// // "_key" IN (SELECT "entry__search"."_key" FROM "entry__search"
/// //     WHERE "entry__search"."token" >= ? AND "entry__search"."token" < ?
/// //     AND "entry__search"."attribute" = ?)
/// ```
///
/// A store that names such a table keeps it exact on every write, in the write's
/// transaction: the answer is then the one memory gives (see <doc:SearchingText>). A search
/// over an attribute the table does not keep is refused, as without one.
///
/// The table may also keep, for some text attributes (``foldedAttributes``), each record's
/// whole value folded as each of ``foldingOptions`` says (``foldedValue(of:options:)``), one
/// row each, under the attribute name ``foldedRowAttribute(of:options:)`` gives. An equality
/// or `in` test with ``TextOptions`` on such an attribute then renders as a lookup of its
/// operands' folded values in the table's index, which gives memory's answer (see
/// <doc:OperatorsInEveryTarget>):
///
/// ```swift
/// try Condition<Entry>.equals(\.name, "FLABEBE", options: [.caseInsensitive, .diacriticInsensitive])
///     .sqlExpression(options: options)
/// // "_key" IN (SELECT "entry__search"."_key" FROM "entry__search"
/// //     WHERE "entry__search"."token" = ? AND "entry__search"."attribute" = ?)
/// // bindings: "flabebe", "name[cd]"
/// ```
public struct SQLSearchIndex: Hashable, Sendable {
    /// The token table's name, unquoted.
    public var table: String
    /// The column of both the token table and the model's table that holds each record's
    /// key, unquoted.
    public var keyColumn: String
    /// The names of the attributes whose tokens the table keeps.
    public var attributes: Set<String>
    /// The names of the text attributes whose whole values the table keeps folded
    /// (``foldedValue(of:options:)``), one row per record that has a value and each of
    /// ``foldingOptions``, under ``foldedRowAttribute(of:options:)``.
    public var foldedAttributes: Set<String>

    /// A token table.
    ///
    /// - Parameters:
    ///   - table: The token table's name, unquoted.
    ///   - keyColumn: The column that holds each record's key in both tables, unquoted.
    ///   - attributes: The names of the attributes whose tokens it keeps.
    ///   - foldedAttributes: The names of the text attributes whose whole values it keeps
    ///     folded; none by default.
    public init(
        table: String, keyColumn: String, attributes: Set<String>,
        foldedAttributes: Set<String> = []
    ) {
        self.table = table
        self.keyColumn = keyColumn
        self.attributes = attributes
        self.foldedAttributes = foldedAttributes
    }

    /// The options an equality may ignore, each of which a token table keeps a folded value
    /// of ``foldedAttributes`` for: case, diacritics, both.
    public static let foldingOptions: [TextOptions] = [
        .caseInsensitive, .diacriticInsensitive, [.caseInsensitive, .diacriticInsensitive],
    ]

    /// The value of the `attribute` column in the rows that keep an attribute's values folded
    /// as some options say: the attribute's name and the options, `name[c]`, `name[d]` or
    /// `name[cd]`, apart from its search tokens' rows.
    ///
    /// - Parameters:
    ///   - attribute: The attribute's name, as conditions name it.
    ///   - options: One of ``foldingOptions``.
    /// - Returns: The name its folded rows are kept under.
    public static func foldedRowAttribute(of attribute: String, options: TextOptions) -> String {
        attribute + options.predicateModifier
    }

    /// A whole text folded as the in-memory engine folds it for an equality with options, in
    /// Unicode normalization form C: what the table keeps of a folded attribute's value, and
    /// what an equality with options looks up.
    ///
    /// Two texts are equal under the options in memory (`==[c]`, `==[d]`, `==[cd]`) exactly
    /// when their folded values have the same bytes: memory folds both and compares them as
    /// Swift `String`s, equal when their normalization form C is.
    ///
    /// ```swift
    /// SQLSearchIndex.foldedValue(of: "Flabébé", options: [.caseInsensitive, .diacriticInsensitive])
    /// // "flabebe"
    /// SQLSearchIndex.foldedValue(of: "Straße", options: .caseInsensitive)   // "strasse"
    /// ```
    ///
    /// - Parameters:
    ///   - text: The text.
    ///   - options: The options the equality ignores.
    /// - Returns: The folded text.
    /// - Complexity: O(*n*) in the text's length.
    public static func foldedValue(of text: String, options: TextOptions) -> String {
        TextMatcher.fold(text, options).precomposedStringWithCanonicalMapping
    }

    /// The least text that every text beginning with a token is less than, byte by byte:
    /// the token with its last Unicode scalar made the next one (skipping surrogates), or
    /// `nil` when no scalar follows it.
    ///
    /// - Parameter token: A token.
    /// - Returns: The upper bound of the range of texts that begin with it.
    package static func upperBound(ofPrefix token: String) -> String? {
        var scalars = Array(token.unicodeScalars)
        while let last = scalars.popLast() {
            var next = last.value + 1
            if next == 0xD800 { next = 0xE000 }
            if let scalar = Unicode.Scalar(next) {
                scalars.append(scalar)
                var text = String.UnicodeScalarView()
                text.append(contentsOf: scalars)
                return String(text)
            }
        }
        return nil
    }
}
