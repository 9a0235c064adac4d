/// How a text condition compares strings.
///
/// The default, `[]`, is exact: case-sensitive and diacritic-sensitive, comparing Swift
/// `Character`s. Add ``caseInsensitive`` (`[c]` in `NSPredicate`) to ignore case and
/// ``diacriticInsensitive`` (`[d]`) to ignore accents:
///
/// ```swift
/// Condition<Pokemon>.contains(\.name, "FLABÉBÉ", options: [.caseInsensitive, .diacriticInsensitive])
/// Condition<Pokemon>.equals(\.name, "PIKACHU", options: .caseInsensitive)
/// ```
///
/// Case-insensitive matching uses Unicode case folding ("STRASSE" matches "straße").
/// SQLite folds ASCII letters only, so the SQL target refuses a case-insensitive test whose
/// operand holds characters outside ASCII (an ASCII operand still finds "straße", see
/// <doc:OneMeaningInEveryTarget>), and refuses diacritic-insensitive tests entirely.
public struct TextOptions: OptionSet, Hashable, Sendable, Codable {
    /// The options' bits.
    public let rawValue: UInt8

    /// Creates options from their bits.
    ///
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Ignore case: `[c]`.
    public static let caseInsensitive = TextOptions(rawValue: 1 << 0)
    /// Ignore diacritics (accents): `[d]`.
    public static let diacriticInsensitive = TextOptions(rawValue: 1 << 1)

    /// The options as `NSPredicate` writes them after an operator: `""`, `"[c]"`, `"[d]"` or
    /// `"[cd]"`.
    public var predicateModifier: String {
        var letters = ""
        if contains(.caseInsensitive) { letters += "c" }
        if contains(.diacriticInsensitive) { letters += "d" }
        return letters.isEmpty ? "" : "[\(letters)]"
    }
}
