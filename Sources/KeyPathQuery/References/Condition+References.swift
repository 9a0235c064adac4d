// Conditions that follow a reference from one model to another: to the record a record
// refers to, and from a record to the records that refer to it.

extension Condition where Model: Queryable {
    /// The condition that holds when the record this one refers to exists and satisfies a
    /// condition: "Pokémon whose species is legendary".
    ///
    /// ```swift
    /// let legendary: Condition<Pokemon> =
    ///     .reference(\.speciesID, to: PokemonSpecies.self, where: \.isLegendary == true)
    /// ```
    ///
    /// It has one meaning in every target. A database of both models evaluates it through its
    /// records (in memory, through the referred model's records; in SQLite, as `IN`
    /// the referred table's matching keys; in PostgreSQL, as `EXISTS` on its key); an `NSPredicate` format follows the to-one
    /// relationship named after the attribute without its `_id` or `ID` suffix
    /// (`species.is_legendary == YES`). A record whose attribute names no record satisfies
    /// none of these conditions, and their negations.
    ///
    /// - Parameters:
    ///   - keyPath: The attribute that holds the id of the record referred to.
    ///   - target: The model referred to.
    ///   - condition: The condition on the record referred to.
    /// - Returns: The condition on this model.
    public static func reference<Target: Queryable & Identifiable>(
        _ keyPath: any KeyPath<Model, Target.ID> & Sendable, to target: Target.Type,
        where condition: Condition<Target>
    ) -> Condition where Target.ID: QueryValueConvertible {
        let link = ReferenceLink(keyPath, to: target, inverseName: nil) { $0 }
        return Condition(.referenced(link, condition.node), depth: condition.depth + 1)
    }

    /// The condition that holds when this record refers to a record, through an optional
    /// reference, that satisfies a condition; a record whose reference is `nil` satisfies
    /// none.
    ///
    /// - Parameters:
    ///   - keyPath: The attribute that holds the id of the record referred to, or `nil`.
    ///   - target: The model referred to.
    ///   - condition: The condition on the record referred to.
    /// - Returns: The condition on this model.
    public static func reference<Target: Queryable & Identifiable>(
        _ keyPath: any KeyPath<Model, Target.ID?> & Sendable, to target: Target.Type,
        where condition: Condition<Target>
    ) -> Condition where Target.ID: QueryValueConvertible {
        let link = ReferenceLink(keyPath, to: target, inverseName: nil) { $0 }
        return Condition(.referenced(link, condition.node), depth: condition.depth + 1)
    }
}

extension Condition where Model: Queryable & Identifiable, Model.ID: QueryValueConvertible {
    /// The condition that holds when at least one record of another model refers to this
    /// one and satisfies a condition: "species with any variety of type fire".
    ///
    /// ```swift
    /// let fire: Condition<PokemonSpecies> =
    ///     .anyReferrer(Pokemon.self, through: \.speciesID, where: .contains(\.types, .fire))
    /// ```
    ///
    /// In SQLite and PostgreSQL it is `EXISTS` on the referring table's attribute, which a
    /// database indexes for each declared reference; in an `NSPredicate` format it is a
    /// `SUBQUERY` through the to-many relationship named `inverse`.
    ///
    /// - Parameters:
    ///   - referrer: The model whose records refer to this one.
    ///   - keyPath: The referrer's attribute that holds this record's id.
    ///   - inverse: The to-many relationship from this model to the referrer, for an
    ///     `NSPredicate` format (Core Data's inverse relationship); `nil` when the condition is
    ///     not rendered as one.
    ///   - condition: The condition on the referring records.
    /// - Returns: The condition on this model.
    public static func anyReferrer<Referrer: Queryable>(
        _ referrer: Referrer.Type, through keyPath: any KeyPath<Referrer, Model.ID> & Sendable,
        inverse: String? = nil, where condition: Condition<Referrer> = .true
    ) -> Condition {
        referring(keyPath, inverse: inverse, .any, condition) { $0 }
    }

    /// The condition that holds when at least one record of another model refers to this one
    /// through an optional reference and satisfies a condition.
    ///
    /// - Parameters:
    ///   - referrer: The model whose records refer to this one.
    ///   - keyPath: The referrer's attribute that holds this record's id, or `nil`.
    ///   - inverse: The to-many relationship's name for an `NSPredicate` format.
    ///   - condition: The condition on the referring records.
    /// - Returns: The condition on this model.
    public static func anyReferrer<Referrer: Queryable>(
        _ referrer: Referrer.Type, through keyPath: any KeyPath<Referrer, Model.ID?> & Sendable,
        inverse: String? = nil, where condition: Condition<Referrer> = .true
    ) -> Condition {
        referring(keyPath, inverse: inverse, .any, condition) { $0 }
    }

    /// The condition that holds when no record of another model that refers to this one
    /// satisfies a condition: "species with no variety heavier than 100 kg".
    ///
    /// A record nothing refers to satisfies it.
    ///
    /// - Parameters:
    ///   - referrer: The model whose records refer to this one.
    ///   - keyPath: The referrer's attribute that holds this record's id.
    ///   - inverse: The to-many relationship's name for an `NSPredicate` format.
    ///   - condition: The condition on the referring records.
    /// - Returns: The condition on this model.
    public static func noReferrer<Referrer: Queryable>(
        _ referrer: Referrer.Type, through keyPath: any KeyPath<Referrer, Model.ID> & Sendable,
        inverse: String? = nil, where condition: Condition<Referrer> = .true
    ) -> Condition {
        referring(keyPath, inverse: inverse, .none, condition) { $0 }
    }

    /// The condition that holds when no record of another model that refers to this one
    /// through an optional reference satisfies a condition.
    ///
    /// - Parameters:
    ///   - referrer: The model whose records refer to this one.
    ///   - keyPath: The referrer's attribute that holds this record's id, or `nil`.
    ///   - inverse: The to-many relationship's name for an `NSPredicate` format.
    ///   - condition: The condition on the referring records.
    /// - Returns: The condition on this model.
    public static func noReferrer<Referrer: Queryable>(
        _ referrer: Referrer.Type, through keyPath: any KeyPath<Referrer, Model.ID?> & Sendable,
        inverse: String? = nil, where condition: Condition<Referrer> = .true
    ) -> Condition {
        referring(keyPath, inverse: inverse, .none, condition) { $0 }
    }

    /// The condition that holds when every record of another model that refers to this one
    /// satisfies a condition.
    ///
    /// A record nothing refers to satisfies it.
    ///
    /// - Parameters:
    ///   - referrer: The model whose records refer to this one.
    ///   - keyPath: The referrer's attribute that holds this record's id.
    ///   - inverse: The to-many relationship's name for an `NSPredicate` format.
    ///   - condition: The condition on the referring records.
    /// - Returns: The condition on this model.
    public static func everyReferrer<Referrer: Queryable>(
        _ referrer: Referrer.Type, through keyPath: any KeyPath<Referrer, Model.ID> & Sendable,
        inverse: String? = nil, where condition: Condition<Referrer>
    ) -> Condition {
        referring(keyPath, inverse: inverse, .all, condition) { $0 }
    }

    /// The condition that holds when every record of another model that refers to this one
    /// through an optional reference satisfies a condition.
    ///
    /// - Parameters:
    ///   - referrer: The model whose records refer to this one.
    ///   - keyPath: The referrer's attribute that holds this record's id, or `nil`.
    ///   - inverse: The to-many relationship's name for an `NSPredicate` format.
    ///   - condition: The condition on the referring records.
    /// - Returns: The condition on this model.
    public static func everyReferrer<Referrer: Queryable>(
        _ referrer: Referrer.Type, through keyPath: any KeyPath<Referrer, Model.ID?> & Sendable,
        inverse: String? = nil, where condition: Condition<Referrer>
    ) -> Condition {
        referring(keyPath, inverse: inverse, .all, condition) { $0 }
    }

    private static func referring<Referrer: Queryable, Value>(
        _ keyPath: any KeyPath<Referrer, Value> & Sendable, inverse: String?,
        _ quantifier: Quantifier, _ condition: Condition<Referrer>,
        id: @escaping @Sendable (Value) -> Model.ID?
    ) -> Condition {
        let link = ReferenceLink(keyPath, to: Model.self, inverseName: inverse, id: id)
        return Condition(
            .referring(link, quantifier, condition.node), depth: condition.depth + 1)
    }
}

extension Condition {
    /// Whether the condition follows a reference to another model's records, so that only a
    /// database of both models (or ``resolvingReferences(in:)``) can evaluate it in memory.
    public var followsReferences: Bool { node.followsReferences }

    /// The same condition with each part that follows a reference replaced by a condition on
    /// this model's own attributes, from the linked records the lookup reads now.
    ///
    /// `.reference(\.speciesID, to: PokemonSpecies.self, where: \.isLegendary == true)`
    /// becomes `\.speciesID` in the ids of the legendary species; `anyReferrer` becomes `\.id`
    /// in the ids the matching referrers hold, and `noReferrer` and `everyReferrer` its
    /// negations. The result means what the condition meant for the records the lookup read,
    /// and is evaluated, compiled and indexed like any condition.
    ///
    /// - Parameter lookup: Where the linked models' records are read.
    /// - Returns: A condition that follows no reference.
    /// - Throws: ``QueryError/conditionTooDeep(depth:limit:)`` beyond ``maximumDepth``, and
    ///   whatever the lookup throws.
    public func resolvingReferences(in lookup: some RelatedRecordLookup) throws -> Condition {
        guard depth <= Self.maximumDepth else {
            throw QueryError.conditionTooDeep(depth: depth, limit: Self.maximumDepth)
        }
        guard followsReferences else { return self }
        return Condition(try node.resolvingReferences(in: lookup), depth: depth)
    }

    /// The models whose records the condition reads through references, this one left out.
    package var referencedModels: Set<ObjectIdentifier> {
        var models: Set<ObjectIdentifier> = []
        node.collectReferencedModels(into: &models)
        return models
    }
}

extension ConditionNode {
    var followsReferences: Bool {
        switch self {
        case .referenced, .referring: true
        case .not(let inner): inner.followsReferences
        case .and(let nodes), .or(let nodes): nodes.contains { $0.followsReferences }
        default: false
        }
    }

    func collectReferencedModels(into models: inout Set<ObjectIdentifier>) {
        switch self {
        case .referenced(let link, let inner):
            models.insert(link.referred.identifier)
            inner.collectReferencedModels(into: &models)
        case .referring(let link, _, let inner):
            models.insert(link.referring.identifier)
            inner.collectReferencedModels(into: &models)
        case .not(let inner):
            inner.collectReferencedModels(into: &models)
        case .and(let nodes), .or(let nodes):
            for node in nodes { node.collectReferencedModels(into: &models) }
        default:
            break
        }
    }

    func resolvingReferences(in lookup: some RelatedRecordLookup) throws -> ConditionNode {
        switch self {
        case .referenced(let link, let inner):
            let ids = Self.distinct(try link.resolution.referredIDs(lookup, inner))
            return ids.isEmpty ? .constant(false) : .oneOf(link.attribute, ids)
        case .referring(let link, let quantifier, let inner):
            let tested: ConditionNode = quantifier == .all ? .not(inner) : inner
            let values = Self.distinct(try link.resolution.referringValues(lookup, tested))
            let referred: ConditionNode =
                values.isEmpty ? .constant(false) : .oneOf(link.referredID, values)
            if quantifier == .any { return referred }
            return values.isEmpty ? .constant(true) : .not(referred)
        case .not(let inner):
            return .not(try inner.resolvingReferences(in: lookup))
        case .and(let nodes):
            return .and(try nodes.map { try $0.resolvingReferences(in: lookup) })
        case .or(let nodes):
            return .or(try nodes.map { try $0.resolvingReferences(in: lookup) })
        default:
            return self
        }
    }

    private static func distinct(_ values: [QueryValue]) -> [QueryValue] {
        var seen: Set<QueryValue> = []
        return values.filter { seen.insert($0).inserted }
    }
}
