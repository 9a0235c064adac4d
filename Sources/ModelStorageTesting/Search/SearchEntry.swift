import KeyPathQuery
import ModelStorage

/// An entry whose text is searchable, in the table `entry`: with ``UnsearchedEntry``, the
/// same table with and without the declaration, for checks of a store that builds or drops
/// its tokens when the declaration changes.
public struct SearchEntry: StorableModel, Hashable {
    /// The entry's id.
    public var id: Int
    /// Its text, searchable.
    public var text: String

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - id: The id.
    ///   - text: The text.
    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }

    /// The attributes, by the names the stores use.
    public static let queryAttributes: AttributeMap<SearchEntry> = [\.id: "id", \.text: "text"]
    /// The table ``UnsearchedEntry`` shares.
    public static var storageName: String { "entry" }
    /// The text.
    public static var searchableAttributes: [SearchableAttribute<SearchEntry>] {
        [SearchableAttribute(\.text)]
    }

    /// Five texts, their words in Latin, accented, German and Chinese letters.
    public static let texts = [
        "Charizard breathes fire", "Flabébé", "STRAẞE", "火炎放射", "Glurak",
    ]
}

/// ``SearchEntry`` without the declaration of a searchable attribute, in the same table.
public struct UnsearchedEntry: StorableModel, Hashable {
    /// The entry's id.
    public var id: Int
    /// Its text, not searchable.
    public var text: String

    /// Creates an entry.
    ///
    /// - Parameters:
    ///   - id: The id.
    ///   - text: The text.
    public init(id: Int, text: String) {
        self.id = id
        self.text = text
    }

    /// The attributes, by the names the stores use.
    public static let queryAttributes: AttributeMap<UnsearchedEntry> = [
        \.id: "id", \.text: "text",
    ]
    /// The table ``SearchEntry`` keeps its tokens for.
    public static var storageName: String { "entry" }

    /// An entry of each of ``SearchEntry/texts``, its id the text's place.
    public static var samples: [UnsearchedEntry] {
        SearchEntry.texts.enumerated().map { UnsearchedEntry(id: $0, text: $1) }
    }
}
