import Foundation
import PokedexKit
import TestSupport
import Testing

@testable import pokedex

/// The species' names and genera of the bundle by language, read with `JSONSerialization`
/// from `pokemon-species.json` (rows: id, name, order, names, genera, …).
private enum RawSpeciesTexts {
    /// The names (`"names"`) and genera (`"genera"`) of a species by language.
    static func texts(_ id: Int) throws -> (names: [String: String], genera: [String: String]) {
        let data = try Data(
            contentsOf: RawPokeAPIData.resources.appending(path: "pokemon-species.json"))
        let document = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let rows = try #require(document?["rows"] as? [[Any]])
        let row = try #require(rows.first { $0.first as? Int == id })
        return (
            try #require(row[3] as? [String: String]), try #require(row[4] as? [String: String])
        )
    }
}

@Suite("pokedex --lang: names and texts in the user's language, within 80 columns")
struct LanguageCommandTests {
    /// The nine languages, each with two species named in it.
    static let cases: [(language: String, id: Int)] = [
        "en", "de", "fr", "es", "it", "ja", "ko", "zh-hans", "zh-hant",
    ].flatMap { language in [(language, 6), (language, 1)] }

    @Test(
        "a localized name finds its Pokémon, and show prints it in that language", arguments: cases)
    func showsInLanguage(language: String, id: Int) async throws {
        let texts = try RawSpeciesTexts.texts(id)
        let name = try #require(texts.names[language])
        let genus = try #require(texts.genera[language])
        let result = try await CommandRunner.pokedex(
            "show", "--lang", language, name, "--in-memory")
        #expect(result.status == 0, "\(result.error)")
        #expect(result.lines.first == "#\(id) \(name) · \(genus)", "\(result.output)")
    }

    @Test("show --lang ja charizard is リザードン, --lang de is Glurak, --lang ko 리자몽")
    func knownNames() async throws {
        for (language, title) in [
            ("ja", "#6 リザードン · かえんポケモン"), ("de", "#6 Glurak · Flammen-Pokémon"),
            ("ko", "#6 리자몽 · 화염포켓몬"), ("zh-hant", "#6 噴火龍 · 火焰寶可夢"),
            ("fr", "#6 Dracaufeu · Pokémon Flamme"),
        ] {
            let result = try await CommandRunner.pokedex(
                "show", "--lang", language, "charizard", "--in-memory")
            #expect(result.lines.first == title)
        }
        let japanese = try await CommandRunner.pokedex(
            "show", "--lang", "ja", "charizard", "--in-memory")
        #expect(japanese.lines.contains("種族値"))
        #expect(japanese.lines.contains("  4×  いわ"))
        #expect(japanese.output.contains("ヒトカゲ → リザード"))
    }

    @Test("the README's example is what show --lang ja charizard prints")
    func readmeExample() async throws {
        let readme = try String(
            contentsOf: RawPokeAPIData.repositoryRoot.appending(path: "README.md"), encoding: .utf8)
        let result = try await CommandRunner.pokedex(
            "show", "--lang", "ja", "charizard", "--in-memory")
        #expect(readme.contains("```text\n" + result.output + "```"))
        #expect(readme.contains("On standard error: `" + result.error.dropLast() + "`"))
    }

    @Test("a text missing in the language is shown in English, said once on stderr")
    func fallbackNoteOnce() async throws {
        let result = try await CommandRunner.pokedex(
            "show", "--lang", "ja", "charizard", "--in-memory")
        #expect(result.status == 0)
        let notes = result.errorLines.filter { $0.hasPrefix("note: shown in English") }
        #expect(notes.count == 1, "\(result.error)")
        #expect(notes.first?.contains("description") == true)
        #expect(result.output.contains("It blows\nout fire") || result.output.contains("blows"))
        let english = try await CommandRunner.pokedex("show", "charizard", "--in-memory")
        #expect(english.error.isEmpty, "\(english.error)")
        let move = try await CommandRunner.pokedex(
            "move", "--lang", "ko", "flamethrower", "--in-memory")
        #expect(move.errorLines.filter { $0.hasPrefix("note:") }.count == 1, "\(move.error)")
        #expect(move.lines.first?.hasPrefix("#53 화염방사") == true, "\(move.output)")
    }

    @Test(
        "every line of show, moves and move stays within 80 columns in ja, ko and zh",
        arguments: ["ja", "ko", "zh-hans", "zh-hant"])
    func staysWithin80Columns(language: String) async throws {
        var runs: [[String]] = []
        for pokemon in ["charizard", "necrozma-dusk", "25", "1008"] {
            runs.append(["show", "--lang", language, pokemon, "--in-memory"])
        }
        for pokemon in ["charizard", "mew"] {
            runs.append(["moves", "--lang", language, pokemon, "--in-memory"])
        }
        for move in ["flamethrower", "earthquake"] {
            runs.append(["move", "--lang", language, move, "--in-memory"])
        }
        for arguments in runs {
            let result = try await CommandRunner.pokedex(arguments, environment: [:])
            #expect(result.status == 0, "\(arguments): \(result.error)")
            for line in result.lines {
                #expect(TerminalColumns.count(line) <= 80, "\(arguments): \(line)")
            }
        }
    }

    @Test("--lang defaults from LC_ALL, then LANG; C is English")
    func environmentDefault() async throws {
        let german = try await CommandRunner.pokedex(
            ["types", "water"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(german.lines.first == "Wasser verteidigt: Schaden jedes Angriffstyps")
        let japanese = try await CommandRunner.pokedex(
            ["types", "water"], environment: ["LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"])
        #expect(japanese.lines.first?.hasPrefix("みず") == true, "\(japanese.output)")
        let plain = try await CommandRunner.pokedex(
            ["types", "water"], environment: ["LC_ALL": "C", "LANG": "de_DE.UTF-8"])
        #expect(plain.lines.first == "Water defending: damage from each attacking type")
        let option = try await CommandRunner.pokedex(
            ["types", "--lang", "fr", "water"], environment: ["LANG": "de_DE.UTF-8"])
        #expect(option.lines.first?.hasPrefix("Eau") == true)
    }

    @Test("an unknown --lang is a usage error that lists the data's languages")
    func unknownLanguage() async throws {
        let result = try await CommandRunner.pokedex("show", "--lang", "klingon", "charizard")
        #expect(result.status == 2)
        #expect(result.error.contains("--lang expects a language the data has"), "\(result.error)")
        #expect(result.error.contains("ja-hrkt") && result.error.contains("zh-hant"))
        #expect(result.error.contains("'klingon'"))
    }

    @Test("list, stats and evolution name things in the language")
    func otherCommands() async throws {
        let list = try await CommandRunner.pokedex(
            "list", "--lang", "ja", "--generation", "1", "--limit", "3", "--in-memory")
        #expect(list.lines.dropFirst(2).first?.contains("フシギダネ  くさ/どく") == true, "\(list.output)")
        let evolution = try await CommandRunner.pokedex("evolution", "--lang", "de", "charmander")
        #expect(evolution.lines.first?.hasPrefix("Glumanda → Glutexo") == true)
        let stats = try await CommandRunner.pokedex("stats", "--lang", "ko", "--in-memory")
        #expect(stats.output.contains("물"), "\(stats.output)")
    }

    @Test(
        "stats' table of average base stats: headings translated, within 80 columns",
        arguments: ["de", "fr", "es", "it", "ja", "ko", "zh-hans"])
    func statsAverages(language: String) async throws {
        let stats = try await CommandRunner.pokedex("stats", "--lang", language, "--in-memory")
        #expect(stats.status == 0, "\(stats.error)")
        let wording = Wording(language: PokedexLanguage(rawValue: language))
        #expect(stats.lines.contains(wording(.averageStatsByType)), "\(stats.output)")
        #expect(
            stats.lines.contains { $0.contains(wording(.specialDefense)) }, "\(stats.output)")
        #expect(wording(.averageStatsByType) != Phrase.averageStatsByType.rawValue)
        for line in stats.lines {
            #expect(TerminalColumns.count(line) <= 80, "\(language): \(line)")
        }
    }
}
