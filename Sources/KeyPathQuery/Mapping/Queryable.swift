/// A model whose attributes can be named in conditions, queries and sort keys.
///
/// A model declares its attributes once, mapping each key path to the name its store uses.
/// Conditions are then written with the model's own key paths, and a renamed property is a
/// compile error instead of a query that silently matches nothing:
///
/// ```swift
/// struct TimerRecord: Queryable {
///     var dayCode: Int
///     var duration: Double
///     var session: Session          // itself Queryable
///
///     static let queryAttributes: AttributeMap<TimerRecord> = [
///         \.dayCode: "day_code",
///         \.duration: "duration",
///         \.session: "session",
///     ]
/// }
///
/// let long: Condition<TimerRecord> = \.duration >= 3600 && \.session.name == "Deep work"
/// ```
///
/// When an attribute's type is itself `Queryable`, its attributes are reachable through it:
/// `\.session.name` maps to `"session.name"`.
///
/// Looking up a key path that has no mapping throws ``QueryError/unmappedKeyPath(_:model:)``;
/// it never crashes. Call ``validateQueryAttributes(against:)`` from a unit test to learn of
/// every stored property you forgot to map.
public protocol Queryable {
    /// The model's attributes: each key path with the name its store uses.
    static var queryAttributes: AttributeMap<Self> { get }
}

extension Queryable {
    /// The attribute name of a key path.
    ///
    /// ```swift
    /// try Pokemon.attributeName(for: \.specialAttack)   // "special_attack"
    /// ```
    ///
    /// - Parameter keyPath: A key path of this model, mapped directly or through a nested
    ///   `Queryable` attribute.
    /// - Returns: The attribute name, such as `"special_attack"` or `"session.name"`.
    /// - Throws: ``QueryError/unmappedKeyPath(_:model:)`` when the key path has no mapping.
    public static func attributeName(
        for keyPath: any PartialKeyPath<Self> & Sendable
    ) throws(QueryError) -> String {
        try AttributeIndex.of(Self.self).name(for: AttributeKeyPath(keyPath))
    }

    /// The attribute names of several key paths, in order.
    ///
    /// They are the escape hatch for an existing `NSPredicate` format that you would rather
    /// not rewrite yet:
    ///
    /// ```swift
    /// let names = try Pokemon.attributeNames(for: \.name, \.attack)
    /// let predicate = NSPredicate(
    ///     format: "%K BEGINSWITH[c] %@ AND %K >= %@", names[0], "char", names[1], 80)
    /// ```
    ///
    /// The attribute names are no longer typed by hand, so renaming a property or an attribute
    /// cannot leave the format behind.
    ///
    /// - Parameter keyPaths: Key paths of this model.
    /// - Returns: Their attribute names, in the same order.
    /// - Throws: ``QueryError/unmappedKeyPath(_:model:)`` for the first key path without a
    ///   mapping.
    public static func attributeNames(
        for keyPaths: any PartialKeyPath<Self> & Sendable...
    ) throws(QueryError) -> [String] {
        var names: [String] = []
        for keyPath in keyPaths {
            names.append(try attributeName(for: keyPath))
        }
        return names
    }

    /// Checks the mapping against a sample value and reports every problem at once: each
    /// stored property without a mapping, and each attribute name used twice.
    ///
    /// Call it from a unit test of your app, so that a property added later cannot be
    /// forgotten:
    ///
    /// ```swift
    /// @Test func everyPropertyIsMapped() throws {
    ///     try Pokemon.validateQueryAttributes(against: .preview)
    /// }
    /// ```
    ///
    /// Stored properties are found by reflecting on `sample`; computed properties may be
    /// mapped too, and are not required.
    ///
    /// - Parameter sample: Any value of the model.
    /// - Throws: ``QueryError/invalidMapping(model:unmappedProperties:duplicateNames:)`` listing
    ///   every unmapped stored property and every duplicate attribute name.
    public static func validateQueryAttributes(against sample: Self) throws(QueryError) {
        let model = String(describing: Self.self)
        let prefix = "\\" + model + "."
        var mappedProperties: Set<String> = []
        var seenNames: Set<String> = []
        var duplicates: [String] = []
        for entry in queryAttributes.entries {
            let path = entry.keyPath.debugDescription
            if path.hasPrefix(prefix) {
                let rest = path.dropFirst(prefix.count)
                mappedProperties.insert(String(rest.prefix { !".?![".contains($0) }))
            }
            if !seenNames.insert(entry.name).inserted {
                duplicates.append(entry.name)
            }
        }
        let stored = Mirror(reflecting: sample).children.compactMap(\.label)
        let unmapped = stored.filter { !mappedProperties.contains($0) }
        if !unmapped.isEmpty || !duplicates.isEmpty {
            throw .invalidMapping(
                model: model, unmappedProperties: unmapped, duplicateNames: duplicates)
        }
    }
}
