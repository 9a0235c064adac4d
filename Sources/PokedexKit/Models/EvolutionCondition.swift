/// One way to evolve: a trigger and every condition that must hold with it, as PokeAPI lists
/// them in an `evolution_details` entry.
///
/// Absent conditions are `nil` or `false`; every one present must hold. Umbreon's, for
/// example, is ``EvolutionTrigger/levelUp`` with ``minHappiness`` 160 and ``timeOfDay``
/// `.night`; Gallade's is a Dawn Stone (``item``) used on a male (``gender``) Kirlia.
public struct EvolutionCondition: Hashable, Sendable {
    /// What sets the evolution off.
    public var trigger: EvolutionTrigger
    /// The lowest level at which it happens.
    public var minLevel: Int?
    /// The item's PokeAPI name to use on the Pokémon, such as `"thunder-stone"`.
    public var item: String?
    /// The item's PokeAPI name the Pokémon must hold, such as `"metal-coat"`.
    public var heldItem: String?
    /// The time of day it must be.
    public var timeOfDay: TimeOfDay?
    /// The lowest happiness (friendship) the Pokémon must have.
    public var minHappiness: Int?
    /// The lowest affection the Pokémon must have.
    public var minAffection: Int?
    /// The lowest beauty the Pokémon must have.
    public var minBeauty: Int?
    /// The move's PokeAPI name the Pokémon must know, such as `"ancient-power"`.
    public var knownMove: String?
    /// A type of which the Pokémon must know a move.
    public var knownMoveType: PokemonType?
    /// The location's PokeAPI name where it must level up, such as `"eterna-forest"`.
    public var location: String?
    /// The gender the Pokémon must have.
    public var gender: Gender?
    /// Whether it must be raining in the overworld.
    public var needsOverworldRain: Bool
    /// The id of a species that must be in the party.
    public var partySpeciesID: Int?
    /// A type of which a Pokémon must be in the party.
    public var partyType: PokemonType?
    /// How the Pokémon's attack must compare with its defense.
    public var relativePhysicalStats: RelativePhysicalStats?
    /// The id of the species the Pokémon must be traded for.
    public var tradeSpeciesID: Int?
    /// Whether the game system must be held upside down.
    public var turnUpsideDown: Bool
    /// The lowest damage the Pokémon must have taken.
    public var minDamageTaken: Int?
    /// The number of times a move must have been used.
    public var minMoveCount: Int?
    /// The number of steps the Pokémon must have walked.
    public var minSteps: Int?
    /// The move's PokeAPI name that must have been used ``minMoveCount`` times.
    public var usedMove: String?
    /// Whether the Pokémon must level up near a special rock (a Moss or Ice Rock).
    public var nearSpecialRock: Bool
    /// Whether it needs a multiplayer session.
    public var needsMultiplayer: Bool
    /// The region's PokeAPI name where the condition applies, such as `"hisui"`.
    public var region: String?
    /// The id of the Pokémon (form) that evolves, where the condition is a form's.
    public var baseFormID: Int?
    /// The id of the Pokémon (form) it evolves into, where the condition is a form's.
    public var evolvedFormID: Int?
    /// The version group's PokeAPI name the condition is listed for, such as `"red-blue"`.
    public var versionGroup: String?
    /// Whether PokeAPI marks this as the default way to evolve.
    public var isDefault: Bool

    /// Creates a condition: a trigger and whatever else must hold.
    ///
    /// - Parameters:
    ///   - trigger: What sets the evolution off.
    ///   - minLevel: The lowest level.
    ///   - item: The item's name to use.
    ///   - heldItem: The item's name to hold.
    ///   - timeOfDay: The time of day.
    ///   - minHappiness: The lowest happiness.
    ///   - minAffection: The lowest affection.
    ///   - minBeauty: The lowest beauty.
    ///   - knownMove: The move's name to know.
    ///   - knownMoveType: A type of a move to know.
    ///   - location: The location's name.
    ///   - gender: The gender.
    ///   - needsOverworldRain: Whether it must rain.
    ///   - partySpeciesID: The id of a species in the party.
    ///   - partyType: A type in the party.
    ///   - relativePhysicalStats: How attack compares with defense.
    ///   - tradeSpeciesID: The id of the species to trade for.
    ///   - turnUpsideDown: Whether to hold the system upside down.
    ///   - minDamageTaken: The lowest damage taken.
    ///   - minMoveCount: The number of uses of ``usedMove``.
    ///   - minSteps: The number of steps walked.
    ///   - usedMove: The move's name to use.
    ///   - nearSpecialRock: Whether near a special rock.
    ///   - needsMultiplayer: Whether in a multiplayer session.
    ///   - region: The region's name.
    ///   - baseFormID: The id of the form that evolves.
    ///   - evolvedFormID: The id of the form it evolves into.
    ///   - versionGroup: The version group's name.
    ///   - isDefault: Whether it is the default way.
    public init(
        trigger: EvolutionTrigger,
        minLevel: Int? = nil,
        item: String? = nil,
        heldItem: String? = nil,
        timeOfDay: TimeOfDay? = nil,
        minHappiness: Int? = nil,
        minAffection: Int? = nil,
        minBeauty: Int? = nil,
        knownMove: String? = nil,
        knownMoveType: PokemonType? = nil,
        location: String? = nil,
        gender: Gender? = nil,
        needsOverworldRain: Bool = false,
        partySpeciesID: Int? = nil,
        partyType: PokemonType? = nil,
        relativePhysicalStats: RelativePhysicalStats? = nil,
        tradeSpeciesID: Int? = nil,
        turnUpsideDown: Bool = false,
        minDamageTaken: Int? = nil,
        minMoveCount: Int? = nil,
        minSteps: Int? = nil,
        usedMove: String? = nil,
        nearSpecialRock: Bool = false,
        needsMultiplayer: Bool = false,
        region: String? = nil,
        baseFormID: Int? = nil,
        evolvedFormID: Int? = nil,
        versionGroup: String? = nil,
        isDefault: Bool = true
    ) {
        self.trigger = trigger
        self.minLevel = minLevel
        self.item = item
        self.heldItem = heldItem
        self.timeOfDay = timeOfDay
        self.minHappiness = minHappiness
        self.minAffection = minAffection
        self.minBeauty = minBeauty
        self.knownMove = knownMove
        self.knownMoveType = knownMoveType
        self.location = location
        self.gender = gender
        self.needsOverworldRain = needsOverworldRain
        self.partySpeciesID = partySpeciesID
        self.partyType = partyType
        self.relativePhysicalStats = relativePhysicalStats
        self.tradeSpeciesID = tradeSpeciesID
        self.turnUpsideDown = turnUpsideDown
        self.minDamageTaken = minDamageTaken
        self.minMoveCount = minMoveCount
        self.minSteps = minSteps
        self.usedMove = usedMove
        self.nearSpecialRock = nearSpecialRock
        self.needsMultiplayer = needsMultiplayer
        self.region = region
        self.baseFormID = baseFormID
        self.evolvedFormID = evolvedFormID
        self.versionGroup = versionGroup
        self.isDefault = isDefault
    }
}

extension EvolutionCondition {
    /// A time of day an evolution needs, such as ``night``.
    ///
    /// Open like ``EvolutionTrigger``: a name without a constant decodes unchanged.
    public struct TimeOfDay: RawRepresentable, Hashable, Sendable, Codable {
        /// The PokeAPI name, such as `"day"`.
        public let rawValue: String

        /// Creates a time of day from its PokeAPI name.
        ///
        /// - Parameter rawValue: The name, such as `"dusk"`. Any string is accepted.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Day.
        public static let day = TimeOfDay(rawValue: "day")
        /// Night.
        public static let night = TimeOfDay(rawValue: "night")
        /// Dusk (Lycanroc's dusk form).
        public static let dusk = TimeOfDay(rawValue: "dusk")
        /// A full moon.
        public static let fullMoon = TimeOfDay(rawValue: "full-moon")
    }

    /// The gender an evolution needs, by PokeAPI's gender ids.
    public enum Gender: Int, Hashable, Sendable, Codable {
        /// Female (PokeAPI gender 1).
        case female = 1
        /// Male (PokeAPI gender 2).
        case male = 2
    }

    /// How a Pokémon's attack must compare with its defense (Tyrogue's three evolutions).
    public enum RelativePhysicalStats: Int, Hashable, Sendable, Codable {
        /// Attack above defense (PokeAPI 1): Hitmonlee.
        case attackHigher = 1
        /// Attack equal to defense (PokeAPI 0): Hitmontop.
        case equal = 0
        /// Attack below defense (PokeAPI -1): Hitmonchan.
        case defenseHigher = -1
    }
}
