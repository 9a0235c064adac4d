/// Where a condition that follows a reference reads the records of the models it links.
///
/// A database of several models is one: it answers with its records, as the transaction or
/// the read sees them. ``Condition/resolvingReferences(in:)`` asks it for the records of each
/// linked model that satisfy the part of the condition on that model.
///
/// ```swift
/// struct Records: RelatedRecordLookup {
///     var pokemon: [Pokemon]
///     var species: [PokemonSpecies]
///
///     func records<Model: Queryable>(
///         of model: Model.Type, where condition: Condition<Model>
///     ) throws -> [Model] {
///         if let pokemon = pokemon as? [Model] { return try condition.filter(pokemon) }
///         if let species = species as? [Model] { return try condition.filter(species) }
///         return []
///     }
/// }
/// ```
public protocol RelatedRecordLookup {
    /// The records of a model that satisfy a condition.
    ///
    /// The condition may itself follow references: resolve it first, as a database's own
    /// queries do.
    ///
    /// - Parameters:
    ///   - model: The model.
    ///   - condition: The condition on its records.
    /// - Returns: The records that satisfy it, in any order.
    /// - Throws: Whatever reading the records throws.
    func records<Model: Queryable>(
        of model: Model.Type, where condition: Condition<Model>
    ) throws -> [Model]
}
