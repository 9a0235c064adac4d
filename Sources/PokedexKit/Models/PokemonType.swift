/// The elemental type of a Pokémon, such as ``fire`` or ``water``.
///
/// `PokemonType` is string-backed and open: the 18 types of the main series have constants, and
/// any other name the service sends — `"stellar"`, `"shadow"`, or one added next year — decodes
/// and round-trips unchanged instead of failing.
///
/// ```swift
/// let type: PokemonType = "fire"
/// type == .fire            // true
/// PokemonType(rawValue: "stellar").isKnown   // false, yet it decodes and encodes
/// ```
public struct PokemonType: RawRepresentable, Hashable, Sendable {
    /// The type's name as PokeAPI spells it, such as `"fire"`.
    public let rawValue: String

    /// Creates a type from its PokeAPI name.
    ///
    /// - Parameter rawValue: The name, such as `"grass"`. Any string is accepted.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Whether this is one of the 18 types of the main series, listed in ``known``.
    public var isKnown: Bool {
        Self.known.contains(self)
    }
}

// MARK: - The 18 types

extension PokemonType {
    /// The Normal type.
    public static let normal = PokemonType(rawValue: "normal")
    /// The Fighting type.
    public static let fighting = PokemonType(rawValue: "fighting")
    /// The Flying type.
    public static let flying = PokemonType(rawValue: "flying")
    /// The Poison type.
    public static let poison = PokemonType(rawValue: "poison")
    /// The Ground type.
    public static let ground = PokemonType(rawValue: "ground")
    /// The Rock type.
    public static let rock = PokemonType(rawValue: "rock")
    /// The Bug type.
    public static let bug = PokemonType(rawValue: "bug")
    /// The Ghost type.
    public static let ghost = PokemonType(rawValue: "ghost")
    /// The Steel type.
    public static let steel = PokemonType(rawValue: "steel")
    /// The Fire type.
    public static let fire = PokemonType(rawValue: "fire")
    /// The Water type.
    public static let water = PokemonType(rawValue: "water")
    /// The Grass type.
    public static let grass = PokemonType(rawValue: "grass")
    /// The Electric type.
    public static let electric = PokemonType(rawValue: "electric")
    /// The Psychic type.
    public static let psychic = PokemonType(rawValue: "psychic")
    /// The Ice type.
    public static let ice = PokemonType(rawValue: "ice")
    /// The Dragon type.
    public static let dragon = PokemonType(rawValue: "dragon")
    /// The Dark type.
    public static let dark = PokemonType(rawValue: "dark")
    /// The Fairy type.
    public static let fairy = PokemonType(rawValue: "fairy")

    /// The 18 types of the main series, in PokeAPI's id order.
    public static let known: [PokemonType] = [
        .normal, .fighting, .flying, .poison, .ground, .rock, .bug, .ghost, .steel,
        .fire, .water, .grass, .electric, .psychic, .ice, .dragon, .dark, .fairy,
    ]
}

// MARK: - Conveniences

extension PokemonType: ExpressibleByStringLiteral {
    /// Creates a type from a string literal, such as `"fire"`.
    ///
    /// - Parameter value: The type's PokeAPI name.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

extension PokemonType: CustomStringConvertible {
    /// The type's PokeAPI name.
    public var description: String { rawValue }
}

extension PokemonType: Comparable {
    /// Orders types by name, so lists of types sort predictably.
    public static func < (lhs: PokemonType, rhs: PokemonType) -> Bool {
        lhs.rawValue < rhs.rawValue
    }
}

extension PokemonType: Codable {
    /// Decodes a type from a single string, accepting names this version does not know.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError.typeMismatch` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(rawValue: try container.decode(String.self))
    }

    /// Encodes the type as its name.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: `EncodingError` when the encoder cannot write a value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
