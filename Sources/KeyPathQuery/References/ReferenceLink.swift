/// How a condition that follows a reference links two models: an attribute of the referring
/// model holds the id of a record of the referred model.
///
/// It is plain data, compared and hashed by the attribute and the models, with the closures
/// that read each model's records through a ``RelatedRecordLookup`` when the condition is
/// resolved for memory (see ``Condition/resolvingReferences(in:)``).
struct ReferenceLink: Hashable, Sendable {
    /// The referring model's attribute that holds the referred record's id, or `nil`.
    let attribute: AttributeKeyPath
    /// The referred model's `id`.
    let referredID: AttributeKeyPath
    /// The referring model.
    let referring: LinkedModel
    /// The referred model.
    let referred: LinkedModel
    /// The name of the to-many relationship from the referred model to the referring one,
    /// which an `NSPredicate` format needs, when the condition names it.
    let inverseName: String?
    /// Reads records through a lookup; not part of the link's identity.
    let resolution: Resolution

    /// A model a link joins.
    struct LinkedModel: Hashable, Sendable, CustomStringConvertible {
        /// The model type's identity.
        let identifier: ObjectIdentifier
        /// The model type's name, for messages.
        let name: String

        init(_ type: Any.Type) {
            identifier = ObjectIdentifier(type)
            name = String(describing: type)
        }

        var description: String { name }
    }

    /// The reads of both models' records that resolve the link in memory.
    ///
    /// `@unchecked Sendable`: its closures capture only the link's key path (`Sendable`), its
    /// `id` conversion (`@Sendable`) and the two models' types, which nothing can mutate.
    struct Resolution: @unchecked Sendable {
        /// The ids of the referred records that satisfy a condition on the referred model.
        let referredIDs: (any RelatedRecordLookup, ConditionNode) throws -> [QueryValue]
        /// The values the attribute holds in the referring records that satisfy a condition on
        /// the referring model, `nil` left out.
        let referringValues: (any RelatedRecordLookup, ConditionNode) throws -> [QueryValue]
    }

    /// A link through a key path of the referring model that holds the referred id, or `nil`.
    init<Referring: Queryable, Referred: Queryable & Identifiable, Value>(
        _ keyPath: any KeyPath<Referring, Value> & Sendable, to referred: Referred.Type,
        inverseName: String?, id: @escaping @Sendable (Value) -> Referred.ID?
    ) where Referred.ID: QueryValueConvertible {
        let idPath: any KeyPath<Referred, Referred.ID> & Sendable = \Referred.id
        attribute = AttributeKeyPath(keyPath)
        referredID = AttributeKeyPath(idPath)
        referring = LinkedModel(Referring.self)
        self.referred = LinkedModel(Referred.self)
        self.inverseName = inverseName
        resolution = Resolution(
            referredIDs: { lookup, node in
                try lookup.records(of: Referred.self, where: Condition(node)).map {
                    $0.id.queryValue
                }
            },
            referringValues: { lookup, node in
                try lookup.records(of: Referring.self, where: Condition(node)).compactMap {
                    id($0[keyPath: keyPath])?.queryValue
                }
            })
    }

    static func == (lhs: ReferenceLink, rhs: ReferenceLink) -> Bool {
        lhs.attribute == rhs.attribute && lhs.referredID == rhs.referredID
            && lhs.referring == rhs.referring && lhs.referred == rhs.referred
            && lhs.inverseName == rhs.inverseName
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(attribute)
        hasher.combine(referred)
        hasher.combine(inverseName)
    }

    /// Names the link in messages: `\Pokemon.speciesID`.
    var description: String { attribute.description }

    /// The name of the to-one relationship an `NSPredicate` format follows: the attribute's
    /// name without a trailing `_id`, `ID` or `Id` (`species_id` and `speciesID` are
    /// `species`), or the attribute's name when it has none.
    func relationshipName(attributeName name: String) -> String {
        for suffix in ["_id", "ID", "Id"] where name.hasSuffix(suffix) && name.count > suffix.count
        {
            return String(name.dropLast(suffix.count))
        }
        return name
    }
}
