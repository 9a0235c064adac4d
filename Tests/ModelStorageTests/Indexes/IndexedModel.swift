import KeyPathQuery
import ModelStorage

/// A model with an index on attributes of every kind an index orders: text, an integer, a
/// double, an optional text and an optional integer; and one attribute without an index.
struct IndexedModel: StorableModel, Hashable {
    var id: Int
    var name: String
    var score: Int
    var ratio: Double
    var nickname: String?
    var rank: Int?
    var tags: [String]

    static let queryAttributes: AttributeMap<IndexedModel> = [
        \.id: "id", \.name: "name", \.score: "score", \.ratio: "ratio", \.nickname: "nickname",
        \.rank: "rank", \.tags: "tags",
    ]

    static var indexedAttributes: [IndexedAttribute<IndexedModel>] {
        [
            IndexedAttribute(\.name), IndexedAttribute(\.score), IndexedAttribute(\.ratio),
            IndexedAttribute(\.nickname), IndexedAttribute(\.rank),
        ]
    }

    /// Names that test text order: canonical equivalents (`é` precomposed and decomposed,
    /// `K` and the Kelvin sign), a prefix's upper neighbour (`~`, the last ASCII byte before
    /// DEL), text outside ASCII, and the empty text.
    static let names = [
        "alpha", "alps", "beta", "Kelvin", "\u{212A}elvin", "\u{E9}", "e\u{301}", "zeta~",
        "a~b", "ab", "", "\u{65E5}\u{672C}", "\u{65E5}\u{672C}\u{8A9E}", "e", "ka",
    ]

    /// A deterministic record; `withNaN` makes a few ratios NaN (which JSON cannot hold).
    static func sample(_ id: Int, withNaN: Bool = false) -> IndexedModel {
        let base = names[id % names.count]
        return IndexedModel(
            id: id,
            name: id % 3 == 0 ? base : base + String(id % 7),
            score: id % 50,
            ratio: withNaN && id % 97 == 0 ? .nan : Double(id % 20) / 4,
            nickname: id % 5 == 0 ? nil : "n\(id % 30)",
            rank: id % 4 == 0 ? nil : id % 10,
            tags: id % 2 == 0 ? ["even"] : [])
    }

    /// Conditions of every kind an index answers, and of kinds it must not answer wrongly.
    static let conditions: [(name: String, condition: Condition<IndexedModel>)] = [
        ("name ==", \.name == "beta"),
        ("name == precomposed", \.name == "\u{E9}"),
        ("name == decomposed", \.name == "e\u{301}"),
        ("name == Kelvin", \.name == "Kelvin"),
        ("name == missing", \.name == "omega"),
        ("name == empty", \.name == ""),
        ("name in", .in(\.name, ["alpha", "zeta~", "omega"])),
        ("name in nothing", .in(\.name, [String]())),
        ("name <", \.name < "b"),
        ("name <=", \.name <= "alps"),
        ("name >", \.name > "zeta"),
        ("name >=", \.name >= "e"),
        ("name between", .between(\.name, "a"..."b")),
        ("prefix ASCII", .hasPrefix(\.name, "al")),
        ("prefix K (and the Kelvin sign)", .hasPrefix(\.name, "K")),
        ("prefix ending in ~", .hasPrefix(\.name, "zeta~")),
        ("prefix e (not e with an accent)", .hasPrefix(\.name, "e")),
        ("prefix outside ASCII", .hasPrefix(\.name, "\u{65E5}\u{672C}")),
        ("prefix decomposed", .hasPrefix(\.name, "e\u{301}")),
        ("prefix empty", .hasPrefix(\.name, "")),
        ("prefix ignoring case", .hasPrefix(\.name, "AL", options: .caseInsensitive)),
        ("score ==", \.score == 7),
        ("score <", \.score < 3),
        ("score <=", \.score <= 3),
        ("score >", \.score > 46),
        ("score >=", \.score >= 46),
        ("score between", .between(\.score, 10...12)),
        ("score in", .in(\.score, [1, 49, 70])),
        ("score in, repeated", .in(\.score, [7, 7, 8])),
        ("ratio == an integer", \.ratio == 2),
        ("ratio == a fraction", \.ratio == 2.25),
        ("ratio < a fraction", \.ratio < 1.5),
        ("ratio >= an integer", \.ratio >= 4),
        ("ratio between", .between(\.ratio, 0.5...1)),
        ("nickname ==", \.nickname == "n3"),
        ("nickname == nil", \.nickname == nil),
        ("nickname >", \.nickname > "n25"),
        ("nickname !=", \.nickname != "n3"),
        ("nickname prefix", .hasPrefix(\.nickname, "n2")),
        ("rank <", \.rank < 3),
        ("rank == nil", \.rank == nil),
        ("rank ==", \.rank == 3),
        ("rank in", .in(\.rank, [1, 2, 40])),
        ("rank in", .in(\.rank, [1, 2])),
        ("rank in with nil", .in(\.rank, [nil, 2])),
        ("range and prefix", \.score >= 40 && .hasPrefix(\.name, "al")),
        ("two indexes", \.name == "beta" && \.score < 25),
        ("range inside and with an unindexed test", \.score < 5 && .contains(\.tags, "even")),
        ("or on one attribute", \.name == "beta" || \.name == "alpha"),
        ("or of ranges", \.score < 2 || \.score > 48),
        ("or on two attributes", \.name == "beta" || \.score == 3),
        ("or with an unindexed test", \.name == "beta" || .contains(\.tags, "even")),
        ("not equal", !(\.name == "beta")),
        ("not a range", !(\.score < 40)),
        ("!=", \.score != 7),
        ("false", .false),
        ("false and an equality", .false && \.score == 7),
    ]
}
