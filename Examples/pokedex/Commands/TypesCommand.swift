import Foundation
import PokedexKit
import PokedexOfflineData

/// `pokedex types <type>[/<type>]`: the damage a defender of one or two types takes from
/// each attacking type, grouped by multiplier, from the bundled type data.
struct TypesCommand: Command {
    static let spec = CommandSpec(
        name: "types",
        summary: "Show the type matchups of a defender of one or two types.",
        positionals: [
            Positional(
                placeholder: "<type>[/<type>]",
                help: "one or two type names, separated by / or a comma, any case")
        ],
        options: [.option(CommonOptions.language), .option(CommonOptions.json)],
        discussion: [
            "Groups the 18 attacking types by the damage they deal: 4×, 2×, 1×, ½×, ¼× or 0×.",
            "Example: pokedex types fire/flying",
        ])

    /// The type names as given, lowercased and trimmed: one or two.
    let names: [String]
    let json: Bool
    let wording: Wording

    init(_ arguments: Arguments) throws(UsageError) {
        names = try Self.names(in: arguments.required(0, "<type>[/<type>]"))
        json = arguments[CommonOptions.json]
        wording = Wording(language: arguments[CommonOptions.language])
    }

    /// The names in a type combination: `fire/flying`, `Fire,Flying` or `water`.
    ///
    /// - Throws: ``UsageError`` when the text names no type, an empty one, more than two, or
    ///   one twice.
    static func names(in text: String) throws(UsageError) -> [String] {
        let names = text.lowercased().split(
            separator: /[\/,]/, omittingEmptySubsequences: false
        ).map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.contains(where: \.isEmpty) else {
            throw UsageError(
                "'\(text)' names an empty type; write one or two types, as fire/flying")
        }
        guard names.count <= 2 else {
            throw UsageError(
                "'\(text)' names \(names.count) types; give one or two, as fire/flying")
        }
        guard Set(names).count == names.count else {
            throw UsageError("'\(text)' names the same type twice; give it once")
        }
        return names
    }

    func run() async throws {
        Console.out(
            try Self.output(
                for: names, details: BundledPokeAPI.allTypes(), json: json, wording: wording))
    }

    /// What the command prints for these type names: the table, or its JSON.
    ///
    /// - Parameters:
    ///   - names: One or two type names, lowercased.
    ///   - details: Every type's details, for the chart and the display names.
    ///   - json: Whether to write JSON.
    ///   - wording: The language of the type names and the title.
    /// - Returns: The text to print, without a final newline.
    /// - Throws: ``CommandFailure`` for a name that is no type, with the closest suggested.
    static func output(
        for names: [String], details: [PokemonTypeDetails], json: Bool,
        wording: Wording = .english
    ) throws -> String {
        let matchups = TypeMatchups(defending: try types(named: names), chart: TypeChart(details))
        if json { return try PokemonOutput.json(matchups) }
        let language = wording.language
        let displayNames = Dictionary(
            details.map { ($0.name, $0.name(in: language)?.text ?? $0.displayName) },
            uniquingKeysWith: { first, _ in first })
        return matchups.text(wording: wording) { displayNames[$0] ?? $0.rawValue }
    }

    /// The battle types of these names.
    ///
    /// - Throws: ``CommandFailure`` naming the first name that is none of the 18 types, with
    ///   the closest ones suggested.
    static func types(named names: [String]) throws -> [PokemonType] {
        try names.map { name in
            guard let type = try? PokemonType(parsing: name) else {
                let known = PokemonType.known.map(\.rawValue)
                let list = CommandSpec.wrapList(known, width: CommandSpec.helpWidth)
                throw CommandFailure(
                    "no type '\(name)'."
                        + NameMatcher.didYouMean(NameMatcher.closest(to: name, among: known))
                        + "\nThe types are:\n" + list.joined(separator: "\n"))
            }
            return type
        }
    }
}
