import Foundation

/// A predicate on a model in memory, as conditions compile to.
typealias ModelPredicate<Root> = @Sendable (UnsafePointer<Root>) -> Bool

/// A compiled predicate in a box, so that an optional one keeps its natural calling
/// convention: a closure stored in an `Optional` is kept maximally abstracted, and every call
/// through it would pass through two reabstraction thunks.
struct PredicateBox<Root>: Sendable {
    let test: ModelPredicate<Root>
}

/// Types whose Swift order and equality are those of their stored representation, so that
/// comparisons on them can run on the values themselves — the fast path.
protocol NativeQueryValue: QueryValueConvertible, Comparable, Hashable {}

extension Int: NativeQueryValue {}
extension Int8: NativeQueryValue {}
extension Int16: NativeQueryValue {}
extension Int32: NativeQueryValue {}
extension Int64: NativeQueryValue {}
extension UInt: NativeQueryValue {}
extension UInt8: NativeQueryValue {}
extension UInt16: NativeQueryValue {}
extension UInt32: NativeQueryValue {}
extension UInt64: NativeQueryValue {}
extension Double: NativeQueryValue {}
extension Float: NativeQueryValue {}
extension String: NativeQueryValue {}
extension Date: NativeQueryValue {}
extension UUID: NativeQueryValue {}

/// Compiles comparisons of an attribute with a value, choosing the fastest path the
/// attribute's type allows.
///
/// The paths, fastest first:
///
/// 1. a native type (`Int`, `String`, `Date`, …): compared as itself;
/// 2. an optional native type: the same, with `nil` handled first;
/// 3. any other ``QueryValueConvertible`` type (enumerations, `Bool`, `URL`, your own):
///    compared by its representation, exactly as SQL and `NSPredicate` compare it.
enum ComparisonCompiler {
    static func compile<Root>(
        _ keyPath: AttributeKeyPath, _ comparison: ComparisonOperator, _ operand: QueryValue,
        as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let valueType = keyPath.valueType
        if let native = valueType as? any NativeQueryValue.Type {
            return try native.compileComparison(keyPath, comparison, operand, as: Root.self)
        }
        if let optional = valueType as? any OptionalQueryValue.Type,
            let box = try optional.compileOptionalComparison(
                keyPath, comparison, operand, as: Root.self)
        {
            return box.test
        }
        if valueType == Bool.self, let bound = Bool(queryValue: operand),
            let box = ConcreteComparisons.bool(
                try keyPath.reader(Root.self, Bool.self), comparison, bound)
        {
            return box.test
        }
        if !comparison.isOrdering,
            let equatable = valueType
                as? any (RawRepresentable & Equatable & QueryValueConvertible).Type
        {
            return try equatable.compileEquality(keyPath, comparison, operand, as: Root.self)
        }
        if let convertible = valueType as? any QueryValueConvertible.Type {
            return try convertible.compileRepresentationComparison(
                keyPath, comparison, operand, as: Root.self)
        }
        throw .unsupported(
            operation: "\(keyPath) \(comparison.symbol) \(operand)", target: .inMemory,
            reason: "\(valueType) does not conform to QueryValueConvertible.")
    }

    /// Whether a comparison holds between two representations, with the meaning every target
    /// shares: `nil` equals only `nil`, differs from every value, and orders against nothing.
    static func holds(
        _ comparison: ComparisonOperator, _ attribute: QueryValue, _ operand: QueryValue
    ) -> Bool {
        switch (attribute.isNull, operand.isNull) {
        case (true, true): return comparison == .equal
        case (true, false), (false, true): return comparison == .notEqual
        case (false, false):
            guard let order = attribute.compare(to: operand) else {
                return comparison == .notEqual
            }
            return comparison.holds(for: order)
        }
    }

    /// The result of comparing a present attribute with `nil`.
    static func presentComparedWithNil(_ comparison: ComparisonOperator) -> Bool {
        comparison == .notEqual
    }
}

extension NativeQueryValue {
    static func compileComparison<Root>(
        _ keyPath: AttributeKeyPath, _ comparison: ComparisonOperator, _ operand: QueryValue,
        as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        if operand.isNull {
            let result = ComparisonCompiler.presentComparedWithNil(comparison)
            return { _ in result }
        }
        let bound = try Self.converting(operand, for: keyPath)
        if let concrete = ConcreteComparisons.make(reader, comparison, bound) {
            return concrete.test
        }
        switch comparison {
        case .equal: return { reader.read($0) == bound }
        case .notEqual: return { reader.read($0) != bound }
        case .less: return { reader.read($0) < bound }
        case .lessOrEqual: return { reader.read($0) <= bound }
        case .greater: return { reader.read($0) > bound }
        case .greaterOrEqual: return { reader.read($0) >= bound }
        }
    }

    static func compileOptionalComparison<Root>(
        wrapping keyPath: AttributeKeyPath, _ comparison: ComparisonOperator,
        _ operand: QueryValue, as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self?.self)
        if operand.isNull {
            let isEqual = comparison == .equal
            let isNotEqual = comparison == .notEqual
            return { root in
                let present = reader.read(root) != nil
                return present ? isNotEqual : isEqual
            }
        }
        let bound = try Self.converting(operand, for: keyPath)
        if let reader = reader as? AttributeReader<Root, Int?>, let bound = bound as? Int {
            return ConcreteComparisons.optionalInt(reader, comparison, bound)
        }
        return { root in
            guard let value = reader.read(root) else { return comparison == .notEqual }
            return comparison.holds(value, bound)
        }
    }
}

extension RawRepresentable where Self: Equatable & QueryValueConvertible {
    /// Equality on a raw-representable type through its own `==`, which for raw-representable
    /// types (synthesized equality) agrees with equality of the raw values that SQL and
    /// `NSPredicate` compare — and costs no conversion to a representation per value.
    static func compileEquality<Root>(
        _ keyPath: AttributeKeyPath, _ comparison: ComparisonOperator, _ operand: QueryValue,
        as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        if operand.isNull {
            let result = ComparisonCompiler.presentComparedWithNil(comparison)
            return { _ in result }
        }
        let bound = try converting(operand, for: keyPath)
        if comparison == .equal {
            return { reader.read($0) == bound }
        }
        return { reader.read($0) != bound }
    }
}

extension QueryValueConvertible {
    static func compileRepresentationComparison<Root>(
        _ keyPath: AttributeKeyPath, _ comparison: ComparisonOperator, _ operand: QueryValue,
        as _: Root.Type
    ) throws(QueryError) -> ModelPredicate<Root> {
        let reader = try keyPath.reader(Root.self, Self.self)
        // A value that does not fit the attribute is a mistake in the condition (a decoded
        // one: the typed builders cannot make it), not a silent mismatch. One that fits is
        // compared as the value it converts to, in that value's own representation: a decoded
        // `1` for a `Bool` is `true`, as the type's `init(queryValue:)` says, and as an index
        // of the attribute and every renderer read it.
        let bound = operand.isNull ? operand : try converting(operand, for: keyPath).queryValue
        return { root in
            ComparisonCompiler.holds(comparison, reader.read(root).queryValue, bound)
        }
    }

    /// The operand as a value of this type.
    ///
    /// - Throws: ``QueryError/invalidValue(_:attribute:expected:)`` when it does not fit.
    static func converting(
        _ operand: QueryValue, for keyPath: AttributeKeyPath
    ) throws(QueryError) -> Self {
        guard let value = Self(queryValue: operand) else {
            throw .invalidValue(operand, attribute: keyPath.description, expected: "\(Self.self)")
        }
        return value
    }
}

/// `Optional`, seen from a compiler that does not know its wrapped type statically.
protocol OptionalQueryValue {
    /// Compiles a comparison on an optional native attribute, or returns `nil` when the
    /// wrapped type is not native.
    static func compileOptionalComparison<Root>(
        _ keyPath: AttributeKeyPath, _ comparison: ComparisonOperator, _ operand: QueryValue,
        as _: Root.Type
    ) throws(QueryError) -> PredicateBox<Root>?

    /// Compiles the ascending ordering of an optional native attribute, or returns `nil` when
    /// the wrapped type is not native.
    static func optionalOrdering<Root>(
        _ keyPath: AttributeKeyPath, nilsFirst: Bool, as _: Root.Type
    ) throws(QueryError) -> OrderingBox<Root>?

    /// Compiles a membership test on an optional native attribute through a set, or returns
    /// `nil` when the wrapped type is not native.
    static func compileOptionalMembership<Root>(
        _ keyPath: AttributeKeyPath, _ values: [QueryValue], as _: Root.Type
    ) throws(QueryError) -> PredicateBox<Root>?
}

extension Optional: OptionalQueryValue {
    static func compileOptionalComparison<Root>(
        _ keyPath: AttributeKeyPath, _ comparison: ComparisonOperator, _ operand: QueryValue,
        as _: Root.Type
    ) throws(QueryError) -> PredicateBox<Root>? {
        guard let native = Wrapped.self as? any NativeQueryValue.Type else { return nil }
        return PredicateBox(
            test: try native.compileOptionalComparison(
                wrapping: keyPath, comparison, operand, as: Root.self))
    }
}
