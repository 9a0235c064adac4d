/// How a Pokémon learns a move, such as ``levelUp`` or ``machine``.
///
/// String-backed and open, as ``PokemonType`` is: the four common methods have constants, and
/// any other name the service sends (`"form-change"`, `"zygarde-cube"`, or one added next
/// year) decodes and round-trips unchanged.
///
/// ```swift
/// let method: MoveLearnMethod = "level-up"
/// method == .levelUp              // true
/// MoveLearnMethod.machine.displayName   // "machine"
/// ```
public struct MoveLearnMethod: RawRepresentable, Hashable, Sendable, Comparable {
    /// The method's name as PokeAPI spells it, such as `"level-up"`.
    public let rawValue: String

    /// Creates a method from its PokeAPI name.
    ///
    /// - Parameter rawValue: The name, such as `"egg"`. Any string is accepted.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Learned on reaching a level (``LearnsetEntry/level``).
    public static let levelUp = MoveLearnMethod(rawValue: "level-up")
    /// Taught by a technical or hidden machine.
    public static let machine = MoveLearnMethod(rawValue: "machine")
    /// Inherited from a parent through breeding.
    public static let egg = MoveLearnMethod(rawValue: "egg")
    /// Taught by a move tutor.
    public static let tutor = MoveLearnMethod(rawValue: "tutor")

    /// The four common methods, in the order a learnset lists them.
    public static let common: [MoveLearnMethod] = [.levelUp, .machine, .egg, .tutor]

    /// The method's name for people: its PokeAPI name with spaces for hyphens
    /// (`"level up"`, `"form change"`).
    public var displayName: String {
        rawValue.replacing("-", with: " ")
    }

    /// Orders methods as a learnset lists them: the ``common`` four first, in their order,
    /// then any other by name.
    public static func < (lhs: MoveLearnMethod, rhs: MoveLearnMethod) -> Bool {
        let left = common.firstIndex(of: lhs) ?? common.count
        let right = common.firstIndex(of: rhs) ?? common.count
        return left != right ? left < right : lhs.rawValue < rhs.rawValue
    }
}

extension MoveLearnMethod: ExpressibleByStringLiteral {
    /// Creates a method from a string literal, such as `"egg"`.
    ///
    /// - Parameter value: The method's PokeAPI name.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }
}

extension MoveLearnMethod: CustomStringConvertible {
    /// The method's PokeAPI name.
    public var description: String { rawValue }
}

// Coded as its name, a single string, by the standard library's `RawRepresentable` coding:
// names this version does not know decode too.
extension MoveLearnMethod: Codable {}
