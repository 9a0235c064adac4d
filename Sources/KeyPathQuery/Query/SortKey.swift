/// One key of a query's sort: an attribute, a direction, and how to treat text and `nil`.
///
/// ```swift
/// let bestFirst: [SortKey<Pokemon>] = [.descending(\.attack), .ascending(\.name)]
/// let byName: [SortKey<Pokemon>] = [.ascending(\.name, options: .caseInsensitive)]
/// ```
///
/// Where an attribute is `nil`, it sorts as the smallest value — first when ascending, last
/// when descending — as in SQLite and Core Data. Say otherwise with `nils:`.
public struct SortKey<Model>: Hashable, Sendable {
    /// The direction of a sort key.
    public enum Direction: String, Hashable, Sendable, Codable {
        /// Smallest first.
        case ascending
        /// Largest first.
        case descending
    }

    /// Where `nil` values go.
    public enum NilPlacement: String, Hashable, Sendable, Codable {
        /// Before every value.
        case first
        /// After every value.
        case last
    }

    let keyPath: AttributeKeyPath

    /// The direction.
    public let direction: Direction

    /// How text is compared: exactly (the default), or folded as text conditions fold it.
    ///
    /// ``TextOptions/caseInsensitive`` sorts `É` with `é` and `Apple` with `apple`;
    /// ``TextOptions/diacriticInsensitive`` sorts `é` with `e`. Folded texts are ordered by
    /// their UTF-8 bytes, and texts that fold alike tie (the next key decides).
    ///
    /// Plain SQLite cannot fold this way (`COLLATE NOCASE` folds ASCII letters only), so the
    /// SQL target refuses a sort key with options rather than order differently — unless the
    /// connections have ``SQLTextFunctions`` registered and ``SQLOptions/textFunctions`` names
    /// them, in which case it sorts by the registered fold function.
    public let options: TextOptions

    /// Where `nil` values go; `nil` means "as the smallest value".
    public let nilPlacement: NilPlacement?

    init(
        _ keyPath: AttributeKeyPath, _ direction: Direction, options: TextOptions,
        nils: NilPlacement?
    ) {
        self.keyPath = keyPath
        self.direction = direction
        self.options = options
        self.nilPlacement = nils
    }

    /// Where `nil` values go, the default resolved: first when ascending, last when
    /// descending.
    public var effectiveNilPlacement: NilPlacement {
        nilPlacement ?? (direction == .ascending ? .first : .last)
    }

    /// Sorts by an attribute, smallest first.
    ///
    /// - Parameters:
    ///   - keyPath: The attribute.
    ///   - options: How to compare text, as in text conditions; exactly by default. Only for
    ///     text attributes.
    /// - Returns: The sort key.
    public static func ascending<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, options: TextOptions = []
    ) -> SortKey {
        SortKey(AttributeKeyPath(keyPath), .ascending, options: options, nils: nil)
    }

    /// Sorts by an optional attribute, smallest first.
    ///
    /// - Parameters:
    ///   - keyPath: The optional attribute.
    ///   - options: How to compare text, as in text conditions; exactly by default. Only for
    ///     text attributes.
    ///   - nils: Where `nil` values go; first by default.
    /// - Returns: The sort key.
    public static func ascending<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable, options: TextOptions = [],
        nils: NilPlacement? = nil
    ) -> SortKey {
        SortKey(AttributeKeyPath(keyPath), .ascending, options: options, nils: nils)
    }

    /// Sorts by an attribute, largest first.
    ///
    /// - Parameters:
    ///   - keyPath: The attribute.
    ///   - options: How to compare text, as in text conditions; exactly by default. Only for
    ///     text attributes.
    /// - Returns: The sort key.
    public static func descending<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, options: TextOptions = []
    ) -> SortKey {
        SortKey(AttributeKeyPath(keyPath), .descending, options: options, nils: nil)
    }

    /// Sorts by an optional attribute, largest first.
    ///
    /// - Parameters:
    ///   - keyPath: The optional attribute.
    ///   - options: How to compare text, as in text conditions; exactly by default. Only for
    ///     text attributes.
    ///   - nils: Where `nil` values go; last by default.
    /// - Returns: The sort key.
    public static func descending<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable, options: TextOptions = [],
        nils: NilPlacement? = nil
    ) -> SortKey {
        SortKey(
            AttributeKeyPath(keyPath), .descending, options: options, nils: nils)
    }

    /// The same key in the other direction, with `nil` values kept where they were.
    public var reversed: SortKey {
        SortKey(
            keyPath, direction == .ascending ? .descending : .ascending,
            options: options, nils: effectiveNilPlacement)
    }
}
