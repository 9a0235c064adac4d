extension Condition {
    /// The condition that a text attribute contains a string.
    ///
    /// ```swift
    /// Condition<Pokemon>.contains(\.name, "saur")                          // exact
    /// Condition<Pokemon>.contains(\.name, "SAUR", options: .caseInsensitive)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The text attribute.
    ///   - substring: The string to look for. The empty string is in every present text.
    ///   - options: How to compare; exact (case- and diacritic-sensitive) by default.
    /// - Returns: The condition `attribute CONTAINS substring`; false where the attribute is
    ///   `nil`.
    public static func contains<Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ substring: String,
        options: TextOptions = []
    ) -> Condition {
        Condition(.text(AttributeKeyPath(keyPath), .contains, substring, options))
    }

    /// The condition that a text attribute begins with a string (`BEGINSWITH`).
    ///
    /// ```swift
    /// Condition<Pokemon>.hasPrefix(\.name, "char", options: .caseInsensitive)
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The text attribute.
    ///   - prefix: The string to look for at the start.
    ///   - options: How to compare; exact (case- and diacritic-sensitive) by default.
    /// - Returns: The condition `attribute BEGINSWITH prefix`; false where the attribute is
    ///   `nil`.
    public static func hasPrefix<Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ prefix: String, options: TextOptions = []
    ) -> Condition {
        Condition(.text(AttributeKeyPath(keyPath), .hasPrefix, prefix, options))
    }

    /// The condition that a text attribute ends with a string (`ENDSWITH`).
    ///
    /// - Parameters:
    ///   - keyPath: The text attribute.
    ///   - suffix: The string to look for at the end.
    ///   - options: How to compare; exact (case- and diacritic-sensitive) by default.
    /// - Returns: The condition `attribute ENDSWITH suffix`; false where the attribute is
    ///   `nil`.
    public static func hasSuffix<Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ suffix: String, options: TextOptions = []
    ) -> Condition {
        Condition(.text(AttributeKeyPath(keyPath), .hasSuffix, suffix, options))
    }

    /// The condition that a whole text attribute matches a wildcard pattern (`LIKE`).
    ///
    /// In the pattern, `*` matches any run of characters (none included) and `?` matches
    /// exactly one; a backslash makes the next character literal (`\*`, `\?`, `\\`).
    ///
    /// ```swift
    /// Condition<Pokemon>.like(\.name, "*-mega")
    /// ```
    ///
    /// - Parameters:
    ///   - keyPath: The text attribute.
    ///   - pattern: The wildcard pattern, matched against the whole text.
    ///   - options: How to compare; exact (case- and diacritic-sensitive) by default.
    /// - Returns: The condition `attribute LIKE pattern`; false where the attribute is `nil`.
    public static func like<Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ pattern: String,
        options: TextOptions = []
    ) -> Condition {
        Condition(.text(AttributeKeyPath(keyPath), .like, pattern, options))
    }

    /// The condition that a whole text attribute matches a regular expression (`MATCHES`).
    ///
    /// The expression uses ICU syntax, as `NSPredicate` and `NSRegularExpression` do, and must
    /// match the entire text: `"char.*"` matches "charmander", `"char"` does not.
    ///
    /// - Parameters:
    ///   - keyPath: The text attribute.
    ///   - regularExpression: The expression, matched against the whole text.
    ///   - options: How to compare; exact (case- and diacritic-sensitive) by default.
    /// - Returns: The condition `attribute MATCHES regularExpression`; false where the
    ///   attribute is `nil`. An invalid expression makes evaluating or rendering throw
    ///   ``QueryError/invalidRegularExpression(pattern:reason:)``.
    public static func matches<Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ regularExpression: String,
        options: TextOptions = []
    ) -> Condition {
        Condition(.text(AttributeKeyPath(keyPath), .matches, regularExpression, options))
    }
}
