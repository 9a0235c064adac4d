/// What an app asks of its Pokédex: a name to search for, types, stat thresholds, favorites,
/// an order and a page — turned into a KeyPathQuery `RecordQuery`.
///
/// ```swift
/// var filter = PokemonFilter()
/// filter.name = "char"                    // case- and diacritic-insensitive
/// filter.types = [.fire]
/// filter.minimumStats[.attack] = 80
/// filter.sort = .attack(.descending)
/// let result = try await pokedex.pokemon(matching: filter)
/// ```
///
/// Every part is optional; an empty filter matches every Pokémon, in id order.
///
/// ``generation``, ``legendaryOnly`` and ``mythicalOnly`` ask about the Pokémon's species:
/// they follow ``Pokemon/speciesID`` to a ``PokemonSpecies`` in the same database, so a
/// Pokédex over a store of Pokémon alone refuses them (`StoreError.unknownModel`), and a
/// Pokémon whose species is not stored matches none of them. ``favoritesOnly`` likewise asks
/// the ``Favorite`` records that refer to the Pokémon, and ``learnsMoveID`` the
/// ``LearnsetEntry`` records.
public struct PokemonFilter: Hashable, Sendable {
    /// Text the name must contain, ignoring case and diacritics ("FLABÉBÉ" finds
    /// "flabebe"); `nil` or empty for any name.
    public var name: String?
    /// Types the Pokémon must have, all of them; empty for any type.
    public var types: [PokemonType]
    /// The least value of each base stat; absent stats are not tested.
    public var minimumStats: [Stat: Int]
    /// Whether only favorites match: the Pokémon that at least one ``Favorite`` refers to.
    ///
    /// It follows the favorites' reference to the Pokémon, so a Pokédex whose database does
    /// not keep ``Favorite`` refuses it (`StoreError.unknownModel`).
    public var favoritesOnly: Bool
    /// The order of the results.
    public var sort: PokemonSort
    /// The most results to return, or `nil` for all of them.
    public var limit: Int?
    /// Only the Pokémon that take at least 2× damage from a type; `nil` for any.
    public var weakness: TypeWeakness?
    /// Only the Pokémon whose species the generation introduced, such as 1 for Red and Blue;
    /// `nil` for any.
    public var generation: Int?
    /// Whether only Pokémon of legendary species match.
    public var legendaryOnly: Bool
    /// Whether only Pokémon of mythical species match.
    public var mythicalOnly: Bool
    /// The id of a move the Pokémon must learn, by ``learnMethod``; `nil` for any.
    ///
    /// It asks the ``LearnsetEntry`` records that refer to the Pokémon, so a Pokédex whose
    /// database keeps no learnsets refuses it (`StoreError.unknownModel`).
    public var learnsMoveID: Int?
    /// How the Pokémon must learn ``learnsMoveID``; `nil` for any method.
    public var learnMethod: MoveLearnMethod?

    /// Creates a filter.
    ///
    /// - Parameters:
    ///   - name: Text the name must contain, ignoring case and diacritics.
    ///   - types: Types the Pokémon must have, all of them.
    ///   - minimumStats: The least value of each base stat.
    ///   - favoritesOnly: Whether only favorites match.
    ///   - sort: The order of the results; by id by default.
    ///   - limit: The most results to return.
    ///   - weakness: Only the Pokémon that take at least 2× damage from a type.
    ///   - generation: Only the Pokémon whose species the generation introduced.
    ///   - legendaryOnly: Whether only Pokémon of legendary species match.
    ///   - mythicalOnly: Whether only Pokémon of mythical species match.
    ///   - learnsMoveID: Only the Pokémon that learn the move of this id.
    ///   - learnMethod: How they must learn it; any way by default.
    public init(
        name: String? = nil, types: [PokemonType] = [], minimumStats: [Stat: Int] = [:],
        favoritesOnly: Bool = false, sort: PokemonSort = .id(.ascending), limit: Int? = nil,
        weakness: TypeWeakness? = nil, generation: Int? = nil, legendaryOnly: Bool = false,
        mythicalOnly: Bool = false, learnsMoveID: Int? = nil, learnMethod: MoveLearnMethod? = nil
    ) {
        self.name = name
        self.types = types
        self.minimumStats = minimumStats
        self.favoritesOnly = favoritesOnly
        self.sort = sort
        self.limit = limit
        self.weakness = weakness
        self.generation = generation
        self.legendaryOnly = legendaryOnly
        self.mythicalOnly = mythicalOnly
        self.learnsMoveID = learnsMoveID
        self.learnMethod = learnMethod
    }

    /// The condition the filter describes.
    public var condition: Condition<Pokemon> {
        var parts: [Condition<Pokemon>] = []
        if let name, !name.isEmpty {
            parts.append(
                .contains(\.name, name, options: [.caseInsensitive, .diacriticInsensitive]))
        }
        if !types.isEmpty {
            parts.append(.containsAll(\.types, of: types))
        }
        for stat in Stat.allCases {
            if let minimum = minimumStats[stat] {
                parts.append(stat.keyPath >= minimum)
            }
        }
        if favoritesOnly {
            parts.append(.anyReferrer(Favorite.self, through: \.pokemonID))
        }
        if let weakness {
            parts.append(weakness.condition)
        }
        if let learnsMoveID {
            var learned: Condition<LearnsetEntry> = \.moveID == learnsMoveID
            if let learnMethod { learned = learned && \.method == learnMethod }
            parts.append(.anyReferrer(LearnsetEntry.self, through: \.pokemonID, where: learned))
        }
        if let species = speciesCondition {
            parts.append(.reference(\.speciesID, to: PokemonSpecies.self, where: species))
        }
        return .and(parts)
    }

    /// The part of the filter on the Pokémon's species, or `nil` when it asks nothing of it.
    public var speciesCondition: Condition<PokemonSpecies>? {
        var parts: [Condition<PokemonSpecies>] = []
        if let generation {
            parts.append(\.generation == generation)
        }
        if legendaryOnly {
            parts.append(\.isLegendary == true)
        }
        if mythicalOnly {
            parts.append(\.isMythical == true)
        }
        return parts.isEmpty ? nil : .and(parts)
    }

    /// The query the filter describes: its condition, its order (ending with the id, so ties
    /// come out the same everywhere) and its limit.
    public var query: RecordQuery<Pokemon> {
        RecordQuery(where: condition, sortedBy: sort.sortKeys, limit: limit)
    }
}

/// A base stat, for thresholds and sorting.
public enum Stat: String, Hashable, Sendable, CaseIterable, Codable {
    /// Hit points.
    case hp
    /// Attack.
    case attack
    /// Defense.
    case defense
    /// Special attack.
    case specialAttack = "special-attack"
    /// Special defense.
    case specialDefense = "special-defense"
    /// Speed.
    case speed

    /// The stat's attribute of ``Pokemon``.
    public var keyPath: any KeyPath<Pokemon, Int> & Sendable {
        switch self {
        case .hp: \Pokemon.hp
        case .attack: \Pokemon.attack
        case .defense: \Pokemon.defense
        case .specialAttack: \Pokemon.specialAttack
        case .specialDefense: \Pokemon.specialDefense
        case .speed: \Pokemon.speed
        }
    }
}

/// The order of a Pokédex's results.
public enum PokemonSort: Hashable, Sendable {
    /// By id.
    case id(SortKey<Pokemon>.Direction)
    /// By name, ignoring case.
    case name(SortKey<Pokemon>.Direction)
    /// By a base stat.
    case stat(Stat, SortKey<Pokemon>.Direction)

    /// By attack, the commonest stat sort.
    public static func attack(_ direction: SortKey<Pokemon>.Direction) -> PokemonSort {
        .stat(.attack, direction)
    }

    /// The sort keys, ending with the id so that ties have one order.
    public var sortKeys: [SortKey<Pokemon>] {
        switch self {
        case .id(let direction):
            [direction == .ascending ? .ascending(\.id) : .descending(\.id)]
        case .name(let direction):
            [
                direction == .ascending
                    ? .ascending(\.name, options: .caseInsensitive)
                    : .descending(\.name, options: .caseInsensitive),
                .ascending(\.id),
            ]
        case .stat(let stat, let direction):
            [
                direction == .ascending ? .ascending(stat.keyPath) : .descending(stat.keyPath),
                .ascending(\.id),
            ]
        }
    }
}
