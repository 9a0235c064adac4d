import Foundation
import Hummingbird
import PokedexKit

/// The query items of `GET /pokemon`, named and read as `pokedex list` names and reads its
/// options: `type`, `name`, `min-hp`, `min-attack`, `min-defense`, `min-speed`, `weak-to`,
/// `favorites`, `sort` and `limit`.
///
///     GET /pokemon?type=fire,flying&min-attack=80&sort=-attack&limit=10
///
/// Sort keys and lists of types are read by PokedexKit's text forms
/// (`PokemonSort(parsing:)`, `PokemonType.list(parsing:)`), the ones the command line uses,
/// so the two accept the same words. An unknown item, an item given twice or a value refused
/// is a 400 that names the item and what it accepts.
enum ListParameters {
    /// The threshold items, `min-hp`, `min-attack` and so on: one per stat that text names.
    static let minimumStats: [(stat: Stat, name: String)] = PokemonFilter.textStats.map {
        ($0, "min-\($0.rawValue)")
    }

    /// Every item's name, in the order the errors list them.
    static let names: [String] =
        ["type", "name"] + minimumStats.map(\.name) + ["weak-to", "favorites", "sort", "limit"]

    /// The filter that a request's query items describe.
    ///
    /// - Parameters:
    ///   - items: The query items, percent-decoded, in the order given.
    ///   - chart: The type chart `weak-to` reads (see `TypeWeakness`).
    /// - Returns: The filter; every Pokémon in id order when there are no items.
    /// - Throws: ``APIError`` (400) naming the item at fault and what it accepts.
    static func filter(
        from items: some Collection<(key: Substring, value: Substring)>, chart: TypeChart
    ) throws(APIError) -> PokemonFilter {
        var filter = PokemonFilter()
        var seen: Set<Substring> = []
        for (key, value) in items {
            guard names.contains(String(key)) else {
                throw APIError(
                    .badRequest, "unknown parameter '\(key)'", parameter: String(key),
                    accepted: names.joined(separator: ", "))
            }
            guard seen.insert(key).inserted else {
                throw APIError(
                    .badRequest, "\(key) is given twice", parameter: String(key),
                    accepted: "one value")
            }
            try read(String(key), String(value), into: &filter, chart: chart)
        }
        return filter
    }

    /// Reads one item's value into the filter.
    private static func read(
        _ key: String, _ value: String, into filter: inout PokemonFilter, chart: TypeChart
    ) throws(APIError) {
        switch key {
        case "weak-to":
            let type: PokemonType
            do throws(PokemonFilter.TextError) {
                type = try PokemonType(parsing: value)
            } catch {
                throw APIError.badValue(key, error)
            }
            filter.weakness = TypeWeakness(to: type, chart: chart)
        case "type":
            do throws(PokemonFilter.TextError) {
                filter.types = try PokemonType.list(parsing: value)
            } catch {
                throw APIError.badValue(key, error)
            }
        case "name":
            filter.name = value
        case "favorites":
            switch value {
            case "", "true": filter.favoritesOnly = true
            case "false": filter.favoritesOnly = false
            default: throw APIError.badValue(key, value, accepted: "true or false")
            }
        case "sort":
            do throws(PokemonFilter.TextError) {
                filter.sort = try PokemonSort(parsing: value)
            } catch {
                throw APIError.badValue(key, error)
            }
        case "limit":
            guard let limit = Int(value), limit >= 0 else {
                throw APIError.badValue(key, value, accepted: "a number of Pokémon (0 or more)")
            }
            filter.limit = limit
        default:
            guard let stat = minimumStats.first(where: { $0.name == key })?.stat,
                let minimum = Int(value)
            else {
                throw APIError.badValue(key, value, accepted: "a whole number")
            }
            filter.minimumStats[stat] = minimum
        }
    }
}
