/// A condition compiled once for evaluation in memory, ready to test many values quickly.
///
/// Compiling turns the condition's tree into a chain of closures over your model's key paths
/// — the tree is not walked again for each value. Compile once, evaluate often:
///
/// ```swift
/// let isStrongFire = try strongFire.compiled()
/// let matches = pokemon.filter(isStrongFire.evaluate)
/// ```
public struct CompiledCondition<Model>: Sendable {
    private let predicate: ModelPredicate<Model>
    /// A conjunction's clauses, cheapest first, for scans; `nil` for any other condition.
    let stages: Stages?

    /// A conjunction's clauses apart, cheapest first, so that a scan can test them one at a
    /// time over a block of values (see `Sequence.scanFilter(_:)`).
    struct Stages: Sendable {
        /// Two clauses or more.
        let clauses: [PredicateBox<Model>]
        /// For each clause, the byte offset in a model of the attribute it reads, when the
        /// clause reads one attribute stored in place; `nil` otherwise.
        let offsets: [Int?]
        /// The first clause as a range of a stored `Int`, when it is one: the clause every
        /// element is tested with, then tested without a call.
        let leadingRange: StoredIntegerRange?
    }

    init(_ predicate: @escaping ModelPredicate<Model>, stages: Stages? = nil) {
        self.predicate = predicate
        self.stages = stages
    }

    /// The condition that every value satisfies.
    static var always: CompiledCondition { CompiledCondition { _ in true } }

    /// Whether a value satisfies the condition.
    ///
    /// - Parameter model: The value to test.
    /// - Returns: `true` when it satisfies the condition.
    /// - Complexity: O(1) for comparisons; text tests are linear in the text's length, and
    ///   collection tests in the collection's count.
    public func evaluate(_ model: Model) -> Bool {
        callAsFunction(model)
    }

    /// Whether a value satisfies the condition, so that a compiled condition can be called
    /// like a function.
    ///
    /// - Parameter model: The value to test.
    /// - Returns: `true` when it satisfies the condition.
    public func callAsFunction(_ model: Model) -> Bool {
        withUnsafePointer(to: model, predicate)
    }

    /// Whether the model at `model` satisfies the condition, read in place.
    @inline(__always)
    package func evaluate(at model: UnsafePointer<Model>) -> Bool {
        predicate(model)
    }

    /// The number of values in a sequence that satisfy the condition.
    ///
    /// Values are tested in place where the sequence has contiguous storage (arrays do).
    ///
    /// - Parameter values: The values to test.
    /// - Returns: How many satisfy the condition.
    /// - Complexity: O(*n*) in the number of values.
    public func count(in values: some Sequence<Model>) -> Int {
        var count = 0
        values.scan { value in
            if predicate(value) { count += 1 }
            return true
        }
        return count
    }

    /// The compiled predicate itself, for the engine's own loops.
    var test: ModelPredicate<Model> { predicate }
}

extension Condition {
    /// Compiles the condition for evaluation in memory.
    ///
    /// - Returns: The compiled condition.
    /// - Throws: ``QueryError`` when the condition cannot be evaluated: a regular expression
    ///   that does not compile, a value that does not fit its attribute (in a decoded
    ///   condition), an attribute whose type cannot be compared, or nesting deeper than
    ///   ``maximumDepth``.
    /// - Complexity: O(*n*) in the size of the condition.
    public func compiled() throws(QueryError) -> CompiledCondition<Model> {
        guard depth <= Self.maximumDepth else {
            throw .conditionTooDeep(depth: depth, limit: Self.maximumDepth)
        }
        return try ConditionCompiler.compileCondition(node, as: Model.self)
    }

    /// Whether a value satisfies the condition.
    ///
    /// To test many values, ``compiled()`` once and evaluate the result.
    ///
    /// - Parameter model: The value to test.
    /// - Returns: `true` when it satisfies the condition.
    /// - Throws: ``QueryError``, as ``compiled()`` does.
    public func evaluate(_ model: Model) throws(QueryError) -> Bool {
        try compiled().evaluate(model)
    }

    /// The values of a sequence that satisfy the condition, in their order.
    ///
    /// - Parameter values: The values to test.
    /// - Returns: The values that satisfy the condition.
    /// - Throws: ``QueryError``, as ``compiled()`` does.
    /// - Complexity: O(*n*) in the number of values.
    public func filter(_ values: some Sequence<Model>) throws(QueryError) -> [Model] {
        return values.scanFilter(try compiled())
    }
}
