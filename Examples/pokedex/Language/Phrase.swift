import PokedexKit

/// A heading or label the tool prints, with its English wording as its raw value; `{1}`,
/// `{2}` and `{3}` stand for the values a phrase takes.
///
/// The data has names and texts in many languages, but not the tool's own words: these
/// are kept here, translated for every language of ``languages``
/// (`Phrase+Translations.swift`).
enum Phrase: String, CaseIterable, Sendable {
    // `show`
    case abilities = "Abilities"
    case baseStats = "Base stats"
    case damageTaken = "Damage taken"
    case evolution = "Evolution"
    case otherForms = "Other forms"
    case notes = "Notes"
    case hidden = "hidden"
    case generation = "generation {1}"
    case height = "Height"
    case weight = "Weight"
    case legendary = "legendary"
    case mythical = "mythical"
    case baby = "baby"
    case favorite = "favorite"
    case hp = "HP"
    case attack = "Attack"
    case defense = "Defense"
    case specialAttack = "Sp. Atk"
    case specialDefense = "Sp. Def"
    case speed = "Speed"
    case total = "Total"
    // `moves` and `move`
    case learnsMoves = "{1} learns {2} moves in {3}"
    case learnsNoMove = "{1} learns no move in the store."
    case levelColumn = "Lv"
    case moveColumn = "Move"
    case typeColumn = "Type"
    case classColumn = "Class"
    case powerColumn = "Power"
    case accuracyColumn = "Acc."
    case ppColumn = "PP"
    case onEvolution = "Evo"
    case levelUp = "Level up"
    case machine = "Machine"
    case egg = "Egg"
    case tutor = "Tutor"
    case physical = "physical"
    case special = "special"
    case status = "status"
    case accuracy = "Accuracy"
    case priority = "Priority"
    case learnedBy = "Learned by"
    case pokemonCount = "{1} Pokémon"
    case noLearner = "No stored Pokémon learns it."
    // `types`
    case defending = "{1} defending: damage from each attacking type"
    // `list` and `stats`
    case nameColumn = "NAME"
    case typesColumn = "TYPES"
    case typeUpperColumn = "TYPE"
    case countColumn = "COUNT"
    case generationColumn = "GENERATION"
    case speciesColumn = "SPECIES"
    case pokemonColumn = "POKÉMON"
    case averageStatsByType = "Average base stats by type"
    // `search`
    case entries = "Entries"
    case moves = "Moves"
    case noMatch = "Nothing stored matches \u{201C}{1}\u{201D}."
    case moreMatches = "and {1} more"

    /// The languages the phrases are translated in: English, German, French, Spanish,
    /// Italian, Japanese, Korean, and Chinese in simplified and traditional script.
    static let languages: [PokedexLanguage] = [
        "en", "de", "fr", "es", "it", "ja", "ko", "zh-hans", "zh-hant",
    ]

    /// The phrase in a language, its values in place.
    func text(in language: PokedexLanguage, _ values: String...) -> String {
        text(in: language, values: values)
    }

    /// The phrase in a language: its translation, or English for a language the table does
    /// not have; a language's other script or region (`ja-hrkt`, `es-419`) reads as it.
    ///
    /// - Parameters:
    ///   - language: The language.
    ///   - values: The values of `{1}`, `{2}`, … in order.
    /// - Returns: The phrase, its values in place.
    func text(in language: PokedexLanguage, values: [String]) -> String {
        var wording = rawValue
        for candidate in language.fallbacks {
            if candidate == .english { break }
            if let translated = Self.translations[candidate.rawValue]?[self] {
                wording = translated
                break
            }
        }
        for (index, value) in values.enumerated() {
            wording = wording.replacing("{\(index + 1)}", with: value)
        }
        return wording
    }

    /// The phrase for a move's damage class, or the class's PokeAPI name when it has none.
    static func damageClass(_ name: String) -> Phrase? {
        switch name {
        case "physical": .physical
        case "special": .special
        case "status": .status
        default: nil
        }
    }

    /// The phrase for a learn method, or `nil` for the rarer ones (shown by their names).
    static func method(_ method: MoveLearnMethod) -> Phrase? {
        switch method {
        case .levelUp: .levelUp
        case .machine: .machine
        case .egg: .egg
        case .tutor: .tutor
        default: nil
        }
    }
}
