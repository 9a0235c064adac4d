import KeyPathQuery
import ModelStorage

/// The record of the change-feed checks (``ChangeFeedConformance``): a user's note on a
/// Pokémon, whose model keeps a history of its changes, with tombstones kept for an hour.
public struct ConformanceEntry: StorableModel, Hashable {
    /// The note's id.
    public var id: String
    /// The Pokémon it is about.
    public var pokemonID: Int
    /// The note's text.
    public var text: String

    /// A note.
    ///
    /// - Parameters:
    ///   - id: Its id.
    ///   - pokemonID: The Pokémon it is about.
    ///   - text: Its text.
    public init(id: String, pokemonID: Int, text: String) {
        self.id = id
        self.pokemonID = pokemonID
        self.text = text
    }

    /// `id`, `pokemonID` and `text`.
    public static let queryAttributes: AttributeMap<ConformanceEntry> = [
        \.id: "id", \.pokemonID: "pokemonID", \.text: "text",
    ]

    /// A history whose tombstones are kept for an hour: the checks prune them by pruning as
    /// of two hours later.
    public static var changeHistory: ChangeHistory? {
        ChangeHistory(tombstoneRetention: .seconds(3_600))
    }

    /// The sample note with an id number: `n7` on Pokémon 7.
    ///
    /// - Parameter number: The number.
    /// - Returns: The note.
    public static func sample(_ number: Int) -> ConformanceEntry {
        ConformanceEntry(id: "n\(number)", pokemonID: number, text: "note \(number)")
    }
}
