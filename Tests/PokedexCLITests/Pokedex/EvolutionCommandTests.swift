import Foundation
import PokedexKit
import PokedexOfflineData
import Testing

@testable import pokedex

/// `pokedex evolution`: chains as a line or a tree, conditions in words, checked against the
/// raw chains.
@Suite("pokedex evolution")
struct EvolutionCommandTests {
    /// A finder over every bundled species.
    static func finder() throws -> SpeciesFinder {
        SpeciesFinder(try BundledPokeAPI.allSpecies())
    }

    @Test("Charmander's line, with the levels of the raw chain")
    func charmander() async throws {
        let raw = try RawPokeAPIData.array("evolution-chain")
        let levels = try ["charmeleon", "charizard"].map { name in
            let node = try #require(RawPokeAPIData.chainNode(ofSpecies: name, in: raw))
            let details = try #require(node["evolution_details"] as? [[String: Any]])
            return try #require(details.first?["min_level"] as? Int)
        }
        #expect(levels == [16, 36])
        let expected =
            "Charmander → Charmeleon (level \(levels[0])) → Charizard (level \(levels[1]))\n"
        for name in ["charmander", "Charizard", "5", "charizard-mega-x", "10034"] {
            let result = try await CommandRunner.pokedex("evolution", name)
            #expect(result.status == 0, "\(name): \(result.error)")
            #expect(result.output == expected, "\(name)")
        }
    }

    @Test("Eevee's eight branches, each on its own line with the raw chain's condition")
    func eevee() async throws {
        let result = try await CommandRunner.pokedex("evolution", "eevee")
        #expect(result.status == 0, "\(result.error)")
        let lines = result.lines
        #expect(lines.first == "Eevee")
        let raw = try RawPokeAPIData.array("evolution-chain")
        let eevee = try #require(RawPokeAPIData.chainNode(ofSpecies: "eevee", in: raw))
        let children = try #require(eevee["evolves_to"] as? [[String: Any]])
        #expect(children.count == 8)
        let branches = lines.filter { $0.hasPrefix("├─ ") || $0.hasPrefix("└─ ") }
        #expect(branches.count == 8)
        for (child, line) in zip(children, branches) {
            let name = try #require((child["species"] as? [String: Any])?["name"] as? String)
            let block = Self.block(startingAt: line, in: lines)
            #expect(line.dropFirst(3).hasPrefix(name.capitalized + " ("), "\(line)")
            for detail in child["evolution_details"] as? [[String: Any]] ?? [] {
                for expected in Self.words(for: detail) {
                    #expect(block.contains(expected), "\(name): '\(expected)' in \(block)")
                }
            }
        }
        #expect(result.output.contains("Espeon (level up with high friendship during the day)"))
        #expect(result.output.contains("Umbreon (level up with high friendship at night)"))
        #expect(result.output.contains("Flareon (use Fire Stone)"))
    }

    @Test("conditions in words: held items, trades, times of day, moves, places")
    func wording() async throws {
        let expectations = [
            ("scizor", "Scizor (trade holding Metal Coat)"),
            ("shelmet", "Accelgor (trade for Karrablast)"),
            ("magnemite", "Magnezone (use Thunder Stone; or level up at Mt. Coronet"),
            ("piloswine", "Mamoswine (level up knowing Ancient Power)"),
            ("tyrogue", "Hitmonlee (level 20 with Attack above Defense)"),
            ("azurill", "Azurill (hatched when a parent holds Sea Incense)"),
            ("combee", "Vespiquen (level 21 if female)"),
            ("kirlia", "Gallade (use Dawn Stone if male)"),
            ("kubfu", "Urshifu (use Scroll of Darkness; or use Scroll of Waters;"),
        ]
        for (name, expected) in expectations {
            let result = try await CommandRunner.pokedex("evolution", name)
            #expect(result.status == 0, "\(name): \(result.error)")
            let joined = result.lines.map { $0.trimmingCharacters(in: .whitespaces) }
                .joined(separator: " ").replacingOccurrences(of: "│ ", with: "")
            #expect(joined.contains(expected), "\(name): \(result.output)")
        }
    }

    @Test(
        "display names, case and accents are ignored",
        arguments: [
            ("mr. mime", 122), ("Mr. Mime", 122), ("MR-MIME", 122), ("flabébé", 669),
            ("flabebe", 669), ("Flabébé", 669), ("nidoran♀", 29), ("nidoran-m", 32),
            ("Farfetch’d", 83), ("#25", 25), ("raichu-alola", 26),
        ])
    func names(text: String, id: Int) throws {
        #expect(try Self.finder().species(text)?.id == id, "\(text)")
    }

    @Test("an unknown name fails (exit 1) and suggests the closest names")
    func unknownName() async throws {
        let result = try await CommandRunner.pokedex("evolution", "charmandr")
        #expect(result.status == 1)
        #expect(result.output.isEmpty)
        #expect(result.error.contains("no species 'charmandr'"))
        #expect(result.error.contains("Did you mean Charmander"))
        #expect(!result.error.contains("usage:"))
        let finder = try Self.finder()
        #expect(finder.suggestions(for: "pikachoo").first == "Pikachu")
        #expect(finder.suggestions(for: "bulbsaur").first == "Bulbasaur")
        #expect(finder.species("9999") == nil)
        let number = try await CommandRunner.pokedex("evolution", "#2000")
        #expect(number.status == 1)
        #expect(number.error.contains("species are numbered 1 to 1025"), "\(number.error)")
        let empty = try await CommandRunner.pokedex("evolution", " ")
        #expect(empty.status == 2, "no name at all is a usage error")
    }

    @Test("every chain: every species once, every step's conditions in words, 80 columns")
    func everyChain() throws {
        let finder = try Self.finder()
        let chains = try BundledPokeAPI.allEvolutionChains()
        #expect(chains.count == 541)
        var widest = 0
        for chain in chains {
            let tree = EvolutionTree(chain) { finder.species(String($0))?.displayName }
            let text = tree.text()
            for line in text.split(separator: "\n") {
                #expect(line.count <= 80, "chain \(chain.id): \(line)")
                widest = max(widest, line.count)
            }
            for step in chain.steps {
                let name = try #require(finder.species(String(step.speciesID))).displayName
                #expect(text.contains(name), "chain \(chain.id) lacks \(name)")
            }
            for step in chain.steps.dropFirst() {
                let phrases = EvolutionWording { _ in nil }.phrases(for: step.conditions)
                // Only where PokeAPI lists no condition (Phione → Manaphy) are there no words.
                #expect(
                    phrases.isEmpty == step.conditions.isEmpty, "\(step.speciesName)'s words")
                #expect(
                    phrases.allSatisfy { !$0.contains(/\b[a-z]+-[a-z]/) },
                    "no PokeAPI name left as it is: \(phrases)")
            }
        }
        #expect(widest > 70, "some chain needed wrapping")
    }

    @Test("--json prints the tree")
    func json() async throws {
        let result = try await CommandRunner.pokedex("evolution", "Eevee", "--json")
        #expect(result.status == 0, "\(result.error)")
        let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
        let root = try #require((object as? [String: Any])?["root"] as? [String: Any])
        #expect(root["name"] as? String == "Eevee")
        let children = try #require(root["evolvesTo"] as? [[String: Any]])
        #expect(children.count == 8)
        #expect(children.allSatisfy { ($0["conditions"] as? [String])?.isEmpty == false })
    }

    /// The lines of a branch: its first line and those that continue it.
    static func block(startingAt line: String, in lines: [String]) -> String {
        guard let start = lines.firstIndex(of: line) else { return line }
        let rest = lines[(start + 1)...].prefix { $0.hasPrefix("│  ") || $0.hasPrefix("   ") }
        return ([line] + rest.map { $0.dropFirst(3).trimmingCharacters(in: .whitespaces) })
            .joined(separator: " ")
    }

    /// What the words of a raw condition must say: its item, time of day, special rock.
    static func words(for detail: [String: Any]) -> [String] {
        var words: [String] = []
        if let item = (detail["item"] as? [String: Any])?["name"] as? String {
            words.append(item.split(separator: "-").map(\.capitalized).joined(separator: " "))
        }
        switch detail["time_of_day"] as? String {
        case "day": words.append("during the day")
        case "night": words.append("at night")
        default: break
        }
        if detail["min_happiness"] != nil { words.append("high friendship") }
        if detail["min_affection"] != nil { words.append("high affection") }
        if detail["near_special_rock"] as? Bool == true { words.append("near a special rock") }
        if let type = (detail["known_move_type"] as? [String: Any])?["name"] as? String {
            words.append("knowing a \(type.capitalized)-type move")
        }
        return words
    }
}
