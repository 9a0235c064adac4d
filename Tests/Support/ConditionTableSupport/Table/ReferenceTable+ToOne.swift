import KeyPathQuery

extension ReferenceTable {
    /// Legendary species: what the to-one rows follow most.
    private static let legendary: Condition<Pokemon> =
        .reference(\.speciesID, to: Species.self, where: \.isLegendary == true)

    /// Pokémon selected through their species: to-one references, negated, combined with the
    /// Pokémon's own attributes, with text inside; a Pokémon whose `speciesID` is `nil`
    /// satisfies none of them, and every negation.
    static let toOneRows: [ReferenceRow] = [
        ReferenceRow.pokemon(
            "to-one: Pokémon of a legendary species", legendary,
            matching: { $1.species(of: $0)?.isLegendary == true },
            format: "%K == %@", ["species.is_legendary", true]),
        ReferenceRow.pokemon(
            "to-one: a nil speciesID never satisfies it, even where every species would",
            .reference(\.speciesID, to: Species.self, where: \.generation >= 1),
            matching: { $1.species(of: $0) != nil },
            format: "%K >= %@", ["species.generation", 1]),
        ReferenceRow.pokemon(
            "to-one: mythical, or introduced in generation 5 or later",
            .reference(
                \.speciesID, to: Species.self, where: \.isMythical == true || \.generation >= 5),
            matching: { pokemon, records in
                guard let species = records.species(of: pokemon) else { return false }
                return species.isMythical || species.generation >= 5
            },
            format: "%K == %@ OR %K >= %@",
            ["species.is_mythical", true, "species.generation", 5]),
        ReferenceRow.pokemon(
            "to-one negated: a nil speciesID satisfies the negation", !legendary,
            matching: { $1.species(of: $0)?.isLegendary != true },
            format: "NOT (%K == %@)", ["species.is_legendary", true]),
        ReferenceRow.pokemon(
            "to-one on a false Boolean: nil is not false, and its negation holds for nil",
            !.reference(\.speciesID, to: Species.self, where: \.isLegendary == false),
            matching: { $1.species(of: $0).map { $0.isLegendary } ?? true },
            format: "NOT (%K == %@)", ["species.is_legendary", false]),
        ReferenceRow.pokemon(
            "to-one && a Pokémon attribute", legendary && \.attack > 100,
            matching: { $1.species(of: $0)?.isLegendary == true && $0.attack > 100 },
            format: "%K == %@ AND %K > %@", ["species.is_legendary", true, "attack", 100]),
        ReferenceRow.pokemon(
            "to-one || a Pokémon attribute, nil speciesIDs selected by the attribute",
            .reference(\.speciesID, to: Species.self, where: \.color == "pink")
                || .contains(\.name, "%"),
            matching: { $1.species(of: $0)?.color == "pink" || $0.name.contains("%") },
            format: "%K == %@ OR %K CONTAINS %@", ["species.color", "pink", "name", "%"]),
        ReferenceRow.pokemon(
            "to-one (compound) && NOT a Pokémon attribute",
            .reference(\.speciesID, to: Species.self, where: \.captureRate <= 3 || \.color == "red")
                && !(\.favorite == true),
            matching: { pokemon, records in
                guard let species = records.species(of: pokemon) else { return false }
                return (species.captureRate <= 3 || species.color == "red") && !pokemon.favorite
            },
            format: "(%K <= %@ OR %K == %@) AND NOT (%K == %@)",
            ["species.capture_rate", 3, "species.color", "red", "favorite", true]),
        ReferenceRow.pokemon(
            "to-one text: the species name begins with PIKA, ignoring case",
            .reference(
                \.speciesID, to: Species.self,
                where: .hasPrefix(\.name, "PIKA", options: .caseInsensitive)),
            matching: { $1.species(of: $0)?.name.lowercased().hasPrefix("pika") == true },
            format: "%K BEGINSWITH[c] %@", ["species.name", "PIKA"]),
        ReferenceRow.pokemon(
            "to-one text: like with wildcards, and a different name from the Pokémon's",
            .reference(\.speciesID, to: Species.self, where: .like(\.name, "*saur"))
                && !.hasSuffix(\.name, "saur"),
            matching: {
                $1.species(of: $0)?.name.hasSuffix("saur") == true && !$0.name.hasSuffix("saur")
            },
            format: "%K LIKE %@ AND NOT (%K ENDSWITH %@)",
            ["species.name", "*saur", "name", "saur"]),
        ReferenceRow.pokemon(
            "to-one text holding NUL: SQLite renders it, PostgreSQL refuses",
            .reference(
                \.speciesID, to: Species.self,
                where: .contains(\.name, "\0") || \.isMythical == true),
            matching: { pokemon, records in
                guard let species = records.species(of: pokemon) else { return false }
                return species.name.contains("\0") || species.isMythical
            },
            format: "%K CONTAINS %@ OR %K == %@",
            ["species.name", "\0", "species.is_mythical", true], postgreSQL: .refused),
        ReferenceRow.pokemon(
            "to-one text ignoring diacritics: SQL refuses",
            .reference(
                \.speciesID, to: Species.self,
                where: .equals(
                    \.name, "FLABÉBÉ", options: [.caseInsensitive, .diacriticInsensitive])),
            matching: { $1.species(of: $0)?.name == "flabebe" },
            format: "%K ==[cd] %@", ["species.name", "FLABÉBÉ"], sql: .refused),
    ]
}
