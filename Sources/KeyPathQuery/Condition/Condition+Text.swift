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

    /// The condition that a whole text attribute equals a string, compared as the options say.
    ///
    /// Equality that ignores case or diacritics: `==[c]` in `NSPredicate`. Unlike a `like`
    /// pattern, the string is literal, so `*`, `?` and `\` in it are characters like any other.
    ///
    /// ```swift
    /// Condition<Pokemon>.equals(\.name, "PIKACHU", options: .caseInsensitive)  // pikachu
    /// ```
    ///
    /// For exact equality write `\.name == "pikachu"`; `options: []` means the same for text.
    /// As for the other text tests, SQL refuses ``TextOptions/diacriticInsensitive``, and
    /// ``TextOptions/caseInsensitive`` with a string outside ASCII, unless text functions are
    /// registered (``SQLOptions/textFunctions``) or a token table keeps the attribute's folded
    /// values (``SQLSearchIndex/foldedAttributes``), whose index then answers it.
    ///
    /// - Parameters:
    ///   - keyPath: The text attribute.
    ///   - text: The string to compare the whole text with.
    ///   - options: How to compare: ``TextOptions/caseInsensitive``,
    ///     ``TextOptions/diacriticInsensitive``, both, or `[]` for exact.
    /// - Returns: The condition `attribute ==[options] text`; false where the attribute is
    ///   `nil`.
    public static func equals<Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ text: String, options: TextOptions
    ) -> Condition {
        Condition(.textOneOf(AttributeKeyPath(keyPath), [text], options))
    }

    /// The condition that a whole text attribute equals one of several strings, compared as
    /// the options say.
    ///
    /// It holds where ``equals(_:_:options:)`` holds for at least one of the strings:
    ///
    /// ```swift
    /// Condition<Pokemon>.in(\.name, ["PIKACHU", "Bulbasaur"], options: .caseInsensitive)
    /// ```
    ///
    /// For exact membership, including a test for `nil`, use ``in(_:_:)``.
    ///
    /// - Parameters:
    ///   - keyPath: The text attribute.
    ///   - texts: The strings to compare the whole text with. When empty, the condition
    ///     matches nothing.
    ///   - options: How to compare: ``TextOptions/caseInsensitive``,
    ///     ``TextOptions/diacriticInsensitive``, both, or `[]` for exact.
    /// - Returns: The condition; false where the attribute is `nil`.
    public static func `in`<Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ texts: some Sequence<String>,
        options: TextOptions
    ) -> Condition {
        Condition(.textOneOf(AttributeKeyPath(keyPath), Array(texts), options))
    }
}
