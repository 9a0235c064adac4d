/// One key of a query's sort: an attribute, a direction, and how to treat text and `nil`.
///
/// ```swift
/// let bestFirst: [SortKey<Pokemon>] = [.descending(\.attack), .ascending(\.name)]
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

    /// Whether text is compared ignoring the case of ASCII letters, as SQLite's
    /// `COLLATE NOCASE` does — in memory too, so that both give one order: `A`–`Z` sort as
    /// `a`–`z`, and every other character by its UTF-8 bytes.
    public let caseInsensitive: Bool

    /// Where `nil` values go; `nil` means "as the smallest value".
    public let nilPlacement: NilPlacement?

    init(
        _ keyPath: AttributeKeyPath, _ direction: Direction, caseInsensitive: Bool,
        nils: NilPlacement?
    ) {
        self.keyPath = keyPath
        self.direction = direction
        self.caseInsensitive = caseInsensitive
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
    ///   - caseInsensitive: Whether to compare text ignoring the case of ASCII letters
    ///     (`COLLATE NOCASE`); only for text attributes.
    /// - Returns: The sort key.
    public static func ascending<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, caseInsensitive: Bool = false
    ) -> SortKey {
        SortKey(AttributeKeyPath(keyPath), .ascending, caseInsensitive: caseInsensitive, nils: nil)
    }

    /// Sorts by an optional attribute, smallest first.
    ///
    /// - Parameters:
    ///   - keyPath: The optional attribute.
    ///   - caseInsensitive: Whether to compare text ignoring the case of ASCII letters
    ///     (`COLLATE NOCASE`); only for text attributes.
    ///   - nils: Where `nil` values go; first by default.
    /// - Returns: The sort key.
    public static func ascending<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable, caseInsensitive: Bool = false,
        nils: NilPlacement? = nil
    ) -> SortKey {
        SortKey(AttributeKeyPath(keyPath), .ascending, caseInsensitive: caseInsensitive, nils: nils)
    }

    /// Sorts by an attribute, largest first.
    ///
    /// - Parameters:
    ///   - keyPath: The attribute.
    ///   - caseInsensitive: Whether to compare text ignoring the case of ASCII letters
    ///     (`COLLATE NOCASE`); only for text attributes.
    /// - Returns: The sort key.
    public static func descending<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value> & Sendable, caseInsensitive: Bool = false
    ) -> SortKey {
        SortKey(AttributeKeyPath(keyPath), .descending, caseInsensitive: caseInsensitive, nils: nil)
    }

    /// Sorts by an optional attribute, largest first.
    ///
    /// - Parameters:
    ///   - keyPath: The optional attribute.
    ///   - caseInsensitive: Whether to compare text ignoring the case of ASCII letters
    ///     (`COLLATE NOCASE`); only for text attributes.
    ///   - nils: Where `nil` values go; last by default.
    /// - Returns: The sort key.
    public static func descending<Value: Comparable & QueryValueConvertible>(
        _ keyPath: any KeyPath<Model, Value?> & Sendable, caseInsensitive: Bool = false,
        nils: NilPlacement? = nil
    ) -> SortKey {
        SortKey(
            AttributeKeyPath(keyPath), .descending, caseInsensitive: caseInsensitive, nils: nils)
    }

    /// The same key in the other direction, with `nil` values kept where they were.
    public var reversed: SortKey {
        SortKey(
            keyPath, direction == .ascending ? .descending : .ascending,
            caseInsensitive: caseInsensitive, nils: effectiveNilPlacement)
    }
}
