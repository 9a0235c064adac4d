import PokedexKit

/// How much damage a defender of one or two types takes from each attacking type, grouped
/// by multiplier: what `pokedex types` prints.
///
/// Every factor comes from the library's `TypeChart`: the product of the factors against
/// each of the defender's types.
///
/// ```swift
/// let matchups = TypeMatchups(defending: [.fire, .flying], chart: chart)
/// matchups.groups.first   // 4×: [.rock]
/// ```
struct TypeMatchups: Encodable {
    /// The multipliers a group can have, from most damage to least.
    static let multipliers: [Double] = [4, 2, 1, 0.5, 0.25, 0]

    /// The attacking types that deal one multiplier of damage.
    struct Group: Encodable {
        /// The factor: 4, 2, 1, 0.5, 0.25 or 0.
        var multiplier: Double
        /// The attacking types, in PokeAPI's id order.
        var attacking: [PokemonType]

        /// The multiplier as the table writes it: `4×`, `½×`, `0×`.
        var label: String { TypeMatchups.label(multiplier) }
    }

    /// The defender's types, as given.
    var defending: [PokemonType]
    /// The groups that have at least one attacking type, from most damage to least.
    var groups: [Group]

    /// Groups the 18 attacking types by their factor against `defending`.
    ///
    /// - Parameters:
    ///   - defending: The defender's one or two types.
    ///   - chart: The type chart to read the factors from.
    init(defending: [PokemonType], chart: TypeChart) {
        self.defending = defending
        let factors = chart.multipliers(against: defending)
        groups = Self.multipliers.compactMap { multiplier in
            let attacking = PokemonType.known.filter { factors[$0] == multiplier }
            return attacking.isEmpty ? nil : Group(multiplier: multiplier, attacking: attacking)
        }
    }

    /// The multiplier of one attacking type, or `nil` if it is in no group.
    func multiplier(of attacking: PokemonType) -> Double? {
        groups.first { $0.attacking.contains(attacking) }?.multiplier
    }

    /// A multiplier as the table writes it: `4×`, `2×`, `1×`, `½×`, `¼×` or `0×`.
    static func label(_ multiplier: Double) -> String {
        switch multiplier {
        case 0.5: "½×"
        case 0.25: "¼×"
        default: "\(Int(multiplier))×"
        }
    }

    /// The table as text, at most `width` columns wide: a title, then one line per group
    /// (more where a group's names wrap), each type by its display name.
    ///
    /// ```
    /// Fire/Flying defending: damage from each attacking type
    ///   4×  Rock
    ///   2×  Water, Electric
    ///   …
    /// ```
    ///
    /// - Parameters:
    ///   - displayName: A type's name as shown, such as "Fire".
    ///   - width: The widest line allowed.
    /// - Returns: The lines, joined by newlines.
    func text(displayName: (PokemonType) -> String, width: Int = CommandSpec.helpWidth) -> String {
        let title = defending.map(displayName).joined(separator: "/")
        var lines = ["\(title) defending: damage from each attacking type"]
        let indent = "      "
        for group in groups {
            let wrapped = CommandSpec.wrapList(
                group.attacking.map(displayName), width: width - indent.count)
            let label = "  " + group.label + String(repeating: " ", count: 4 - group.label.count)
            lines.append(label + wrapped.joined(separator: "\n" + indent))
        }
        return lines.joined(separator: "\n")
    }
}
