import Foundation
import FuzzSupport
import PokedexKit

/// Builds a `Condition<Pokemon>` from fuzz bytes, each byte a decision: which operator, which
/// attribute, which value.
///
/// Every operator of the public API can come out, nested as deep as
/// the input goes (past ``Condition/maximumDepth`` too).
///
/// With `benign` set, the same bytes make the same tree with every value replaced by a plain
/// one of the same kind (`"x"`, `0`), empty and `nil` values kept as they are: the renderers'
/// output must not tell the two apart.
struct ConditionProgram {
    var input: FuzzInput
    let benign: Bool

    /// Deeper than this, the program only makes leaves: far past the library's limit, but a
    /// bound on the builder's own recursion.
    static let builderDepth = 1_000

    init(_ data: Data, benign: Bool) {
        input = FuzzInput(data)
        self.benign = benign
    }

    static let integerAttributes: [any KeyPath<Pokemon, Int> & Sendable] = [
        \.id, \.hp, \.attack, \.defense, \.specialAttack, \.specialDefense, \.speed, \.height,
        \.weight,
    ]

    /// Text; in the benign tree, `"x"`, or `""` for an empty one (an empty operand has a
    /// meaning of its own: every present text contains it).
    mutating func text() -> String {
        let value = input.text()
        return benign && !value.isEmpty ? "x" : value
    }

    mutating func integer() -> Int {
        let value = input.integer()
        return benign ? 0 : value
    }

    mutating func type() -> PokemonType {
        let value = PokemonType(rawValue: input.text())
        return benign ? .fire : value
    }

    mutating func options() -> TextOptions {
        TextOptions(rawValue: input.byte() % 4)
    }

    mutating func texts() -> [String] {
        (0..<input.choice(4)).map { _ in text() }
    }

    mutating func comparison() -> ComparisonOperator {
        ComparisonOperator.allCases[input.choice(ComparisonOperator.allCases.count)]
    }

    /// A condition on a Pokémon.
    mutating func condition(depth: Int = 0) -> Condition<Pokemon> {
        let operation = depth >= Self.builderDepth ? input.choice(11) : input.choice(16)
        switch operation {
        case 0:
            return compare(\.name, text())
        case 1:
            let keyPath = Self.integerAttributes[input.choice(Self.integerAttributes.count)]
            return compare(keyPath, integer())
        case 2:
            let keyPath = Self.integerAttributes[input.choice(Self.integerAttributes.count)]
            let (first, second) = (integer(), integer())
            return .between(keyPath, min(first, second)...max(first, second))
        case 3:
            switch input.choice(3) {
            case 0: return .in(\.name, texts())
            case 1: return .in(\.name, texts(), options: options())
            default: return .in(\.attack, (0..<input.choice(4)).map { _ in integer() })
            }
        case 4:
            return input.choice(4) == 0 ? search() : textTest(\.name)
        case 5:
            switch input.choice(4) {
            case 0: return \.baseExperience == nil
            case 1: return \.baseExperience != nil
            case 2: return compare(\.baseExperience, integer())
            default: return .between(\.baseExperience, 0...max(0, integer()))
            }
        case 6:
            let text = input.text()
            // A URL that does not parse is `nil`, which has a meaning of its own.
            let url = URL(string: text).flatMap { benign ? URL(string: "https://x") : $0 }
            return input.choice(2) == 0 ? \.sprite == url : \.shiny != url
        case 7:
            return \.favorite == (input.choice(2) == 0)
        case 8:
            switch input.choice(5) {
            case 0: return .contains(\.types, type())
            case 1: return .containsAny(\.types, of: [type(), type()])
            case 2: return .containsAll(\.types, of: (0..<input.choice(3)).map { _ in type() })
            case 3: return .isEmpty(\.abilities)
            default: return .count(\.types, comparison(), input.choice(4))
            }
        case 9:
            let element = elementCondition(depth: depth + 1)
            switch input.choice(3) {
            case 0: return .anyElement(\.abilities, where: element)
            case 1: return .everyElement(\.abilities, where: element)
            default: return .noElement(\.abilities, where: element)
            }
        case 10:
            return input.choice(2) == 0 ? .true : .false
        case 11:
            return condition(depth: depth + 1) && condition(depth: depth + 1)
        case 12:
            return condition(depth: depth + 1) || condition(depth: depth + 1)
        case 13:
            return !condition(depth: depth + 1)
        case 14:
            return .and((0..<input.choice(4)).map { _ in condition(depth: depth + 1) })
        default:
            return .or((0..<input.choice(4)).map { _ in condition(depth: depth + 1) })
        }
    }

    /// A word search over the name, the abilities, or both and the types.
    mutating func search() -> Condition<Pokemon> {
        let search = textSearch()
        switch input.choice(3) {
        case 0: return .search(\.name, for: search)
        case 1: return .search(\.abilities, for: search)
        default: return .search([\.name, \.abilities, \.types], for: search)
        }
    }

    /// A search parsed from the input's text, or a fixed one where that text does not parse,
    /// so that the benign tree has a search where this one has: every renderer refuses both.
    mutating func textSearch() -> TextSearch {
        if let search = try? TextSearch(text()) { return search }
        guard let fixed = try? TextSearch("fire") else { fatalError("\"fire\" does not parse") }
        return fixed
    }

    /// A Pokémon whose name, abilities and types are hostile text from the input.
    mutating func subject() -> Pokemon? {
        guard var record = ConditionRenderingFuzz.pokemon.first else { return nil }
        record.name = input.text()
        record.abilities = (0..<input.choice(3)).map { _ in input.text() }
        record.types = (0..<input.choice(3)).map { _ in PokemonType(rawValue: input.text()) }
        return record
    }

    /// A condition on one ability's name.
    mutating func elementCondition(depth: Int) -> Condition<String> {
        let operation = depth >= Self.builderDepth ? input.choice(2) : input.choice(5)
        switch operation {
        case 0: return compare(\String.self, text())
        case 1:
            return input.choice(4) == 0
                ? .search(\String.self, for: textSearch()) : textTest(\String.self)
        case 2: return elementCondition(depth: depth + 1) && elementCondition(depth: depth + 1)
        case 3: return elementCondition(depth: depth + 1) || elementCondition(depth: depth + 1)
        default: return !elementCondition(depth: depth + 1)
        }
    }

    mutating func compare<Model, Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ value: Value
    ) -> Condition<Model> {
        switch comparison() {
        case .equal: keyPath == value
        case .notEqual: keyPath != value
        case .less: keyPath < value
        case .lessOrEqual: keyPath <= value
        case .greater: keyPath > value
        case .greaterOrEqual: keyPath >= value
        }
    }

    mutating func compare<Model, Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable, _ value: Value
    ) -> Condition<Model> {
        switch comparison() {
        case .equal: keyPath == value
        case .notEqual: keyPath != value
        case .less: keyPath < value
        case .lessOrEqual: keyPath <= value
        case .greater: keyPath > value
        case .greaterOrEqual: keyPath >= value
        }
    }

    mutating func textTest<Model>(_ keyPath: any KeyPath<Model, String> & Sendable)
        -> Condition<Model>
    {
        let operation = input.choice(6)
        let operand = text()
        let options = options()
        switch operation {
        case 0: return .contains(keyPath, operand, options: options)
        case 1: return .hasPrefix(keyPath, operand, options: options)
        case 2: return .hasSuffix(keyPath, operand, options: options)
        case 3: return .like(keyPath, operand, options: options)
        case 4: return .matches(keyPath, regex(operand), options: options)
        default: return .equals(keyPath, operand, options: options)
        }
    }

    /// A regular expression that cannot backtrack without bound: the operand with every
    /// quantifier but `?` taken out (a pattern the user writes is theirs to keep linear), and
    /// at most ``ConditionRenderingFuzz/longestPattern`` UTF-16 units long (FoundationNetworking
    /// on Linux leaks every longer pattern it compiles; see `Fuzz/lsan.supp`).
    func regex(_ operand: String) -> String {
        var pattern = ""
        for character in operand where !"*+{".contains(character) {
            guard
                pattern.utf16.count + character.utf16.count
                    <= ConditionRenderingFuzz.longestPattern
            else { break }
            pattern.append(character)
        }
        return pattern
    }
}
