import InternalSupport
import KeyPathQuery
import ModelStorage

/// Random condition trees over the whole operator grammar: comparisons, `between`, `in`,
/// `nil` tests, every text operator with every option, `matches`, collection tests and
/// quantifiers, `&&`, `||`, `!`, `.and`, `.or`, `.true` and `.false`.
extension QueryGenerator {
    typealias RecordCondition = Described<Condition<ConformanceRecord>>

    /// A condition, nested up to ``maximumDepth``.
    mutating func condition(depth: Int = 0) -> RecordCondition {
        let operation = depth >= Self.maximumDepth ? random.below(10) : random.below(15)
        switch operation {
        case 0: return compare(\.name, "\\.name", text(), Self.literal)
        case 1: return integerCondition()
        case 2: return oneOf()
        case 3, 4: return textTest(\.name, "\\.name")
        case 5: return nicknameCondition()
        case 6:
            let value = random.oneIn(2)
            return random.oneIn(2)
                ? Described(\.favorite == value, "\\.favorite == \(value)")
                : Described(\.favorite != value, "\\.favorite != \(value)")
        case 7: return collectionTest()
        case 8: return quantified(depth: depth)
        case 9: return random.oneIn(2) ? Described(.true, ".true") : Described(.false, ".false")
        case 10:
            let (lhs, rhs) = (condition(depth: depth + 1), condition(depth: depth + 1))
            return Described(
                lhs.value && rhs.value, "(\(lhs.description) && \(rhs.description))")
        case 11:
            let (lhs, rhs) = (condition(depth: depth + 1), condition(depth: depth + 1))
            return Described(
                lhs.value || rhs.value, "(\(lhs.description) || \(rhs.description))")
        case 12:
            let inner = condition(depth: depth + 1)
            return Described(!inner.value, "!\(inner.description)")
        case 13:
            let parts = (0..<random.below(4)).map { _ in condition(depth: depth + 1) }
            return Described(
                .and(parts.map(\.value)), ".and(\(Self.list(parts.map(\.description))))")
        default:
            let parts = (0..<random.below(4)).map { _ in condition(depth: depth + 1) }
            return Described(
                .or(parts.map(\.value)), ".or(\(Self.list(parts.map(\.description))))")
        }
    }

    /// A comparison, `between` or `in` on the integer attributes `id` and `attack`.
    private mutating func integerCondition() -> RecordCondition {
        let (keyPath, name): (any KeyPath<ConformanceRecord, Int> & Sendable, String) =
            random.oneIn(2) ? (\.attack, "\\.attack") : (\.id, "\\.id")
        if random.oneIn(3) {
            let (first, second) = (integer(), integer())
            let range = min(first, second)...max(first, second)
            return Described(
                .between(keyPath, range),
                ".between(\(name), \(range.lowerBound)...\(range.upperBound))")
        }
        return compare(keyPath, name, integer(), String.init)
    }

    /// `in` over texts (with and without options), integers, and optionals with `nil`.
    private mutating func oneOf() -> RecordCondition {
        switch random.below(4) {
        case 0:
            let texts = (0..<random.below(4)).map { _ in text() }
            return Described(
                .in(\.name, texts), ".in(\\.name, \(Self.list(texts.map(Self.literal))))")
        case 1:
            let texts = (0..<random.below(4)).map { _ in operand() }
            let options = options()
            return Described(
                .in(\.name, texts, options: options.value),
                ".in(\\.name, \(Self.list(texts.map(Self.literal))), options: "
                    + "\(options.description))")
        case 2:
            let numbers = (0..<random.below(4)).map { _ in integer() }
            return Described(
                .in(\.attack, numbers),
                ".in(\\.attack, \(Self.list(numbers.map(String.init))))")
        default:
            let nicknames: [String?] = (0..<random.below(4)).map { _ in
                random.oneIn(3) ? nil : text()
            }
            return Described(
                .in(\.nickname, nicknames),
                ".in(\\.nickname, \(Self.list(nicknames.map { $0.map(Self.literal) ?? "nil" })))")
        }
    }

    /// A condition on the optional nickname: `== nil`, `!= nil`, comparisons, `between`
    /// and text tests, which a `nil` nickname fails.
    private mutating func nicknameCondition() -> RecordCondition {
        switch random.below(5) {
        case 0: return Described(\.nickname == nil, "\\.nickname == nil")
        case 1: return Described(\.nickname != nil, "\\.nickname != nil")
        case 2:
            let (first, second) = (text(), text())
            let range = min(first, second)...max(first, second)
            return Described(
                .between(\.nickname, range),
                ".between(\\.nickname, \(Self.literal(range.lowerBound))..."
                    + "\(Self.literal(range.upperBound)))")
        case 3: return compare(\.nickname, "\\.nickname", text(), Self.literal)
        default: return textTest(\.nickname, "\\.nickname")
        }
    }

    /// A collection test on `tags`.
    private mutating func collectionTest() -> RecordCondition {
        switch random.below(5) {
        case 0:
            let element = text()
            return Described(
                .contains(\.tags, element), ".contains(\\.tags, \(Self.literal(element)))")
        case 1:
            let elements = (0..<random.below(4)).map { _ in text() }
            return Described(
                .containsAny(\.tags, of: elements),
                ".containsAny(\\.tags, of: \(Self.list(elements.map(Self.literal))))")
        case 2:
            let elements = (0..<random.below(3)).map { _ in text() }
            return Described(
                .containsAll(\.tags, of: elements),
                ".containsAll(\\.tags, of: \(Self.list(elements.map(Self.literal))))")
        case 3: return Described(.isEmpty(\.tags), ".isEmpty(\\.tags)")
        default:
            let comparison = ComparisonOperator.allCases[
                random.below(ComparisonOperator.allCases.count)]
            let number = random.below(5) - 1
            return Described(
                .count(\.tags, comparison, number),
                ".count(\\.tags, .\(comparison), \(number))")
        }
    }

    /// `anyElement`, `everyElement` or `noElement` of `tags`, over an element condition.
    private mutating func quantified(depth: Int) -> RecordCondition {
        let element = elementCondition(depth: depth + 1)
        switch random.below(3) {
        case 0:
            return Described(
                .anyElement(\.tags, where: element.value),
                ".anyElement(\\.tags, where: \(element.description))")
        case 1:
            return Described(
                .everyElement(\.tags, where: element.value),
                ".everyElement(\\.tags, where: \(element.description))")
        default:
            return Described(
                .noElement(\.tags, where: element.value),
                ".noElement(\\.tags, where: \(element.description))")
        }
    }

    /// A condition on one tag.
    private mutating func elementCondition(depth: Int) -> Described<Condition<String>> {
        let operation = depth >= Self.maximumDepth ? random.below(2) : random.below(5)
        switch operation {
        case 0: return compare(\String.self, "\\String.self", text(), Self.literal)
        case 1: return textTest(\String.self, "\\String.self")
        case 2:
            let (lhs, rhs) = (
                elementCondition(depth: depth + 1), elementCondition(depth: depth + 1)
            )
            return Described(
                lhs.value && rhs.value, "(\(lhs.description) && \(rhs.description))")
        case 3:
            let (lhs, rhs) = (
                elementCondition(depth: depth + 1), elementCondition(depth: depth + 1)
            )
            return Described(
                lhs.value || rhs.value, "(\(lhs.description) || \(rhs.description))")
        default:
            let inner = elementCondition(depth: depth + 1)
            return Described(!inner.value, "!\(inner.description)")
        }
    }

    /// One of the six comparisons of an attribute with a value.
    private mutating func compare<Model, Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ name: String, _ value: Value,
        _ spell: (Value) -> String
    ) -> Described<Condition<Model>> {
        pickComparison(
            name, spell(value),
            [
                keyPath == value, keyPath != value, keyPath < value, keyPath <= value,
                keyPath > value, keyPath >= value,
            ])
    }

    /// One of the six comparisons of an optional attribute with a present value.
    private mutating func compare<Model, Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable, _ name: String, _ value: Value,
        _ spell: (Value) -> String
    ) -> Described<Condition<Model>> {
        pickComparison(
            name, spell(value),
            [
                keyPath == value, keyPath != value, keyPath < value, keyPath <= value,
                keyPath > value, keyPath >= value,
            ])
    }

    /// One of six comparisons, given in the order `==`, `!=`, `<`, `<=`, `>`, `>=`.
    private mutating func pickComparison<Model>(
        _ name: String, _ spelled: String, _ comparisons: [Condition<Model>]
    ) -> Described<Condition<Model>> {
        let symbols = ["==", "!=", "<", "<=", ">", ">="]
        let index = random.below(symbols.count)
        return Described(comparisons[index], "\(name) \(symbols[index]) \(spelled)")
    }

    /// A text test — contains, prefix, suffix, like, matches or equals — with random options;
    /// one `matches` in about thirty has a pattern that does not compile.
    private mutating func textTest<Model, Value: QueryTextConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, _ name: String
    ) -> Described<Condition<Model>> {
        let options = options()
        let tail = ", options: \(options.description))"
        switch random.below(6) {
        case 0:
            let operand = operand()
            return Described(
                .contains(keyPath, operand, options: options.value),
                ".contains(\(name), \(Self.literal(operand))" + tail)
        case 1:
            let operand = operand()
            return Described(
                .hasPrefix(keyPath, operand, options: options.value),
                ".hasPrefix(\(name), \(Self.literal(operand))" + tail)
        case 2:
            let operand = operand()
            return Described(
                .hasSuffix(keyPath, operand, options: options.value),
                ".hasSuffix(\(name), \(Self.literal(operand))" + tail)
        case 3:
            let pattern = (0..<random.below(4)).map { _ in random.pick(likePieces) }
                .joined()
            return Described(
                .like(keyPath, pattern, options: options.value),
                ".like(\(name), \(Self.literal(pattern))" + tail)
        case 4:
            let pattern =
                random.oneIn(30)
                ? random.pick(Self.invalidRegularExpressions)
                : random.pick(regularExpressions)
            return Described(
                .matches(keyPath, pattern, options: options.value),
                ".matches(\(name), \(Self.literal(pattern))" + tail)
        default:
            let operand = random.oneIn(2) ? text() : operand()
            return Described(
                .equals(keyPath, operand, options: options.value),
                ".equals(\(name), \(Self.literal(operand))" + tail)
        }
    }
}
