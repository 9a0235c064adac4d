/// A language as PokeAPI names it: `en`, `de`, `fr`, `es`, `es-419`, `it`, `ja`, `ja-hrkt`,
/// `ko`, `zh-hans`, `zh-hant`, ….
///
/// The code is kept in lower case, as PokeAPI's responses write it (`ja-hrkt`, `zh-hans`),
/// whatever case it is given in. ``init(identifier:)`` also takes a POSIX locale, as
/// `LC_ALL` and `LANG` hold it:
///
/// ```swift
/// PokedexLanguage(identifier: "ja_JP.UTF-8")   // ja
/// PokedexLanguage(identifier: "zh_TW")         // zh-hant
/// PokedexLanguage(identifier: "C")             // en
/// ```
public struct PokedexLanguage: Hashable, Sendable, Codable, Comparable, RawRepresentable,
    CustomStringConvertible, ExpressibleByStringLiteral
{
    /// The language's PokeAPI name, in lower case: `"ja-hrkt"`.
    public let rawValue: String

    /// English, `en`: the language every text falls back to.
    public static let english = PokedexLanguage(rawValue: "en")

    /// A language by its PokeAPI name, in any case: `"zh-Hans"` is `zh-hans`.
    ///
    /// - Parameter rawValue: The PokeAPI name.
    public init(rawValue: String) {
        self.rawValue = rawValue.lowercased()
    }

    /// A language by its PokeAPI name, in any case.
    ///
    /// - Parameter value: The PokeAPI name, such as `"de"`.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// The language of a PokeAPI name or a POSIX locale (`LANG`, `LC_ALL`).
    ///
    /// The rule:
    ///
    /// 1. The encoding (`.UTF-8`) and modifier (`@euro`) are dropped, `_` is read as `-`,
    ///    and case is ignored.
    /// 2. Empty, `C` and `POSIX` (and `C.UTF-8`) are English.
    /// 3. Chinese is written in simplified script for `zh`, `zh-CN`, `zh-SG` and `zh-Hans…`,
    ///    in traditional script for `zh-TW`, `zh-HK`, `zh-MO` and `zh-Hant…`.
    /// 4. A code PokeAPI has as it is (`ja-hrkt`, `es-419`, `ja-roma`, `zh-hans`) is kept;
    ///    any other region or script is dropped: `ja_JP` is `ja`, `de-AT` is `de`.
    ///
    /// Whether the data has texts in the language is not checked here.
    ///
    /// - Parameter identifier: A PokeAPI name or a POSIX locale.
    public init(identifier: String) {
        var code = Substring(identifier)
        if let dot = code.firstIndex(where: { $0 == "." || $0 == "@" }) {
            code = code[..<dot]
        }
        let parts = code.lowercased().replacing("_", with: "-").split(separator: "-")
            .map(String.init)
        guard let base = parts.first, base != "c", base != "posix" else {
            self = .english
            return
        }
        let rest = parts.dropFirst().joined(separator: "-")
        let whole = rest.isEmpty ? base : base + "-" + rest
        if Self.pokeAPICodes.contains(whole) {
            self.init(rawValue: whole)
        } else if base == "zh" {
            let traditional = ["tw", "hk", "mo", "hant"]
            self.init(
                rawValue: parts.dropFirst().contains(where: traditional.contains)
                    ? "zh-hant" : "zh-hans")
        } else {
            self.init(rawValue: base)
        }
    }

    /// The PokeAPI names that carry a region or script of their own.
    static let pokeAPICodes: Set<String> = ["ja-hrkt", "ja-roma", "es-419", "zh-hans", "zh-hant"]

    /// The language without its script or region: `ja` for `ja-hrkt`, `zh` for `zh-hans`.
    public var baseCode: String {
        String(rawValue.prefix { $0 != "-" })
    }

    /// The languages a text is looked for in, in order: this one, then the other scripts
    /// and regions of the same language (`ja-hrkt` for `ja`, `es` for `es-419`, `zh-hant`
    /// for `zh-hans`), then English.
    public var fallbacks: [PokedexLanguage] {
        let related: [String: [String]] = [
            "ja": ["ja-hrkt"], "ja-hrkt": ["ja"], "ja-roma": ["ja-hrkt", "ja"],
            "es": ["es-419"], "es-419": ["es"],
            "zh-hans": ["zh-hant"], "zh-hant": ["zh-hans"], "zh": ["zh-hans", "zh-hant"],
        ]
        var languages = [self] + (related[rawValue] ?? []).map(PokedexLanguage.init(rawValue:))
        if self != .english { languages.append(.english) }
        return languages
    }

    /// The PokeAPI name: `"ja-hrkt"`.
    public var description: String { rawValue }

    /// Orders languages by their PokeAPI names.
    public static func < (lhs: PokedexLanguage, rhs: PokedexLanguage) -> Bool {
        lhs.rawValue < rhs.rawValue
    }

    /// Decodes a language from its PokeAPI name, a string.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        self.init(rawValue: try decoder.singleValueContainer().decode(String.self))
    }

    /// Encodes the language as its PokeAPI name, a string.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
