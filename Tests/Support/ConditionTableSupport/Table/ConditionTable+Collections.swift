import KeyPathQuery

extension ConditionTable {
    /// Tests on the `types` and `abilities` arrays: membership, counts, and conditions on
    /// their elements — empty collections included.
    static let collectionRows: [ConditionRow] = [
        ConditionRow(
            "contains an element", .contains(\.types, .fire),
            matching: { $0.types.contains(.fire) },
            format: "ANY %K == %@", ["types", "fire"]),
        ConditionRow(
            "containsAny", .containsAny(\.types, of: [.dragon, .ghost]),
            matching: { $0.types.contains(.dragon) || $0.types.contains(.ghost) },
            format: "ANY %K IN %@", ["types", ["dragon", "ghost"]]),
        ConditionRow(
            "containsAny of nothing matches nothing", .containsAny(\.types, of: [PokemonType]()),
            matching: { _ in false },
            format: "FALSEPREDICATE", [], selection: .nothing),
        ConditionRow(
            "containsAll", .containsAll(\.types, of: [.fire, .flying]),
            matching: { $0.types.contains(.fire) && $0.types.contains(.flying) },
            format: "ANY %K == %@ AND ANY %K == %@", ["types", "fire", "types", "flying"]),
        ConditionRow(
            "containsAll of nothing matches everything", .containsAll(\.types, of: [PokemonType]()),
            matching: { _ in true },
            format: "TRUEPREDICATE", [], selection: .everything),
        ConditionRow(
            "isEmpty", .isEmpty(\.abilities),
            matching: { $0.abilities.isEmpty },
            format: "%K.@count == %@", ["abilities", 0]),
        ConditionRow(
            "count ==", .count(\.types, .equal, 2),
            matching: { $0.types.count == 2 },
            format: "%K.@count == %@", ["types", 2]),
        ConditionRow(
            "count >=", .count(\.abilities, .greaterOrEqual, 3),
            matching: { $0.abilities.count >= 3 },
            format: "%K.@count >= %@", ["abilities", 3]),
        ConditionRow(
            "NOT isEmpty", !.isEmpty(\.abilities),
            matching: { !$0.abilities.isEmpty },
            format: "NOT (%K.@count == %@)", ["abilities", 0]),
        ConditionRow(
            "any element equal", .anyElement(\.abilities, where: \.self == "levitate"),
            matching: { $0.abilities.contains("levitate") },
            format: "SUBQUERY(%K, $x1, $x1 == %@).@count > 0", ["abilities", "levitate"]),
        ConditionRow(
            "any element satisfying two tests at once",
            .anyElement(\.abilities, where: .hasPrefix(\.self, "s") && .hasSuffix(\.self, "h")),
            matching: { $0.abilities.contains { $0.hasPrefix("s") && $0.hasSuffix("h") } },
            format: "SUBQUERY(%K, $x1, $x1 BEGINSWITH %@ AND $x1 ENDSWITH %@).@count > 0",
            ["abilities", "s", "h"]),
        ConditionRow(
            "any element, ignoring case",
            .anyElement(\.types, where: .hasPrefix(\.self, "DRA", options: .caseInsensitive)),
            matching: { $0.types.contains { $0.rawValue.lowercased().hasPrefix("dra") } },
            format: "SUBQUERY(%K, $x1, $x1 BEGINSWITH[c] %@).@count > 0", ["types", "DRA"]),
        ConditionRow(
            "all elements, true for an empty collection",
            .everyElement(\.abilities, where: .hasPrefix(\.self, "s")),
            matching: { $0.abilities.allSatisfy { $0.hasPrefix("s") } },
            format: "SUBQUERY(%K, $x1, NOT ($x1 BEGINSWITH %@)).@count == 0", ["abilities", "s"]),
        ConditionRow(
            "all elements in a list", .everyElement(\.types, where: .in(\.self, [.fire, .flying])),
            matching: { $0.types.allSatisfy { $0 == .fire || $0 == .flying } },
            format: "SUBQUERY(%K, $x1, NOT ($x1 IN %@)).@count == 0",
            ["types", ["fire", "flying"]]),
        ConditionRow(
            "no element, true for an empty collection",
            .noElement(\.abilities, where: .contains(\.self, "e")),
            matching: { !$0.abilities.contains { $0.contains("e") } },
            format: "SUBQUERY(%K, $x1, $x1 CONTAINS %@).@count == 0", ["abilities", "e"]),
        ConditionRow(
            "NOT contains an element", !.contains(\.types, .water),
            matching: { !$0.types.contains(.water) },
            format: "NOT (ANY %K == %@)", ["types", "water"]),
    ]

    /// `&&`, `||`, `.true` and `.false`.
    static let logicRows: [ConditionRow] = [
        ConditionRow(
            ".true matches everything", .true,
            matching: { _ in true },
            format: "TRUEPREDICATE", [], selection: .everything),
        ConditionRow(
            ".false matches nothing", .false,
            matching: { _ in false },
            format: "FALSEPREDICATE", [], selection: .nothing),
        ConditionRow(
            "OR", \.attack > 130 || \.defense > 180,
            matching: { $0.attack > 130 || $0.defense > 180 },
            format: "%K > %@ OR %K > %@", ["attack", 130, "defense", 180]),
        ConditionRow(
            "AND inside OR", (\.attack > 100 && \.speed > 100) || .contains(\.types, .dragon),
            matching: { ($0.attack > 100 && $0.speed > 100) || $0.types.contains(.dragon) },
            format: "(%K > %@ AND %K > %@) OR ANY %K == %@",
            ["attack", 100, "speed", 100, "types", "dragon"]),
        ConditionRow(
            "a Boolean and a text test", \.favorite == false && .hasSuffix(\.name, "chu"),
            matching: { !$0.favorite && $0.name.hasSuffix("chu") },
            format: "%K == %@ AND %K ENDSWITH %@", ["favorite", false, "name", "chu"]),
        ConditionRow(
            "all([...]) with .true among them: a filter left empty adds nothing",
            .and([.true, \.attack >= 100, .true, .contains(\.types, .fire)]),
            matching: { $0.attack >= 100 && $0.types.contains(.fire) },
            format: "%K >= %@ AND ANY %K == %@", ["attack", 100, "types", "fire"]),
        ConditionRow(
            "any([...]) with .false among them",
            .or([.false, .hasPrefix(\.name, "mew"), \.hp == 255]),
            matching: { $0.name.hasPrefix("mew") || $0.hp == 255 },
            format: "%K BEGINSWITH %@ OR %K == %@", ["name", "mew", "hp", 255]),
        ConditionRow(
            "all([...]) of nothing matches everything", .and([]),
            matching: { _ in true },
            format: "TRUEPREDICATE", [], selection: .everything),
        ConditionRow(
            "any([...]) of nothing matches nothing", .or([]),
            matching: { _ in false },
            format: "FALSEPREDICATE", [], selection: .nothing),
        ConditionRow(
            "all([...]) holding .false matches nothing", .and([\.attack >= 80, .false]),
            matching: { _ in false },
            format: "FALSEPREDICATE", [], selection: .nothing),
        ConditionRow(
            "all([...]) nested in any([...])",
            .or([.and([\.speed >= 110, !.contains(\.types, .psychic)]), \.defense >= 180]),
            matching: { ($0.speed >= 110 && !$0.types.contains(.psychic)) || $0.defense >= 180 },
            format: "(%K >= %@ AND NOT (ANY %K == %@)) OR %K >= %@",
            ["speed", 110, "types", "psychic", "defense", 180]),
    ]
}
