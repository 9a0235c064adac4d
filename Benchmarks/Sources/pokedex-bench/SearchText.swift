import Foundation
import PokedexKit

/// Group 13's searched texts: a small model whose one text attribute is declared searchable,
/// so that `SQLiteStore` keeps a token table of it and answers `Condition.search` from it.
struct SearchText: StorableModel, Hashable {
    var id: Int
    var text: String

    static let queryAttributes: AttributeMap<SearchText> = [\.id: "id", \.text: "text"]
    static var storageName: String { "search_text" }
    static var searchableAttributes: [SearchableAttribute<SearchText>] {
        [SearchableAttribute(\.text)]
    }

    /// The Pokédex's English texts, from the bundled records: each species' latest flavor
    /// text, and each move's and ability's effect and latest flavor text (3,078).
    static func pokedexTexts(_ records: PokedexRecords) -> [String] {
        var texts = records.species.compactMap { $0.latestFlavorText("en")?.text }
        for move in records.moves {
            texts += [move.effect("en"), move.flavorText("en")?.text].compactMap { $0 }
        }
        for ability in records.abilities {
            texts += [ability.effect, ability.flavorTexts.last { $0.language == "en" }?.text]
                .compactMap { $0 }
        }
        return texts.filter { !$0.isEmpty }
    }

    /// `count` records of the texts, ids from 1: the texts in order, then again as often as
    /// needed, each repetition's texts ending with the words `copy` and its number (`copy 2`),
    /// so that the corpus grows the same way every run without repeating a text.
    static func records(of texts: [String], count: Int) -> [SearchText] {
        (0..<count).map { index in
            let round = index / texts.count
            let text = texts[index % texts.count]
            return SearchText(id: index + 1, text: round == 0 ? text : "\(text) copy \(round + 1)")
        }
    }
}
