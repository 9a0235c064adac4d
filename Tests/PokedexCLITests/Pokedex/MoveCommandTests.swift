import Foundation
import PokedexKit
import SQLiteStorage
import TestSupport
import Testing

/// The bundled learnsets, read with `JSONSerialization` from `learnset.json`: each
/// Pokémon's groups of `[version group, method, [id or [id, level], …]]`.
private enum RawLearnsets {
    /// The rows of a Pokémon: `(move id, method, level)`.
    static func rows(of pokemonID: Int) throws -> [(move: Int, method: String, level: Int)] {
        let text = try String(
            contentsOf: RawPokeAPIData.resources.appending(path: "learnset.json"), encoding: .utf8)
        let line = try #require(
            text.split(separator: "\n").first { $0.hasPrefix("{\"id\":\(pokemonID),") })
        let object = try #require(
            try JSONSerialization.jsonObject(
                with: Data(line.dropLast(line.hasSuffix(",") ? 1 : 0).utf8))
                as? [String: Any])
        var rows: [(Int, String, Int)] = []
        for group in object["moves"] as? [[Any]] ?? [] {
            let method = try #require(group[1] as? String)
            for move in group[2] as? [Any] ?? [] {
                if let id = move as? Int {
                    rows.append((id, method, 0))
                } else if let pair = move as? [Int] {
                    rows.append((pair[0], method, pair[1]))
                }
            }
        }
        return rows
    }

    /// The ids of the Pokémon that learn a move by a method, from every line.
    static func learners(of moveID: Int, by method: String) throws -> Set<Int> {
        let text = try String(
            contentsOf: RawPokeAPIData.resources.appending(path: "learnset.json"), encoding: .utf8)
        var ids: Set<Int> = []
        for line in text.split(separator: "\n") where line.hasPrefix("{") {
            let body = line.hasSuffix(",") ? line.dropLast() : line
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any])
            for group in object["moves"] as? [[Any]] ?? [] where group[1] as? String == method {
                let moves = group[2] as? [Any] ?? []
                if moves.contains(where: { ($0 as? Int ?? ($0 as? [Int])?.first) == moveID }) {
                    ids.insert(object["id"] as? Int ?? 0)
                }
            }
        }
        return ids
    }
}

@Suite("pokedex moves, move and list --learns, against the bundled data")
struct MoveCommandTests {
    @Test("sync stores every move and learnset entry of the bundle")
    func syncStoresEveryMove() async throws {
        try await withTemporaryDirectory { directory in
            let path = directory.appending(path: "dex.sqlite")
            let result = try await CommandRunner.pokedex("sync", "--store", path.path)
            #expect(result.status == 0, "\(result.error)")
            #expect(result.output.contains("Synced 1351 Pokémon from the bundled offline data"))
            #expect(
                result.output.contains(
                    "Also synced 3 types, 61 abilities and 129 moves that no Pokémon has."))
            let database = try await SQLiteModelDatabase.open(at: path, for: PokedexModels.all)
            let (moves, entries, learners) = try await database.read { snapshot in
                (
                    snapshot[Move.self].count, snapshot[LearnsetEntry.self].count,
                    Set(try snapshot[LearnsetEntry.self].fetch(RecordQuery()).map(\.pokemonID))
                        .count
                )
            }
            try await database.close()
            #expect(moves == 937)
            #expect(entries == 77_622)
            #expect(learners == 1268)
            let again = try await CommandRunner.pokedex("sync", "--store", path.path)
            #expect(again.output.contains("(1351 already stored)"), "\(again.output)")
        }
    }

    @Test("moves charizard: each group's moves, level-up in level order, within 80 columns")
    func movesOfCharizard() async throws {
        let result = try await CommandRunner.pokedex("moves", "charizard", "--in-memory")
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.allSatisfy { $0.count <= 80 })
        let rows = try RawLearnsets.rows(of: 6)
        let moveCount = Set(rows.map(\.move)).count
        #expect(lines.first == "#6 Charizard learns \(moveCount) moves in Scarlet Violet")
        let headings = lines.filter { !$0.isEmpty && !$0.hasPrefix(" ") && !$0.hasPrefix("#") }
        #expect(
            headings
                == ["Level up", "Machine", "Egg", "Tutor"].filter { heading in
                    rows.contains { $0.method == heading.lowercased().replacing(" ", with: "-") }
                })
        // The level-up table: as many rows as the data has, levels ascending.
        let levelUp = lines.drop { $0 != "Level up" }.dropFirst(3).prefix { !$0.isEmpty }
        #expect(levelUp.count == rows.count { $0.method == "level-up" })
        let levels = levelUp.compactMap { line in
            line.split(separator: " ").first.map { $0 == "Evo" ? 0 : Int($0) ?? -1 }
        }
        #expect(levels == levels.sorted())
        #expect(levelUp.contains { $0.contains("30  Flamethrower") })
        let byMachine = try await CommandRunner.pokedex(
            "moves", "6", "--by", "machine", "--in-memory")
        #expect(!byMachine.output.contains("Level up"))
        #expect(byMachine.output.contains("Machine"))
    }

    @Test("move flamethrower: the entry, then who learns it, by method")
    func moveFlamethrower() async throws {
        let result = try await CommandRunner.pokedex("move", "flamethrower", "--in-memory")
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines.first == "#53 Flamethrower · Fire · special · generation 1")
        #expect(lines.contains("Power 90 · Accuracy 100 · PP 15 · Priority 0 · selected Pokémon"))
        let egg = try RawLearnsets.learners(of: 53, by: "egg")
        #expect(lines.contains("  Egg (\(egg.count))"))
        #expect(result.output.contains("charmander 24, charmeleon 30, charizard 30"))
        // By any name, in any language.
        let german = try await CommandRunner.pokedex("move", "Flammenwurf", "--in-memory")
        #expect(german.output.hasPrefix("#53 Flamethrower"))
    }

    @Test("list --learns earthquake --by machine lists exactly the data's learners")
    func listLearns() async throws {
        let result = try await CommandRunner.pokedex(
            "list", "--learns", "earthquake", "--by", "machine", "--json", "--in-memory")
        #expect(result.status == 0, "\(result.error)")
        let records = try #require(
            try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [[String: Any]])
        #expect(
            Set(records.compactMap { $0["id"] as? Int })
                == (try RawLearnsets.learners(of: 89, by: "machine")))
    }

    @Test("the README's example is what moves and move print, up to where it is cut")
    func readmeExample() async throws {
        let readme = try String(
            contentsOf: RawPokeAPIData.repositoryRoot.appending(path: "README.md"), encoding: .utf8)
        let moves = try await CommandRunner.pokedex("moves", "charizard", "--in-memory")
        let move = try await CommandRunner.pokedex("move", "flamethrower", "--in-memory")
        let head = moves.output.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(24).joined(separator: "\n")
        let moveHead = move.output.split(separator: "\n", omittingEmptySubsequences: false)
            .prefix(16).joined(separator: "\n")
        #expect(readme.contains("```text\n" + head + "\n…\n" + moveHead + "\n…\n```"))
    }

    @Test("unknown names are suggested, and --by needs --learns")
    func mistakes() async throws {
        let move = try await CommandRunner.pokedex("move", "flamethrowr", "--in-memory")
        #expect(move.status == 1)
        #expect(
            move.error.contains("no move 'flamethrowr' in the store. Did you mean Flamethrower?"))
        let list = try await CommandRunner.pokedex("list", "--learns", "erthquake", "--in-memory")
        #expect(list.status == 1)
        #expect(list.error.contains("Did you mean Earthquake?"))
        let by = try await CommandRunner.pokedex("list", "--by", "egg", "--in-memory")
        #expect(by.status == 2)
        #expect(by.error.contains("--by says how a move is learned: add --learns MOVE"))
        let method = try await CommandRunner.pokedex("moves", "6", "--by", "eg", "--in-memory")
        #expect(method.status == 2)
        #expect(method.error.contains("Did you mean egg?"))
        let pokemon = try await CommandRunner.pokedex("moves", "charzard", "--in-memory")
        #expect(pokemon.status == 1)
        #expect(pokemon.error.contains("Did you mean Charizard"))
    }
}
