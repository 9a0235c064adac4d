import Foundation
import KeyPathQuery

extension ConditionTable {
    /// Sorts with directions, nil placement and case-insensitivity, and pages.
    static let orderingRows: [ConditionRow] = [
        ConditionRow(
            "descending on an optional: nil last by default",
            RecordQuery(
                where: \.id > 10_000, sortedBy: [.descending(\.baseExperience), .ascending(\.id)]),
            matching: { $0.id > 10_000 },
            orderedBy: {
                byOptional($0.baseExperience, $1.baseExperience, $0, $1, >, nilsFirst: false)
            },
            format: "%K > %@", ["id", 10_000]),
        ConditionRow(
            "ascending on an optional, nil last",
            RecordQuery(
                where: \.id > 10_000,
                sortedBy: [.ascending(\.baseExperience, nils: .last), .ascending(\.id)]),
            matching: { $0.id > 10_000 },
            orderedBy: {
                byOptional($0.baseExperience, $1.baseExperience, $0, $1, <, nilsFirst: false)
            },
            format: "%K > %@", ["id", 10_000]),
        ConditionRow(
            "descending on an optional, nil first",
            RecordQuery(
                where: \.id > 10_000,
                sortedBy: [.descending(\.baseExperience, nils: .first), .ascending(\.id)]),
            matching: { $0.id > 10_000 },
            orderedBy: {
                byOptional($0.baseExperience, $1.baseExperience, $0, $1, >, nilsFirst: true)
            },
            format: "%K > %@", ["id", 10_000]),
        ConditionRow(
            "descending text, exactly: upper case and unicode by their bytes",
            RecordQuery(where: \.id > 10_000, sortedBy: [.descending(\.name), .ascending(\.id)]),
            matching: { $0.id > 10_000 },
            orderedBy: { a, b in
                let (x, y) = (Array(a.name.utf8), Array(b.name.utf8))
                return x == y ? a.id < b.id : y.lexicographicallyPrecedes(x)
            },
            format: "%K > %@", ["id", 10_000]),
        ConditionRow(
            "ascending text ignoring case, ties by descending id; SQLite cannot fold so",
            RecordQuery(
                sortedBy: [.ascending(\.name, options: .caseInsensitive), .descending(\.id)]),
            matching: { _ in true },
            orderedBy: { a, b in
                let x = Array(a.name.folding(options: .caseInsensitive, locale: nil).utf8)
                let y = Array(b.name.folding(options: .caseInsensitive, locale: nil).utf8)
                return x == y ? a.id > b.id : x.lexicographicallyPrecedes(y)
            },
            format: "TRUEPREDICATE", [], sql: .refused, selection: .everything),
        ConditionRow(
            "three keys, limited",
            RecordQuery(
                where: \.hp > 100,
                sortedBy: [.descending(\.height), .ascending(\.name), .ascending(\.id)], limit: 10),
            matching: { $0.hp > 100 },
            orderedBy: { a, b in
                if a.height != b.height { return a.height > b.height }
                return a.name == b.name ? a.id < b.id : a.name < b.name
            },
            format: "%K > %@", ["hp", 100]),
        ConditionRow(
            "limit and offset",
            RecordQuery(
                where: .contains(\.types, .water),
                sortedBy: [.descending(\.attack), .ascending(\.id)], limit: 5, offset: 3),
            matching: { $0.types.contains(.water) },
            orderedBy: { $0.attack == $1.attack ? $0.id < $1.id : $0.attack > $1.attack },
            format: "ANY %K == %@", ["types", "water"]),
        ConditionRow(
            "offset without a limit",
            RecordQuery(sortedBy: [.ascending(\.weight), .ascending(\.id)], offset: 180),
            matching: { _ in true },
            orderedBy: { $0.weight == $1.weight ? $0.id < $1.id : $0.weight < $1.weight },
            format: "TRUEPREDICATE", []),
        ConditionRow(
            "a limit of zero selects nothing",
            RecordQuery(sortedBy: [.ascending(\.id)], limit: 0),
            matching: { _ in true },
            orderedBy: { $0.id < $1.id },
            format: "TRUEPREDICATE", [], selection: .nothing),
    ]

    /// Orders by an optional value, then by id; `isBefore` orders present values.
    private static func byOptional<T: Comparable>(
        _ x: T?, _ y: T?, _ a: Pokemon, _ b: Pokemon, _ isBefore: (T, T) -> Bool,
        nilsFirst: Bool
    ) -> Bool {
        switch (x, y) {
        case (let x?, let y?) where x != y: return isBefore(x, y)
        case (nil, _?): return nilsFirst
        case (_?, nil): return !nilsFirst
        default: return a.id < b.id
        }
    }
}
