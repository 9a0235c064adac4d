import PokedexKit

/// `pokedex search <words>...`: the stored entries, moves and abilities whose texts have every
/// word, in any language (`Pokedex.search(_:language:limit:)`, through the store's word
/// index).
struct SearchCommand: Command {
    static let spec = CommandSpec(
        name: "search",
        summary: "Find entries, moves and abilities by the words of their texts.",
        positionals: [
            Positional(
                placeholder: "<words>",
                help: "the words to find, in any language; case, accents and width ignored",
                takesTheRest: true)
        ],
        options: [
            .option(CommonOptions.limit), .option(CommonOptions.language),
            .option(CommonOptions.json), CommonOptions.storeOrInMemory,
        ],
        discussion: [
            "Each word must begin a word of one entry's, move's or ability's names, genus,",
            "effects or latest descriptions, in any language. Ten of each kind are shown",
            "unless --limit says otherwise, each with the text that matched.",
            "Examples: pokedex search breathes fire, pokedex search Glurak --lang de",
        ])

    /// Hits of each kind shown without `--limit`.
    static let defaultLimit = 10

    let text: String
    let limit: Int
    let json: Bool
    let wording: Wording
    let location: StoreChoice

    init(_ arguments: Arguments) throws(UsageError) {
        text = try arguments.rest(from: 0, "<words>").joined(separator: " ")
        limit = arguments[CommonOptions.limit] ?? Self.defaultLimit
        json = arguments[CommonOptions.json]
        wording = Wording(language: arguments[CommonOptions.language])
        location = StoreChoice(arguments)
    }

    func run() async throws {
        let search: TextSearch
        do {
            search = try TextSearch(text)
        } catch {
            throw UsageError(String(describing: error))
        }
        let store = try await OpenedStore.forReading(location)
        let (text, limit, language) = (text, limit, wording.language)
        let results = try await store.withPokedex { pokedex in
            try await pokedex.search(text, language: language, limit: limit)
        }
        if json {
            Console.out(try PokemonOutput.encode(results))
        } else {
            Console.out(results.text(for: search, style: .standardOutput(), wording: wording))
        }
    }
}
