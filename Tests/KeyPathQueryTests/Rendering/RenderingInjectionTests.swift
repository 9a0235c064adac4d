import ConditionTableSupport
import Foundation
import InternalSupport
import KeyPathQuery
import QueryTestSupport
import Testing

/// Values made to break a renderer: quotes, `%`, `*`, `?`, brackets, backslashes, NUL, emoji,
/// right-to-left marks, SQL and format syntax, very long text.
///
/// Whatever the value, the format string and the SQL text must not change, and SQLite must
/// still select what memory selects.
@Suite("Rendering hostile values")
struct RenderingInjectionTests {
    /// The pieces hostile values are made of.
    ///
    /// Each is a whole character that does not join the one before it, and all are in Unicode
    /// normal form C (see the guarantees article: SQLite compares bytes, Swift canonical
    /// equivalents).
    static let atoms = [
        "a", "Z", "0", " ", "'", "''", "\"", "`", "%", "_", "*", "?", "[", "]", "[x]", "\\",
        "\\*", "\0", "%@", "%K", "$x1", "--", ";", "/*", "x'FF'", "SELECT", "NULL", "é", "É",
        "ß", "ﬁ", "🔥", "👩‍👩‍👧", "\u{200F}", "\u{202E}", "ا", "中", "Flabébé", "\n", "\t",
    ]

    /// A value from a seed: a few atoms, or for some seeds a very long run of them.
    static func value(seed: UInt64) -> String {
        // Seeded through one step of the generator, so that nearby seeds give unrelated values.
        var seeding = SplitMix64(seed: seed)
        var generator = SplitMix64(seed: seeding.next())
        let count = seed.isMultiple(of: 25) ? 8_000 : Int.random(in: 1...12, using: &generator)
        return (0..<count).map { _ in atoms.randomElement(using: &generator) ?? "a" }.joined()
    }

    /// The conditions each value goes into, as a function of the value.
    static let shapes: [(label: String, make: @Sendable (String) -> Condition<Pokemon>)] = [
        ("==", { \.name == $0 }),
        ("!=", { \.name != $0 }),
        ("<", { \.name < $0 }),
        ("contains", { .contains(\.name, $0) }),
        ("hasPrefix", { .hasPrefix(\.name, $0) }),
        ("hasSuffix", { .hasSuffix(\.name, $0) }),
        ("like, escaped", { .like(\.name, escapedForLike($0)) }),
        ("in", { .in(\.name, [$0, "pikachu"]) }),
        ("equals", { .equals(\.name, $0, options: []) }),
        ("equals[c]", { .equals(\.name, $0, options: .caseInsensitive) }),
        ("equals[c], ASCII part", { .equals(\.name, asciiPart($0), options: .caseInsensitive) }),
        ("in[c]", { .in(\.name, [$0, "PIKACHU"], options: .caseInsensitive) }),
        (
            "any element equals[c]",
            { .anyElement(\.abilities, where: .equals(\.self, $0, options: .caseInsensitive)) }
        ),
        (
            "contains[c], ASCII part",
            { .contains(\.name, asciiPart($0), options: .caseInsensitive) }
        ),
        ("any element ==", { .anyElement(\.abilities, where: \.self == $0) }),
        ("NOT hasSuffix", { !.hasSuffix(\.name, $0) }),
    ]

    /// The shapes whose operand is the value itself, not a pattern or a folded form of it.
    static let passesValueAsIs: Set<String> = [
        "==", "!=", "<", "contains", "hasPrefix", "hasSuffix", "in", "equals", "any element ==",
        "NOT hasSuffix",
    ]

    /// The shapes whose value SQL folds as ASCII, and refuses when it holds anything else.
    static let foldsASCII: Set<String> = ["equals[c]", "in[c]", "any element equals[c]"]

    /// The seeds: 150 by default; `INJECTION_SEEDS` runs more.
    static let seeds =
        0..<UInt64(
            ProcessInfo.processInfo.environment["INJECTION_SEEDS"].flatMap(Int.init) ?? 150)

    @Test(
        "keep the format and the SQL, and select in SQLite what memory selects", arguments: seeds)
    func hostileValue(seed: UInt64) throws {
        let value = Self.value(seed: seed)
        let pokemon = try Self.pokemon(around: value)
        let database = try PokedexDataset.database(with: pokemon)
        for (label, make) in Self.shapes {
            let condition = make(value)
            let reference = make("x")
            // The shape: the value is an argument and a binding, never text.
            let format = try condition.predicateFormat()
            let referenceFormat = try reference.predicateFormat()
            try PredicateFormatGrammar.check(format.format, arguments: format.arguments)
            if !(label.hasPrefix("contains[c]") && Self.asciiPart(value).isEmpty) {
                #expect(format.format == referenceFormat.format, "\(label)")
            }
            // The value itself travels as an argument, whole.
            if Self.passesValueAsIs.contains(label) {
                #expect(
                    format.arguments.contains(.string(value))
                        || format.arguments.contains(.list([.string(value), .string("pikachu")])),
                    "\(label): the value is not among the arguments")
            }
            let query = RecordQuery(where: condition, sortedBy: [.ascending(\.id)])
            let expected = try query.apply(to: pokemon).map(\.id)
            // Not vacuous: the records named by the value are found.
            switch label {
            case "==", "equals", "equals[c]", "in[c]", "any element equals[c]":
                #expect(expected.contains(80_001) && !expected.contains(80_002), "\(label)")
            case "contains": #expect(Set([80_001, 80_002, 80_003]).isSubset(of: expected))
            case "hasPrefix", "hasSuffix": #expect(Set([80_001, 80_003]).isSubset(of: expected))
            default: break
            }
            // GLOB and SQLite's JSON functions stop at NUL: SQL refuses such values there.
            let refused = label.hasPrefix("like") || label.hasPrefix("any element")
            if refused, value.unicodeScalars.contains("\0") {
                #expect(throws: QueryError.self, "\(label)") { try query.sqlClauses() }
                continue
            }
            // SQLite folds the case of ASCII letters only.
            if Self.foldsASCII.contains(label), !value.unicodeScalars.allSatisfy(\.isASCII) {
                #expect(throws: QueryError.self, "\(label)") { try query.sqlClauses() }
                continue
            }
            let sql = try condition.sqlExpression()
            #expect(sql.sql == (try reference.sqlExpression()).sql, "\(label)")
            if Self.passesValueAsIs.contains(label) {
                #expect(sql.bindings.contains(.text(value)), "\(label): not among the bindings")
            }
            #expect(
                try PokedexDataset.sqliteIDs(of: query, in: database) == expected,
                "\(label) of \(value.debugDescription)")
        }
    }

    @Test("the values include every atom, NUL and a very long one")
    func valuesAreHostile() {
        let values = (0..<150).map { Self.value(seed: $0) }
        for atom in Self.atoms {
            #expect(values.contains { $0.contains(atom) }, "\(atom.debugDescription)")
        }
        #expect(values.contains { $0.unicodeScalars.count > 10_000 })
    }

    // MARK: Helpers

    /// The fixtures, plus records named by the value, around it, and holding it as an
    /// ability.
    private static func pokemon(around value: String) throws -> [Pokemon] {
        var pokemon = try PokedexDataset.pokemon()
        guard let original = pokemon.first else { return pokemon }
        for (id, name) in [
            (80_001, value), (80_002, "head" + value + "tail"), (80_003, value + value),
        ] {
            var copy = original
            copy.id = id
            copy.name = name
            copy.abilities = id == 80_001 ? [value] : copy.abilities
            pokemon.append(copy)
        }
        return pokemon
    }

    /// The value as a `like` pattern that matches exactly it.
    private static func escapedForLike(_ value: String) -> String {
        var pattern = ""
        for character in value {
            if character == "\\" || character == "*" || character == "?" { pattern += "\\" }
            pattern.append(character)
        }
        return pattern
    }

    /// The value's ASCII characters, for a case-insensitive test SQL can render.
    private static func asciiPart(_ value: String) -> String {
        String(String.UnicodeScalarView(value.unicodeScalars.filter(\.isASCII)))
    }
}
