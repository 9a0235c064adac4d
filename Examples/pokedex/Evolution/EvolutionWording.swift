import Foundation
import PokedexKit

/// Evolution conditions in words, as a Pokédex writes them: "level 16", "use Fire Stone",
/// "level up with high friendship during the day", "trade holding Metal Coat".
///
/// PokeAPI lists a step's conditions once per game; the wording leaves the game out, so the
/// same condition in several games reads once. Conditions that differ only in where they
/// happen read as one, with the places listed: "level up at Mt Coronet or Chargestone Cave".
struct EvolutionWording {
    /// A species' display name by its id, for the species a condition names (a trade partner,
    /// a Pokémon in the party).
    var speciesName: (Int) -> String?

    /// The ways to evolve into a step, in words: each different way once, the default ways
    /// first.
    ///
    /// - Parameter conditions: A step's conditions, as the chain lists them.
    /// - Returns: The phrases, such as `["use Leaf Stone", "level up near a special rock"]`;
    ///   empty for a root.
    func phrases(for conditions: [EvolutionCondition]) -> [String] {
        let ordered = conditions.filter(\.isDefault) + conditions.filter { !$0.isDefault }
        var places: [String: [String]] = [:]
        var order: [String] = []
        for condition in ordered {
            let (template, place) = phrase(for: condition)
            if places[template] == nil { order.append(template) }
            var known = places[template] ?? []
            if let place, !known.contains(place) { known.append(place) }
            places[template] = known
        }
        return order.map { template in
            let list = places[template] ?? []
            return template.replacingOccurrences(
                of: Self.placeMark,
                with: list.isEmpty ? "" : " at " + CommandSpec.alternatives(list))
        }
    }

    /// Where a phrase names its places, replaced once the places of every game are known.
    private static let placeMark = "\u{1}"

    /// One condition in words, with the place it needs (if any) left as ``placeMark``.
    private func phrase(for condition: EvolutionCondition) -> (String, String?) {
        var words = [action(for: condition)]
        var place: String?
        if condition.trigger != .trade, let item = condition.heldItem {
            words.append("holding \(Self.title(item))")
        }
        if condition.minHappiness != nil { words.append("with high friendship") }
        if condition.minAffection != nil { words.append("with high affection") }
        if condition.minBeauty != nil { words.append("with high beauty") }
        if let move = condition.knownMove { words.append("knowing \(Self.title(move))") }
        if let type = condition.knownMoveType {
            words.append("knowing a \(Self.title(type.rawValue))-type move")
        }
        if condition.nearSpecialRock {
            // The rock's place differs by game; the rock is what matters.
            words.append("near a special rock")
        } else if let location = condition.location {
            place = Self.title(location)
            words[words.count - 1] += Self.placeMark
        }
        if let time = condition.timeOfDay { words.append(Self.words(for: time)) }
        if let gender = condition.gender {
            words.append(gender == .female ? "if female" : "if male")
        }
        if let stats = condition.relativePhysicalStats {
            let comparison =
                switch stats {
                case .attackHigher: "above"
                case .equal: "equal to"
                case .defenseHigher: "below"
                }
            words.append("with Attack \(comparison) Defense")
        }
        if let id = condition.partySpeciesID {
            words.append("with \(speciesName(id) ?? "species \(id)") in the party")
        }
        if let type = condition.partyType {
            words.append("with a \(Self.title(type.rawValue))-type Pokémon in the party")
        }
        if condition.needsOverworldRain { words.append("in the rain") }
        if condition.turnUpsideDown { words.append("with the console upside down") }
        if let steps = condition.minSteps { words.append("after walking \(steps) steps") }
        if condition.needsMultiplayer { words.append("in a Union Circle") }
        if let region = condition.region { words.append("in \(Self.title(region))") }
        if place == nil { words[0] += Self.placeMark }
        return (words.joined(separator: " "), place)
    }

    /// What sets the evolution off, in words: "level 16", "use Fire Stone", "trade".
    private func action(for condition: EvolutionCondition) -> String {
        let count = condition.minMoveCount.map { " \($0) times" } ?? ""
        let move = condition.usedMove.map(Self.title) ?? "a move"
        switch condition.trigger {
        case .levelUp: return condition.minLevel.map { "level \($0)" } ?? "level up"
        case .useItem: return "use \(condition.item.map(Self.title) ?? "an item")"
        case .trade:
            var words = "trade"
            if let item = condition.heldItem { words += " holding \(Self.title(item))" }
            if let id = condition.tradeSpeciesID {
                words += " for \(speciesName(id) ?? "species \(id)")"
            }
            return words
        case .shed: return "appears when Nincada evolves, given a free party slot and a Poké Ball"
        case .useMove: return "use \(move)\(count)"
        case .other:
            return condition.minLevel.map { "level \($0) (in a battle)" } ?? "a special way"
        default: break
        }
        let damage = condition.minDamageTaken.map(String.init) ?? "enough"
        return switch condition.trigger.rawValue {
        case "agile-style-move": "use \(move) in agile style\(count)"
        case "strong-style-move": "use \(move) in strong style\(count)"
        case "three-critical-hits": "land three critical hits in one battle"
        case "recoil-damage": "lose \(damage) HP from recoil"
        case "take-damage": "lose \(damage) HP, then walk under the Dusty Bowl's stone arch"
        case "three-defeated-bisharp": "defeat three Bisharp that lead Pawniard"
        case "spin": "spin around holding a Sweet"
        case "gimmighoul-coins": "collect 999 Gimmighoul Coins"
        case "tower-of-darkness": "complete the Tower of Darkness"
        case "tower-of-waters": "complete the Tower of Waters"
        default: condition.trigger.rawValue.replacingOccurrences(of: "-", with: " ")
        }
    }

    /// A time of day in words: "during the day", "at night", "at dusk".
    private static func words(for time: EvolutionCondition.TimeOfDay) -> String {
        switch time {
        case .day: "during the day"
        case .night: "at night"
        case .fullMoon: "under a full moon"
        default: "at \(time.rawValue.replacingOccurrences(of: "-", with: " "))"
        }
    }

    /// A PokeAPI name as a title: `metal-coat` as "Metal Coat", `kings-rock` as "King's Rock",
    /// `scroll-of-darkness` as "Scroll of Darkness".
    static func title(_ name: String) -> String {
        if let special = specialTitles[name] { return special }
        return name.split(separator: "-").enumerated().map { index, word in
            index > 0 && minorWords.contains(String(word))
                ? String(word) : word.prefix(1).uppercased() + word.dropFirst()
        }.joined(separator: " ")
    }

    /// The words a title leaves in lower case after its first: "Scroll of Darkness".
    private static let minorWords: Set<String> = ["of", "the", "a", "an", "and", "in", "on"]

    /// The names whose title is not their words capitalized.
    private static let specialTitles = [
        "kings-rock": "King's Rock", "up-grade": "Up-Grade", "mt-coronet": "Mt. Coronet",
        "dubious-disc": "Dubious Disc", "deep-sea-tooth": "Deep Sea Tooth",
        "deep-sea-scale": "Deep Sea Scale",
    ]
}
