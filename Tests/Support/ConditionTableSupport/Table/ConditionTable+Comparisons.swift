import Foundation
import KeyPathQuery

extension ConditionTable {
    /// Pikachu's front sprite, as the fixture has it.
    static let pikachuSprite =
        URL(
            string:
                "https://raw.githubusercontent.com/PokeAPI/sprites/master/sprites/pokemon/25.png")
        ?? URL(filePath: "/")

    /// `==`, `!=`, orderings, `between` and `in`, on plain and optional attributes.
    static let comparisonRows: [ConditionRow] = [
        ConditionRow(
            "== on text", \.name == "pikachu",
            matching: { $0.name == "pikachu" },
            format: "%K == %@", ["name", "pikachu"]),
        ConditionRow(
            "!= on text", \.name != "pikachu",
            matching: { $0.name != "pikachu" },
            format: "%K != %@", ["name", "pikachu"]),
        ConditionRow(
            "< on text orders by code point: upper case and digits before lower case",
            \.name < "a",
            matching: { $0.name < "a" },
            format: "%K < %@", ["name", "a"]),
        ConditionRow(
            "< on an integer", \.attack < 20,
            matching: { $0.attack < 20 },
            format: "%K < %@", ["attack", 20]),
        ConditionRow(
            "<= on an integer", \.speed <= 20,
            matching: { $0.speed <= 20 },
            format: "%K <= %@", ["speed", 20]),
        ConditionRow(
            "> on an integer", \.speed > 150,
            matching: { $0.speed > 150 },
            format: "%K > %@", ["speed", 150]),
        ConditionRow(
            ">= on an integer", \.hp >= 200,
            matching: { $0.hp >= 200 },
            format: "%K >= %@", ["hp", 200]),
        ConditionRow(
            "== nil on an optional", \.baseExperience == nil,
            matching: { $0.baseExperience == nil },
            format: "%K == nil", ["base_experience"]),
        ConditionRow(
            "!= nil on an optional", \.baseExperience != nil,
            matching: { $0.baseExperience != nil },
            format: "%K != nil", ["base_experience"]),
        ConditionRow(
            "== a value on an optional", \.baseExperience == 64,
            matching: { $0.baseExperience == 64 },
            format: "%K == %@", ["base_experience", 64]),
        ConditionRow(
            "!= a value holds where the optional is nil", \.baseExperience != 64,
            matching: { experience in
                guard let value = experience.baseExperience else { return true }
                return value != 64
            },
            format: "%K != %@", ["base_experience", 64]),
        ConditionRow(
            "< on an optional is false for nil", \.baseExperience < 50,
            matching: { $0.baseExperience.map { $0 < 50 } ?? false },
            format: "%K < %@", ["base_experience", 50]),
        ConditionRow(
            ">= on an optional is false for nil", \.baseExperience >= 300,
            matching: { $0.baseExperience.map { $0 >= 300 } ?? false },
            format: "%K >= %@", ["base_experience", 300]),
        ConditionRow(
            "between, both ends included", .between(\.attack, 100...110),
            matching: { $0.attack >= 100 && $0.attack <= 110 },
            format: "%K BETWEEN %@", ["attack", [100, 110]]),
        ConditionRow(
            "between on an optional is false for nil", .between(\.baseExperience, 60...64),
            matching: { $0.baseExperience.map { $0 >= 60 && $0 <= 64 } ?? false },
            format: "%K BETWEEN %@", ["base_experience", [60, 64]]),
        ConditionRow(
            "in a list, with a value no record has", .in(\.id, [1, 4, 7, 999_999]),
            matching: { [1, 4, 7, 999_999].contains($0.id) },
            format: "%K IN %@", ["id", [1, 4, 7, 999_999]]),
        ConditionRow(
            "in a list holding nil matches nil", .in(\.baseExperience, [nil, 64]),
            matching: { $0.baseExperience == nil || $0.baseExperience == 64 },
            format: "%K == %@ OR %K == nil", ["base_experience", 64, "base_experience"]),
        ConditionRow(
            "in an empty list matches nothing", .in(\.id, [Int]()),
            matching: { _ in false },
            format: "FALSEPREDICATE", [], selection: .nothing),
        ConditionRow(
            "== nil on an optional URL", \.sprite == nil,
            matching: { $0.sprite == nil },
            format: "%K == nil", ["sprite"]),
        ConditionRow(
            "== a URL", \.sprite == pikachuSprite,
            matching: { $0.sprite?.absoluteString == pikachuSprite.absoluteString },
            format: "%K == %@", ["sprite", .url(pikachuSprite)]),
        ConditionRow(
            "== a Boolean", \.favorite == true,
            matching: { $0.favorite },
            format: "%K == %@", ["favorite", true]),
        ConditionRow(
            "== unicode text", \.name == "Flabébé",
            matching: { $0.name == "Flabébé" },
            format: "%K == %@", ["name", "Flabébé"]),
        ConditionRow(
            "== text holding quotes and %@", \.name == "O'Brien \"%@\"",
            matching: { $0.name == "O'Brien \"%@\"" },
            format: "%K == %@", ["name", "O'Brien \"%@\""]),
    ]

    /// `!` over conditions that are false, or unknown in SQL, where a value is nil.
    static let negationRows: [ConditionRow] = [
        ConditionRow(
            "NOT an ordering holds where the optional is nil", !(\.baseExperience > 100),
            matching: { !($0.baseExperience.map { $0 > 100 } ?? false) },
            format: "NOT (%K > %@)", ["base_experience", 100]),
        ConditionRow(
            "NOT == holds where the optional is nil", !(\.baseExperience == 64),
            matching: { $0.baseExperience == nil || $0.baseExperience != 64 },
            format: "NOT (%K == %@)", ["base_experience", 64]),
        ConditionRow(
            "NOT over OR with nils", !(\.hp > 100 || \.baseExperience > 200),
            matching: { !($0.hp > 100 || ($0.baseExperience.map { $0 > 200 } ?? false)) },
            format: "NOT (%K > %@ OR %K > %@)", ["hp", 100, "base_experience", 200]),
        ConditionRow(
            "NOT in a list holding nil", !.in(\.baseExperience, [nil, 64]),
            matching: { $0.baseExperience != nil && $0.baseExperience != 64 },
            format: "NOT (%K == %@ OR %K == nil)", ["base_experience", 64, "base_experience"]),
        ConditionRow(
            "NOT between", !.between(\.baseExperience, 60...300),
            matching: { experience in
                guard let value = experience.baseExperience else { return true }
                return value < 60 || value > 300
            },
            format: "NOT (%K BETWEEN %@)", ["base_experience", [60, 300]]),
    ]
}
