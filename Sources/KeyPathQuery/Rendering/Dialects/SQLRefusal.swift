/// What a dialect may refuse to render, so that it says why in its own words: see
/// ``SQLDialect/reason(for:)``.
///
/// A structure with static members rather than an enumeration, so that a later version can
/// add one without breaking a dialect's `switch`; switch with a `default`.
public struct SQLRefusal: Hashable, Sendable, CustomStringConvertible {
    /// The refusal's name, such as `notANumber`.
    public let name: String

    private init(_ name: String) {
        self.name = name
    }

    /// NaN compared with a number: memory's NaN compares false with everything.
    public static let notANumber = SQLRefusal("notANumber")
    /// An unsigned integer above `Int64.max`, which a signed 64-bit column cannot hold.
    public static let integerAboveInt64Max = SQLRefusal("integerAboveInt64Max")
    /// An identifier holding NUL.
    public static let nulInIdentifier = SQLRefusal("nulInIdentifier")
    /// Text holding NUL compared with a column, where ``SQLDialect/textHoldsNUL`` is false.
    public static let nulInText = SQLRefusal("nulInText")
    /// Text holding NUL compared inside JSON.
    public static let nulInJSON = SQLRefusal("nulInJSON")
    /// `matches`: a regular expression with ICU's syntax and meaning.
    public static let regularExpressions = SQLRefusal("regularExpressions")
    /// ``TextOptions/diacriticInsensitive`` in a text test.
    public static let diacriticFolding = SQLRefusal("diacriticFolding")
    /// ``TextOptions/caseInsensitive`` with an operand outside ASCII.
    public static let caseFoldingOutsideASCII = SQLRefusal("caseFoldingOutsideASCII")
    /// A sort with ``TextOptions``, without registered ``SQLTextFunctions``.
    public static let foldedSort = SQLRefusal("foldedSort")

    /// The refusal's ``name``.
    public var description: String { name }

    /// The reason a dialect gives by default.
    func defaultReason(in database: String) -> String {
        switch self {
        case .notANumber:
            "\(database) does not compare NaN as memory does, where it compares false with "
                + "everything."
        case .integerAboveInt64Max: "\(database)'s integers are signed 64-bit."
        case .nulInIdentifier: "a \(database) identifier cannot hold NUL."
        case .nulInText: "\(database)'s text cannot hold NUL."
        case .nulInJSON: "\(database)'s JSON cannot hold \\u0000."
        case .regularExpressions:
            "\(database)'s regular expressions are not ICU's, which the in-memory engine and "
                + "NSPredicate use: the same pattern can match differently."
        case .diacriticFolding:
            "\(database) has no accent removal that equals the in-memory folding."
        case .caseFoldingOutsideASCII:
            "the renderer folds the case of ASCII letters only in \(database), and the operand "
                + "holds characters outside ASCII."
        case .foldedSort:
            "\(database) has no case and diacritic folding that equals the in-memory sort's; "
                + "sort exactly, or in memory."
        default: "\(database) cannot express it with the in-memory meaning."
        }
    }
}
