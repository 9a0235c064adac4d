/// Two SQL functions and a collation that give SQLite the in-memory engine's text semantics,
/// for an application that registers them on its connections and names them in
/// ``SQLOptions/textFunctions``.
///
/// - `test(text, operation, operand, options)` is 1 when `text` passes the text test and 0
///   when it does not (also when `text` is `NULL`). `operation` is `'contains'`,
///   `'hasPrefix'`, `'hasSuffix'`, `'like'` or `'matches'`, and `options` is the
///   ``TextOptions/rawValue``. Implement it with ``Matcher``.
/// - `fold(text, options)` is the text folded as the in-memory sort folds it (`NULL` for
///   `NULL`): sorting by it with SQLite's default `BINARY` collation orders as memory does.
///   Implement it with ``fold(_:options:)``.
/// - The collation `collation` orders and equates texts as Swift `String`s do (canonically
///   equivalent texts are equal, `"é" == "e\u{301}"`), where SQLite's `BINARY` collation
///   compares bytes. Implement it with ``compare(_:_:)``.
///
/// With them named in the options, every text test and every sort key with options renders
/// as a call, and every comparison with text, `in` list of texts and sort key on text without
/// options names the collation (`"name" COLLATE keypathquery_text_order = ?`):
///
/// ```swift
/// let options = SQLOptions(textFunctions: SQLTextFunctions())
/// let condition: Condition<Pokemon> = .contains(
///     \.name, "FLABÉBÉ", options: [.caseInsensitive, .diacriticInsensitive])
/// let fragment = try condition.sqlExpression(options: options)
/// fragment.sql         // keypathquery_text_test("name", 'contains', ?, 3)
/// fragment.bindings    // [.text("FLABÉBÉ")]
/// ```
///
/// SQLiteStorage registers all three on every connection of its stores.
public struct SQLTextFunctions: Hashable, Sendable {
    /// The name of the text-test function: `keypathquery_text_test` by default.
    public var test: String

    /// The name of the folding function: `keypathquery_text_fold` by default.
    public var fold: String

    /// The name of the collation that compares as Swift `String`s:
    /// `keypathquery_text_order` by default.
    public var collation: String

    /// Names the registered functions and collation.
    ///
    /// - Parameters:
    ///   - test: The name of the text-test function.
    ///   - fold: The name of the folding function.
    ///   - collation: The name of the collation.
    public init(
        test: String = "keypathquery_text_test", fold: String = "keypathquery_text_fold",
        collation: String = "keypathquery_text_order"
    ) {
        self.test = test
        self.fold = fold
        self.collation = collation
    }

    /// A text test as the in-memory engine runs it, made once from the test function's
    /// constant arguments and then run on each row's text.
    ///
    /// ```swift
    /// let matcher = try SQLTextFunctions.Matcher(
    ///     operation: "contains", operand: "STRASSE", options: 1)
    /// matcher.matches("Hauptstraße")   // true: Unicode case folding, as in memory
    /// ```
    public struct Matcher: Sendable {
        private let matcher: TextMatcher

        /// Prepares a text test.
        ///
        /// - Parameters:
        ///   - operation: `contains`, `hasPrefix`, `hasSuffix`, `like` or `matches`.
        ///   - operand: The text, pattern or regular expression.
        ///   - options: The ``TextOptions/rawValue``.
        /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for an unknown
        ///   operation or options; ``QueryError/invalidRegularExpression(pattern:reason:)``
        ///   for a `matches` pattern that does not compile.
        /// - Complexity: O(*m*) in the operand's length; a regular expression is compiled.
        public init(operation: String, operand: String, options: Int64) throws(QueryError) {
            guard let textOperator = TextOperator(rawValue: operation) else {
                throw .unsupported(
                    operation: "the text test \"\(operation)\"", target: .sql,
                    reason: "it is not one of "
                        + TextOperator.allCases.map(\.rawValue).joined(separator: ", ") + ".")
            }
            matcher = try TextMatcher(
                textOperator, operand, options: try SQLTextFunctions.textOptions(options))
        }

        /// Whether a text passes the test.
        ///
        /// - Parameter text: The row's text.
        /// - Returns: What the in-memory engine answers for this text.
        /// - Complexity: That of the in-memory test: O(*n*) in the text's length for the
        ///   plain tests, the regular expression's for `matches`.
        public func matches(_ text: String) -> Bool {
            matcher.matches(text)
        }
    }

    /// A text folded as the in-memory sort folds it for a sort key with options.
    ///
    /// Ordering the folded texts by their UTF-8 bytes, shorter first on a common prefix (what
    /// SQLite's `BINARY` collation does), is the in-memory order.
    ///
    /// - Parameters:
    ///   - text: The row's text.
    ///   - options: The ``TextOptions/rawValue``.
    /// - Returns: The folded text.
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for unknown options.
    /// - Complexity: O(*n*) in the text's length.
    public static func fold(_ text: String, options: Int64) throws(QueryError) -> String {
        TextMatcher.fold(text, try textOptions(options))
    }

    /// Two texts compared as the in-memory engine compares them in conditions and sorts
    /// without options: as Swift `String`s, canonically equivalent texts equal.
    ///
    /// Equal exactly when Swift's `==` says so, and otherwise ordered by Swift's `<`; for the
    /// rare pairs that `<` does not order either way although they differ, by their UTF-8
    /// bytes, where memory's `<`, `<=`, `>` and `>=` contradict each other.
    ///
    /// ```swift
    /// SQLTextFunctions.compare("é", "e\u{301}")   // 0: equal, where their bytes differ
    /// SQLTextFunctions.compare("e\u{301}", "f")   // 1: "é" sorts after "f"
    /// ```
    ///
    /// - Parameters:
    ///   - lhs: The first text.
    ///   - rhs: The second text.
    /// - Returns: A negative number when `lhs` comes first, zero when the texts are equal,
    ///   and a positive number when `rhs` comes first.
    /// - Complexity: O(*n*) in the texts' length.
    public static func compare(_ lhs: String, _ rhs: String) -> Int32 {
        if lhs == rhs { return 0 }
        if lhs < rhs { return -1 }
        if rhs < lhs { return 1 }
        // The standard library's `<` is not total for some texts that mix precomposed and
        // decomposed characters (`"caf\u{E9}?"` and `"cafe\u{301}"`: neither is less, yet
        // they differ): equality decides `=`, and such a pair orders by its UTF-8 bytes.
        return lhs.utf8.lexicographicallyPrecedes(rhs.utf8) ? -1 : 1
    }

    /// The options of a raw value the renderer wrote.
    private static func textOptions(_ rawValue: Int64) throws(QueryError) -> TextOptions {
        let known = TextOptions([.caseInsensitive, .diacriticInsensitive]).rawValue
        guard let bits = UInt8(exactly: rawValue), bits & ~known == 0 else {
            throw .unsupported(
                operation: "the text options \(rawValue)", target: .sql,
                reason: "only \(known) bits of options are defined.")
        }
        return TextOptions(rawValue: bits)
    }

    /// A function name as SQL writes it: an identifier of ASCII letters, digits and
    /// underscores, not starting with a digit.
    ///
    /// - Throws: ``QueryError/unsupported(operation:target:reason:)`` for any other name,
    ///   which SQL would not read as one function name.
    static func checkedName(_ name: String) throws(QueryError) -> String {
        let scalars = name.unicodeScalars
        let isIdentifier =
            !(scalars.first.map { ("0"..."9").contains($0) } ?? true)
            && scalars.allSatisfy {
                $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0)
                    || ("0"..."9").contains($0)
            }
        guard isIdentifier else {
            throw .unsupported(
                operation: "the SQL function name \(name.debugDescription)", target: .sql,
                reason: "a registered function's name must be a plain identifier.")
        }
        return name
    }
}
