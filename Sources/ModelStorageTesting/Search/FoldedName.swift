import KeyPathQuery
import ModelStorage

/// The record the checks of equalities with `TextOptions` store: an indexed name, an
/// indexed optional nickname and a remark that is not indexed, whose equalities a SQL store
/// answers without its folded values.
public struct FoldedName: StorableModel, Hashable {
    /// The record's id.
    public var id: Int
    /// The name, indexed.
    public var name: String
    /// A nickname, indexed, or `nil`.
    public var nickname: String?
    /// A text that is not indexed.
    public var remark: String

    /// Creates a record.
    ///
    /// - Parameters:
    ///   - id: The id.
    ///   - name: The name.
    ///   - nickname: The nickname, or `nil`.
    ///   - remark: The text that is not indexed; the name by default.
    public init(id: Int, name: String, nickname: String? = nil, remark: String? = nil) {
        self.id = id
        self.name = name
        self.nickname = nickname
        self.remark = remark ?? name
    }

    /// The attributes, by the names the stores use.
    public static let queryAttributes: AttributeMap<FoldedName> = [
        \.id: "id", \.name: "name", \.nickname: "nickname", \.remark: "remark",
    ]

    /// The table ``UnfoldedName`` shares.
    public static var storageName: String { "folded_name" }

    /// The name and the nickname.
    public static var indexedAttributes: [IndexedAttribute<FoldedName>] {
        [IndexedAttribute(\.name), IndexedAttribute(\.nickname)]
    }

    /// Names whose case, diacritics, ligatures, width and normalization differ.
    public static let samples: [FoldedName] = [
        FoldedName(id: 1, name: "Flabébé", nickname: "Fée"),
        FoldedName(id: 2, name: "Flabe\u{301}be\u{301}"),
        FoldedName(id: 3, name: "FLABEBE", nickname: "fee"),
        FoldedName(id: 4, name: "Glurak", nickname: "Charizard"),
        FoldedName(id: 5, name: "GLURAK"),
        FoldedName(id: 6, name: "リザードン", nickname: "リサ\u{3099}ードン"),
        FoldedName(id: 7, name: "STRASSE"),
        FoldedName(id: 8, name: "Straße", nickname: "STRAẞE"),
        FoldedName(id: 9, name: "strasse"),
        FoldedName(id: 10, name: "İzmir"),
        FoldedName(id: 11, name: "ﬁre", nickname: "FIRE"),
        FoldedName(id: 12, name: "ΣΊΣΥΦΟΣ"),
        FoldedName(id: 13, name: "σίσυφος"),
        FoldedName(id: 14, name: "Ａｂｃ", nickname: "abc"),
        FoldedName(id: 15, name: "ᾳ", nickname: "ΑΙ"),
        FoldedName(id: 16, name: "Ⓐ\u{301}", nickname: "Ⓐ"),
    ]

    /// The ``samples`` whose texts are in normalization form C with each character one code
    /// point, which every SQL database compares exactly.
    public static var exactSamples: [FoldedName] {
        samples.filter { ![2, 6, 16].contains($0.id) }
    }

    /// Operands of the equalities, each matching some of ``samples`` under some options.
    public static let operands = [
        "flabebe", "FLABÉBÉ", "Flabébé", "fee", "glurak", "リザードン", "straße", "STRASSE",
        "i\u{307}zmir", "izmir", "fire", "FIRE", "σίσυφος", "ΣΙΣΥΦΟΣ", "ＡＢＣ", "abc", "αι", "ⓐ",
        "Ⓐ", "nothing", "",
    ]
}

/// ``FoldedName`` without indexes: the same table, as a store kept it before it kept folded
/// values.
public struct UnfoldedName: StorableModel, Hashable {
    /// The record's id.
    public var id: Int
    /// The name.
    public var name: String
    /// A nickname, or `nil`.
    public var nickname: String?
    /// A text.
    public var remark: String

    /// The same record as a ``FoldedName``.
    ///
    /// - Parameter record: The record.
    public init(_ record: FoldedName) {
        id = record.id
        name = record.name
        nickname = record.nickname
        remark = record.remark
    }

    /// The attributes, by the names the stores use.
    public static let queryAttributes: AttributeMap<UnfoldedName> = [
        \.id: "id", \.name: "name", \.nickname: "nickname", \.remark: "remark",
    ]

    /// ``FoldedName``'s table.
    public static var storageName: String { FoldedName.storageName }
}
