import Foundation
import KeyPathQuery

extension ConditionTable {
    /// Text tests, exact and with `[c]` and `[d]`; wildcards; values holding quotes, `%`, `_`
    /// and unicode.
    static let textRows: [ConditionRow] = [
        ConditionRow(
            "contains", .contains(\.name, "saur"),
            matching: { $0.name.contains("saur") },
            format: "%K CONTAINS %@", ["name", "saur"]),
        ConditionRow(
            "contains, ignoring case", .contains(\.name, "MEW", options: .caseInsensitive),
            matching: { $0.name.lowercased().contains("mew") },
            format: "%K CONTAINS[c] %@", ["name", "MEW"]),
        ConditionRow(
            "contains ignoring case finds ß as ss",
            .contains(\.name, "SS", options: .caseInsensitive),
            matching: {
                $0.name.lowercased().replacingOccurrences(of: "ß", with: "ss").contains("ss")
            },
            format: "%K CONTAINS[c] %@", ["name", "SS"]),
        ConditionRow(
            "hasPrefix", .hasPrefix(\.name, "char"),
            matching: { $0.name.hasPrefix("char") },
            format: "%K BEGINSWITH %@", ["name", "char"]),
        ConditionRow(
            "hasPrefix, ignoring case", .hasPrefix(\.name, "Mew", options: .caseInsensitive),
            matching: { $0.name.lowercased().hasPrefix("mew") },
            format: "%K BEGINSWITH[c] %@", ["name", "Mew"]),
        ConditionRow(
            "hasSuffix", .hasSuffix(\.name, "-mega"),
            matching: { $0.name.hasSuffix("-mega") },
            format: "%K ENDSWITH %@", ["name", "-mega"]),
        ConditionRow(
            "hasSuffix, ignoring case", .hasSuffix(\.name, "CHU", options: .caseInsensitive),
            matching: { $0.name.lowercased().hasSuffix("chu") },
            format: "%K ENDSWITH[c] %@", ["name", "CHU"]),
        ConditionRow(
            "hasSuffix ignoring the case of letters outside ASCII: SQL refuses",
            .hasSuffix(\.name, "ÉBÉ", options: .caseInsensitive),
            matching: { $0.name.lowercased().hasSuffix("ébé") },
            format: "%K ENDSWITH[c] %@", ["name", "ÉBÉ"], sql: .refused),
        ConditionRow(
            "contains ignoring case and diacritics: SQL refuses",
            .contains(\.name, "FLABEBE", options: [.caseInsensitive, .diacriticInsensitive]),
            matching: {
                $0.name.lowercased().replacingOccurrences(of: "é", with: "e").contains("flabebe")
            },
            format: "%K CONTAINS[cd] %@", ["name", "FLABEBE"], sql: .refused),
        ConditionRow(
            "contains ignoring diacritics only: SQL refuses",
            .contains(\.name, "Flabebe", options: .diacriticInsensitive),
            matching: { $0.name.replacingOccurrences(of: "é", with: "e").contains("Flabebe") },
            format: "%K CONTAINS[d] %@", ["name", "Flabebe"], sql: .refused),
        ConditionRow(
            "hasPrefix ignoring diacritics: SQL refuses",
            .hasPrefix(\.name, "Flabe", options: .diacriticInsensitive),
            matching: {
                $0.name.folding(options: .diacriticInsensitive, locale: nil).hasPrefix("Flabe")
            },
            format: "%K BEGINSWITH[d] %@", ["name", "Flabe"], sql: .refused),
        ConditionRow(
            "like ignoring case and diacritics: SQL refuses",
            .like(\.name, "FLAB?B?", options: [.caseInsensitive, .diacriticInsensitive]),
            matching: {
                let folded = $0.name.lowercased().folding(
                    options: .diacriticInsensitive, locale: nil)
                return folded.count == 7 && folded.hasPrefix("flab")
                    && folded.dropFirst(5).first == "b"
            },
            format: "%K LIKE[cd] %@", ["name", "FLAB?B?"], sql: .refused),
        ConditionRow(
            "contains unicode, exactly", .contains(\.name, "é"),
            matching: { $0.name.unicodeScalars.contains("\u{E9}") },
            format: "%K CONTAINS %@", ["name", "é"]),
        ConditionRow(
            "contains the empty string: every present text", .contains(\.name, ""),
            matching: { _ in true },
            format: "%K != nil", ["name"], selection: .everything),
        ConditionRow(
            "contains quotes and %", .contains(\.name, "'Brien \"%"),
            matching: { $0.name.contains("'Brien \"%") },
            format: "%K CONTAINS %@", ["name", "'Brien \"%"]),
        ConditionRow(
            "contains % (not a wildcard)", .contains(\.name, "%"),
            matching: { $0.name.contains("%") },
            format: "%K CONTAINS %@", ["name", "%"]),
        ConditionRow(
            "contains _ (not a wildcard)", .contains(\.name, "_"),
            matching: { $0.name.contains("_") },
            format: "%K CONTAINS %@", ["name", "_"]),
        ConditionRow(
            "hasSuffix with brackets", .hasSuffix(\.name, "?[x]"),
            matching: { $0.name.hasSuffix("?[x]") },
            format: "%K ENDSWITH %@", ["name", "?[x]"]),
        ConditionRow(
            "like, * for any run", .like(\.name, "*-mega"),
            matching: { $0.name.hasSuffix("-mega") },
            format: "%K LIKE %@", ["name", "*-mega"]),
        ConditionRow(
            "like, ? for one character", .like(\.name, "m?w*"),
            matching: { name in
                let characters = Array(name.name)
                return characters.count >= 3 && characters[0] == "m" && characters[2] == "w"
            },
            format: "%K LIKE %@", ["name", "m?w*"]),
        ConditionRow(
            "like, backslash makes * and ? literal", .like(\.name, #"100% _pure\*\?[x]"#),
            matching: { $0.name == "100% _pure*?[x]" },
            format: "%K LIKE %@", ["name", #"100% _pure\*\?[x]"#]),
        ConditionRow(
            "like, % is literal", .like(\.name, "*%*"),
            matching: { $0.name.contains("%") },
            format: "%K LIKE %@", ["name", "*%*"]),
        ConditionRow(
            "like, ignoring case", .like(\.name, "CHAR*", options: .caseInsensitive),
            matching: { $0.name.lowercased().hasPrefix("char") },
            format: "%K LIKE[c] %@", ["name", "CHAR*"]),
        ConditionRow(
            "matches a regular expression: SQL refuses", .matches(\.name, "[a-c].*saur"),
            matching: {
                $0.name.first.map { "abc".contains($0) } == true && $0.name.hasSuffix("saur")
            },
            format: "%K MATCHES %@", ["name", "[a-c].*saur"], sql: .refused),
        ConditionRow(
            "matches, ignoring case: SQL refuses",
            .matches(\.name, "MEW.*", options: .caseInsensitive),
            matching: { $0.name.lowercased().hasPrefix("mew") },
            format: "%K MATCHES[c] %@", ["name", "MEW.*"], sql: .refused),
        ConditionRow(
            "NOT contains", !.contains(\.name, "a"),
            matching: { !$0.name.contains("a") },
            format: "NOT (%K CONTAINS %@)", ["name", "a"]),
    ]

    /// Equality and `in` with text options: the operand is literal text, never a pattern.
    static let equalityRows: [ConditionRow] = [
        ConditionRow(
            "equals, ignoring case", .equals(\.name, "PIKACHU", options: .caseInsensitive),
            matching: { $0.name == "pikachu" },
            format: "%K ==[c] %@", ["name", "PIKACHU"]),
        ConditionRow(
            "equals ignoring case, %, _, * and ? are literal",
            .equals(\.name, "100% _PURE*?[X]", options: .caseInsensitive),
            matching: { $0.name == "100% _pure*?[x]" },
            format: "%K ==[c] %@", ["name", "100% _PURE*?[X]"]),
        ConditionRow(
            "equals ignoring case, * is no wildcard",
            .equals(\.name, "MEW*", options: .caseInsensitive),
            matching: { $0.name.lowercased() == "mew*" },
            format: "%K ==[c] %@", ["name", "MEW*"], selection: .nothing),
        ConditionRow(
            "equals ignoring case, a backslash is literal",
            .equals(\.name, #"squirtle\*?"#, options: .caseInsensitive),
            matching: { $0.name == #"SQUIRTLE\*?"# },
            format: "%K ==[c] %@", ["name", #"squirtle\*?"#]),
        ConditionRow(
            "equals ignoring case, quotes and a format specifier",
            .equals(\.name, "o'brien \"%@\"", options: .caseInsensitive),
            matching: { $0.name == "O'Brien \"%@\"" },
            format: "%K ==[c] %@", ["name", "o'brien \"%@\""]),
        ConditionRow(
            "equals ignoring case finds ß as ss",
            .equals(\.name, "STRASSE", options: .caseInsensitive),
            matching: { $0.name == "Straße" },
            format: "%K ==[c] %@", ["name", "STRASSE"]),
        ConditionRow(
            "equals ignoring the case of letters outside ASCII: SQL refuses",
            .equals(\.name, "FLABÉBÉ", options: .caseInsensitive),
            matching: { $0.name == "Flabébé" },
            format: "%K ==[c] %@", ["name", "FLABÉBÉ"], sql: .refused),
        ConditionRow(
            "equals ignoring case, ß in the operand: SQL refuses",
            .equals(\.name, "STRAßE", options: .caseInsensitive),
            matching: { $0.name == "Straße" },
            format: "%K ==[c] %@", ["name", "STRAßE"], sql: .refused),
        ConditionRow(
            "equals ignoring case and diacritics: SQL refuses",
            .equals(\.name, "FLABEBE", options: [.caseInsensitive, .diacriticInsensitive]),
            matching: { ["flabebe", "Flabébé"].contains($0.name) },
            format: "%K ==[cd] %@", ["name", "FLABEBE"], sql: .refused),
        ConditionRow(
            "equals ignoring case, the empty string",
            .equals(\.name, "", options: .caseInsensitive),
            matching: { $0.name.isEmpty },
            format: "%K ==[c] %@", ["name", ""], selection: .nothing),
        ConditionRow(
            "equals with no options is exact", .equals(\.name, "MEWTWO-X", options: []),
            matching: { $0.name == "MEWTWO-X" },
            format: "%K == %@", ["name", "MEWTWO-X"]),
        ConditionRow(
            "NOT equals, ignoring case", !.equals(\.name, "mewtwo-x", options: .caseInsensitive),
            matching: { $0.name != "MEWTWO-X" },
            format: "NOT (%K ==[c] %@)", ["name", "mewtwo-x"]),
        ConditionRow(
            "in, ignoring case",
            .in(\.name, ["PIKACHU", "Bulbasaur", "straße"], options: .caseInsensitive)
                && \.id < 100,
            matching: { ["pikachu", "bulbasaur"].contains($0.name) },
            format: "(%K ==[c] %@ OR %K ==[c] %@ OR %K ==[c] %@) AND %K < %@",
            ["name", "PIKACHU", "name", "Bulbasaur", "name", "straße", "id", 100],
            sql: .refused),
        ConditionRow(
            "in ignoring case, ASCII operands",
            .in(
                \.name, ["PIKACHU", "Bulbasaur", "strasse", "100% _PURE*?[X]"],
                options: .caseInsensitive),
            matching: { ["pikachu", "bulbasaur", "Straße", "100% _pure*?[x]"].contains($0.name) },
            format: "%K ==[c] %@ OR %K ==[c] %@ OR %K ==[c] %@ OR %K ==[c] %@",
            ["name", "PIKACHU", "name", "Bulbasaur", "name", "strasse", "name", "100% _PURE*?[X]"]),
        ConditionRow(
            "in ignoring case, one operand", .in(\.name, ["Mewtwo-X"], options: .caseInsensitive),
            matching: { $0.name == "MEWTWO-X" },
            format: "%K ==[c] %@", ["name", "Mewtwo-X"]),
        ConditionRow(
            "in ignoring case, no operands", .in(\.name, [], options: .caseInsensitive),
            matching: { _ in false },
            format: "FALSEPREDICATE", [], selection: .nothing),
        ConditionRow(
            "in ignoring diacritics: SQL refuses",
            .in(\.name, ["Flabebe", "pikachu"], options: .diacriticInsensitive),
            matching: { ["Flabébé", "pikachu"].contains($0.name) },
            format: "%K ==[d] %@ OR %K ==[d] %@", ["name", "Flabebe", "name", "pikachu"],
            sql: .refused),
        ConditionRow(
            "in with no options is exact", .in(\.name, ["pikachu", "RAICHU"], options: []),
            matching: { $0.name == "pikachu" },
            format: "%K IN %@", ["name", ["pikachu", "RAICHU"]]),
        ConditionRow(
            "NOT in, ignoring case",
            !.in(\.name, ["PIKACHU", "RAICHU"], options: .caseInsensitive),
            matching: { !["pikachu", "raichu"].contains($0.name) },
            format: "NOT (%K ==[c] %@ OR %K ==[c] %@)", ["name", "PIKACHU", "name", "RAICHU"]),
        ConditionRow(
            "any ability equals, ignoring case",
            .anyElement(\.abilities, where: .equals(\.self, "OVERGROW", options: .caseInsensitive)),
            matching: { $0.abilities.contains("overgrow") },
            format: "SUBQUERY(%K, $x1, $x1 ==[c] %@).@count > 0", ["abilities", "OVERGROW"]),
    ]
}
