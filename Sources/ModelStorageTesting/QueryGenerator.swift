import Foundation
import InternalSupport
import KeyPathQuery
import ModelStorage

/// A value the generator made, with its Swift spelling, so that a failure names exactly what
/// to type to reproduce it.
struct Described<Value> {
    /// The value.
    let value: Value
    /// How to write it in Swift.
    let description: String

    init(_ value: Value, _ description: String) {
        self.value = value
        self.description = description
    }
}

extension Described: Sendable where Value: Sendable {}

extension Described: CustomStringConvertible {}

/// Random records and queries on ``ConformanceRecord`` for the differential check, every one
/// following from a seed: the same seed makes the same records and queries on every run.
///
/// The records are adversarial — text that folds, decomposes, or looks like a wildcard; empty
/// strings, empty collections and `nil` nicknames; duplicate values for ties — and the
/// conditions come from the whole operator grammar, as the fuzz target's do
/// (`Fuzz/Sources/fuzz-condition-rendering/ConditionProgram.swift`).
struct QueryGenerator {
    var random: SplitMix64
    /// The texts, fragments, `like` pieces and regular expressions this generator draws from:
    /// every one of them, or only the exact ones (see ``init(seed:texts:)``).
    let texts: [String]
    let fragments: [String]
    let likePieces: [String]
    let regularExpressions: [String]
    /// Whether the generator draws from every text, not only exact ones.
    let isAdversarial: Bool

    /// How deep a generated condition nests: deep enough for every combination of `&&`,
    /// `||`, `!` and quantifiers, shallow enough to read in a failure message.
    static let maximumDepth = 4

    /// A generator.
    ///
    /// - Parameters:
    ///   - seed: Makes every record and query.
    ///   - texts: ``DifferentialTexts/adversarial`` draws from every text below;
    ///     ``DifferentialTexts/exact`` only from text a database compares as `String` does
    ///     (in normalization form C, one code point a character, no NUL), so that a database
    ///     backend can answer every query it translates without handing rows to the engine.
    init(seed: UInt64, texts: DifferentialTexts = .adversarial) {
        random = SplitMix64(seed: seed)
        func kept(_ pool: [String]) -> [String] {
            texts == .adversarial ? pool : pool.filter(Self.isExact)
        }
        isAdversarial = texts == .adversarial
        self.texts = kept(Self.texts)
        fragments = kept(Self.fragments)
        likePieces = kept(Self.likePieces)
        regularExpressions = kept(Self.regularExpressions)
    }

    /// Whether a database compares a text exactly as `String` does: it is in normalization
    /// form C, each of its characters is one code point, and it holds no NUL.
    static func isExact(_ text: String) -> Bool {
        !text.unicodeScalars.contains("\0")
            && text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(
                text.unicodeScalars)
            && text.count == text.unicodeScalars.count
    }

    // MARK: Values

    /// Texts that fold, decompose, or look like wildcards and quotes: precomposed and
    /// decomposed `é`, `ß` beside `ss`/`SS`, dotted and dotless `i`, final sigma, ligatures,
    /// `%`, `_`, `*`, `?`, backslashes, quotes, emoji and the empty string.
    static let texts: [String] = [
        "", "a", "A", "abc", "ABC", "Abc", "e", "E", "é", "e\u{301}", "É", "E\u{301}", "café",
        "cafe\u{301}", "CAFÉ", "Café", "ß", "ss", "SS", "straße", "STRASSE", "Straße", "i", "I",
        "İ", "ı", "Σ", "σ", "ς", "ΣΟΦΟΣ", "σοφος", "naïve", "nai\u{308}ve", "NAÏVE", "ﬁ", "fi",
        "Ǆ", "ǆ", "%", "_", "*", "?", "\\", "a%b", "a_b", "a*b", "a?b", "100%", "'", "\"",
        "O'Brien", "say \"hi\"", "🐉", "🐉x", " ", "a b", "Zürich", "zurich", "x\u{0}y",
    ]

    /// Short operands for text tests: single letters in every case and form, wildcard-like
    /// characters, and the empty operand, which every present text contains.
    static let fragments: [String] = [
        "", "a", "A", "b", "c", "e", "E", "é", "e\u{301}", "É", "s", "S", "ss", "SS", "ß", "i",
        "I", "İ", "ı", "σ", "Σ", "ς", "%", "_", "*", "?", "\\", "'", "\"", "fi", "ﬁ", "🐉", "ca",
        "fé", "ÉT", "ür", "ur",
    ]

    /// Pieces of `like` patterns: `*` and `?` wildcards, escaped ones, letters in every form.
    static let likePieces: [String] = [
        "*", "?", "\\*", "\\?", "\\\\", "a", "A", "é", "e\u{301}", "E", "ß", "SS", "s", "c", "%",
        "_", "'", "i", "I", "🐉", "σ", "Σ",
    ]

    /// Regular expressions that compile and cannot backtrack without bound.
    static let regularExpressions: [String] = [
        "", "a", "A", ".", ".*", "a.*", ".*e", "é.*", "e\u{301}", ".*É", "[a-z]*", "[^a]*",
        "[A-Z].*", "ca.e", "caf.", "(ss|ß)", "stra(ss|ß)e", "s{2}", "\\w*", "\\W", "[%_*?]",
        "\\*", ".*\\?", "O'.*", "say \".*\"", "🐉.?", "Σ.*", "σ.*ς", "a|b", "[[:alpha:]]*",
        "\\p{L}+", ".*[İı].*", "(?i)abc", "Z.rich",
    ]

    /// Patterns that do not compile: every target must refuse them as an invalid query.
    static let invalidRegularExpressions = ["(", "[a-", "*a", "a{2,1}", "(?<", "\\"]

    /// Numbers with duplicates, for ties, and the extremes.
    static let integers: [Int] = [Int.min, -1, 0, 0, 1, 7, 25, 25, 50, 50, 99, 100, Int.max]

    /// An adversarial text: one of ``texts``, sometimes two of them joined.
    mutating func text() -> String {
        guard random.oneIn(4) else { return random.pick(texts) }
        let joined = random.pick(texts) + random.pick(texts)
        // Two exact texts joined can make one that is not (a letter and a combining mark).
        return isAdversarial || Self.isExact(joined) ? joined : random.pick(texts)
    }

    /// An operand for a text test.
    mutating func operand() -> String {
        random.oneIn(3) ? text() : random.pick(fragments)
    }

    /// A number, often a repeated one.
    mutating func integer() -> Int {
        random.oneIn(3) ? random.below(100) : random.pick(Self.integers)
    }

    /// Options for a text test or sort key: each of the four combinations.
    mutating func options() -> Described<TextOptions> {
        let options = TextOptions(rawValue: UInt8(random.below(4)))
        var names: [String] = []
        if options.contains(.caseInsensitive) { names.append(".caseInsensitive") }
        if options.contains(.diacriticInsensitive) { names.append(".diacriticInsensitive") }
        return Described(options, "[" + names.joined(separator: ", ") + "]")
    }

    // MARK: Records

    /// A record with an id and adversarial attributes.
    mutating func record(id: Int) -> ConformanceRecord {
        ConformanceRecord(
            id: id, name: text(), attack: integer(), favorite: random.oneIn(2),
            tags: (0..<random.below(4)).map { _ in text() },
            nickname: random.oneIn(3) ? nil : text())
    }

    // MARK: Queries

    /// A query: a random condition, up to three sort keys, and a page; one in about fifty
    /// has a negative limit or offset, which every target must refuse.
    mutating func query() -> Described<RecordQuery<ConformanceRecord>> {
        let condition = condition()
        let keys = (0..<random.below(4)).map { _ in sortKey() }
        var limit: Int? = random.oneIn(2) ? nil : random.below(12)
        var offset = random.oneIn(2) ? 0 : random.below(16)
        if random.oneIn(50) {
            if random.oneIn(2) { limit = -1 - random.below(3) } else { offset = -1 }
        }
        let query = RecordQuery(
            where: condition.value, sortedBy: keys.map(\.value), limit: limit, offset: offset)
        let spelled =
            "RecordQuery(where: \(condition.description), sortedBy: ["
            + keys.map(\.description).joined(separator: ", ") + "], limit: "
            + (limit.map(String.init) ?? "nil") + ", offset: \(offset))"
        return Described(query, spelled)
    }

    /// A sort key on any sortable attribute, with text options on text and a `nil` placement
    /// on the optional nickname.
    mutating func sortKey() -> Described<SortKey<ConformanceRecord>> {
        let ascending = random.oneIn(2)
        let direction = ascending ? ".ascending" : ".descending"
        switch random.below(5) {
        case 0:
            return Described(
                ascending ? .ascending(\.id) : .descending(\.id), "\(direction)(\\.id)")
        case 1:
            return Described(
                ascending ? .ascending(\.attack) : .descending(\.attack),
                "\(direction)(\\.attack)")
        case 2:
            let options = options()
            return Described(
                ascending
                    ? .ascending(\.name, options: options.value)
                    : .descending(\.name, options: options.value),
                "\(direction)(\\.name, options: \(options.description))")
        default:
            let options = options()
            let placement: (SortKey<ConformanceRecord>.NilPlacement?, String) =
                switch random.below(3) {
                case 0: (nil, "nil")
                case 1: (.first, ".first")
                default: (.last, ".last")
                }
            return Described(
                ascending
                    ? .ascending(\.nickname, options: options.value, nils: placement.0)
                    : .descending(\.nickname, options: options.value, nils: placement.0),
                "\(direction)(\\.nickname, options: \(options.description), nils: "
                    + "\(placement.1))")
        }
    }

    /// Text as a Swift string literal, every scalar outside printable ASCII escaped, so that
    /// precomposed and decomposed forms read apart.
    static func literal(_ text: String) -> String {
        var spelled = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": spelled += "\\\""
            case "\\": spelled += "\\\\"
            case " "..."~": spelled.unicodeScalars.append(scalar)
            default: spelled += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return spelled + "\""
    }

    /// A list of spelled values, as a Swift array literal.
    static func list(_ values: [String]) -> String {
        "[" + values.joined(separator: ", ") + "]"
    }
}
