import Foundation
import KeyPathQuery
import ModelStorage

/// The record the aggregate checks store: an optional text to group by, an optional and a
/// large integer, an optional double, a Boolean, an optional date, an enumeration, and an
/// array of text and one of integers to group by their elements.
///
/// ``samples`` are the records the condition table (``AggregateTable``) states its answers
/// for.
public struct AggregateRecord: StorableModel, Hashable {
    /// The kind of a record: an enumeration stored as its raw value.
    public enum Kind: String, Codable, Hashable, Sendable, Comparable, QueryTextConvertible,
        CaseIterable
    {
        /// Fire.
        case fire
        /// Grass.
        case grass
        /// Water.
        case water

        /// Kinds order by raw value, as every target orders them.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// The record's id.
    public var id: Int
    /// A team to group by: text in and outside ASCII, or `nil`.
    public var team: String?
    /// A level, or `nil`.
    public var level: Int?
    /// An integer that may be as large as `Int64.max`, to sum past `Int64`.
    public var big: Int
    /// A weight, or `nil`.
    public var weight: Double?
    /// Whether the record is shiny.
    public var shiny: Bool
    /// When the record was caught, or `nil`.
    public var caught: Date?
    /// The record's kind.
    public var kind: Kind
    /// Badges, to group by each: some repeated, some arrays empty.
    public var badges: [String]
    /// Ribbons, to group by each: some repeated, some arrays empty.
    public var ribbons: [Int]

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - id: The id.
    ///   - team: The team, or `nil`.
    ///   - level: The level, or `nil`.
    ///   - big: The large integer.
    ///   - weight: The weight, or `nil`.
    ///   - shiny: Whether it is shiny.
    ///   - caught: When it was caught, or `nil`.
    ///   - kind: Its kind.
    ///   - badges: Its badges; none by default.
    ///   - ribbons: Its ribbons; none by default.
    public init(
        id: Int, team: String?, level: Int?, big: Int, weight: Double?, shiny: Bool,
        caught: Date?, kind: Kind, badges: [String] = [], ribbons: [Int] = []
    ) {
        self.id = id
        self.team = team
        self.level = level
        self.big = big
        self.weight = weight
        self.shiny = shiny
        self.caught = caught
        self.kind = kind
        self.badges = badges
        self.ribbons = ribbons
    }

    /// The attributes, by the names the stores use.
    public static let queryAttributes: AttributeMap<AggregateRecord> = [
        \.id: "id", \.team: "team", \.level: "level", \.big: "big", \.weight: "weight",
        \.shiny: "shiny", \.caught: "caught", \.kind: "kind", \.badges: "badges",
        \.ribbons: "ribbons",
    ]

    /// The team and the kind are indexed, so that a condition on them is looked up.
    public static var indexedAttributes: [IndexedAttribute<AggregateRecord>] {
        [IndexedAttribute(\.team), IndexedAttribute(\.kind)]
    }

    /// The eight records the condition table's answers are stated for.
    ///
    /// Teams sort `Ash` < `Brock` < `Zed` < `ash` < `Émile` by Unicode scalars (and UTF-8
    /// bytes); two records hold `Int64.max` in ``big``, so that its sum over every record
    /// does not fit in `Int64` while the sum over the first three (`Int64.max + 1 - 2`) does,
    /// though its running total overflows on the way. Weights and dates are exact in binary,
    /// so every target's sums are equal to the bit. Badges and ribbons repeat an element in
    /// some arrays, and are empty in others.
    public static let samples: [AggregateRecord] = [
        sample(1, "Ash", 10, .max, 1.5, true, 1_000_000, .fire, ["boulder", "cascade"], [2, 1]),
        sample(2, "Ash", nil, 1, nil, false, nil, .water, ["cascade", "cascade"], []),
        sample(3, "Brock", 30, -2, 2.25, false, 3_000_000, .fire, [], [3, 3]),
        sample(4, nil, 5, 0, 0.5, true, 2_000_000, .grass, ["boulder"], [1]),
        sample(
            5, "\u{C9}mile", 7, 0, nil, false, nil, .water, ["thunder", "boulder", "boulder"], []),
        sample(6, "Brock", nil, 0, 4.0, false, 500_000, .water, [], [2]),
        sample(7, "ash", 20, 0, 0.25, false, nil, .fire, ["cascade"], [1, 2]),
        sample(8, "Zed", nil, .max, nil, true, nil, .grass, ["Zephyr"], []),
    ]

    private static func sample(
        _ id: Int, _ team: String?, _ level: Int?, _ big: Int, _ weight: Double?,
        _ shiny: Bool, _ caught: Double?, _ kind: Kind, _ badges: [String], _ ribbons: [Int]
    ) -> AggregateRecord {
        AggregateRecord(
            id: id, team: team, level: level, big: big, weight: weight, shiny: shiny,
            caught: caught.map { Date(timeIntervalSince1970: $0) }, kind: kind, badges: badges,
            ribbons: ribbons)
    }
}
