import KeyPathQuery

extension ReferenceTable {
    /// Species whose varieties (the Pokémon that refer to them) satisfy a condition: any,
    /// none, every; species no Pokémon refers to.
    static let toManyRows: [ReferenceRow] = [
        ReferenceRow.species(
            "to-many: any variety of type fire",
            .anyReferrer(
                Pokemon.self, through: \.speciesID, inverse: "varieties",
                where: .contains(\.types, .fire)),
            matching: { species, records in
                records.varieties(of: species).contains { $0.types.contains(.fire) }
            },
            format: "SUBQUERY(%K, $r1, ANY $r1.%K == %@).@count > 0",
            ["varieties", "types", "fire"]),
        ReferenceRow.species(
            "to-many: no variety heavier than 100 kg, species with no variety included",
            .noReferrer(
                Pokemon.self, through: \.speciesID, inverse: "varieties", where: \.weight > 1_000),
            matching: { species, records in
                !records.varieties(of: species).contains { $0.weight > 1_000 }
            },
            format: "SUBQUERY(%K, $r1, $r1.%K > %@).@count == 0", ["varieties", "weight", 1_000]),
        ReferenceRow.species(
            "to-many: every variety of type grass, species with no variety included",
            .everyReferrer(
                Pokemon.self, through: \.speciesID, inverse: "varieties",
                where: .contains(\.types, .grass)),
            matching: { species, records in
                records.varieties(of: species).allSatisfy { $0.types.contains(.grass) }
            },
            format: "SUBQUERY(%K, $r1, NOT (ANY $r1.%K == %@)).@count == 0",
            ["varieties", "types", "grass"]),
        ReferenceRow.species(
            "to-many: species no Pokémon refers to",
            .noReferrer(Pokemon.self, through: \.speciesID, inverse: "varieties"),
            matching: { species, records in records.varieties(of: species).isEmpty },
            format: "SUBQUERY(%K, $r1, TRUEPREDICATE).@count == 0", ["varieties"]),
        ReferenceRow.species(
            "to-many negated: not any variety of type fire",
            !.anyReferrer(
                Pokemon.self, through: \.speciesID, inverse: "varieties",
                where: .contains(\.types, .fire)),
            matching: { species, records in
                !records.varieties(of: species).contains { $0.types.contains(.fire) }
            },
            format: "NOT (SUBQUERY(%K, $r1, ANY $r1.%K == %@).@count > 0)",
            ["varieties", "types", "fire"]),
        ReferenceRow.species(
            "to-many text: a variety named -mega, and a species attribute",
            .anyReferrer(
                Pokemon.self, through: \.speciesID, inverse: "varieties",
                where: .contains(\.name, "-mega")) && \.generation == 1,
            matching: { species, records in
                records.varieties(of: species).contains { $0.name.contains("-mega") }
                    && species.generation == 1
            },
            format: "SUBQUERY(%K, $r1, $r1.%K CONTAINS %@).@count > 0 AND %K == %@",
            ["varieties", "name", "-mega", "generation", 1]),
        ReferenceRow.species(
            "to-many || a species attribute, ignoring case inside",
            .anyReferrer(
                Pokemon.self, through: \.speciesID, inverse: "varieties",
                where: .hasSuffix(\.name, "-GMAX", options: .caseInsensitive))
                || \.isMythical == true,
            matching: { species, records in
                records.varieties(of: species).contains { $0.name.lowercased().hasSuffix("-gmax") }
                    || species.isMythical
            },
            format: "SUBQUERY(%K, $r1, $r1.%K ENDSWITH[c] %@).@count > 0 OR %K == %@",
            ["varieties", "name", "-GMAX", "is_mythical", true]),
    ]

    /// References followed there and back: species with a variety whose species is
    /// legendary, and Pokémon whose species has a heavy variety.
    static let nestedRows: [ReferenceRow] = [
        ReferenceRow.species(
            "nested: species with a variety whose species is legendary",
            .anyReferrer(
                Pokemon.self, through: \.speciesID, inverse: "varieties",
                where: .reference(\.speciesID, to: Species.self, where: \.isLegendary == true)),
            matching: { species, records in
                records.varieties(of: species).contains {
                    records.species(of: $0)?.isLegendary == true
                }
            },
            format: "SUBQUERY(%K, $r1, $r1.%K == %@).@count > 0",
            ["varieties", "species.is_legendary", true]),
        ReferenceRow.pokemon(
            "nested: Pokémon whose species has a variety heavier than 200 kg",
            .reference(
                \.speciesID, to: Species.self,
                where: .anyReferrer(
                    Pokemon.self, through: \.speciesID, inverse: "varieties",
                    where: \.weight > 2_000)),
            matching: { pokemon, records in
                guard let species = records.species(of: pokemon) else { return false }
                return records.varieties(of: species).contains { $0.weight > 2_000 }
            },
            format: "SUBQUERY(%K, $r1, $r1.%K > %@).@count > 0",
            ["species.varieties", "weight", 2_000]),
        ReferenceRow.pokemon(
            "nested three deep: Pokémon whose species' varieties are all of generation 1 and under 100 kg",
            .reference(
                \.speciesID, to: Species.self,
                where: .everyReferrer(
                    Pokemon.self, through: \.speciesID, inverse: "varieties",
                    where: .reference(\.speciesID, to: Species.self, where: \.generation == 1)
                        && \.weight < 1_000)),
            matching: { pokemon, records in
                guard let species = records.species(of: pokemon) else { return false }
                return records.varieties(of: species).allSatisfy {
                    records.species(of: $0)?.generation == 1 && $0.weight < 1_000
                }
            },
            format: "SUBQUERY(%K, $r1, NOT ($r1.%K == %@ AND $r1.%K < %@)).@count == 0",
            ["species.varieties", "species.generation", 1, "weight", 1_000]),
    ]
}
