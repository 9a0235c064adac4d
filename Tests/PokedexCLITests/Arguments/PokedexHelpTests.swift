import Foundation
import PokedexOfflineData
import Testing

@testable import pokedex

/// Help is derived from the commands' declarations: every command answers `--help`, `-h` and
/// `pokedex help <command>` with it, and every option it accepts is in it.
@Suite("pokedex help, derived from the declarations")
struct PokedexHelpTests {
    /// Every command's name, for parameterized tests.
    static let names = PokedexTool.specs.map(\.name)

    @Test("the overview lists every command with its summary, for every way of asking")
    func overview() async throws {
        let specs = PokedexTool.specs
        try #require(
            specs.count == 14,
            """
            sync, list, show, moves, move, search, evolution, types, favorite, note, stats, \
            status, copy and help
            """
        )
        let expected = CommandSpec.overview(of: specs)
        for spec in specs {
            let line = expected.split(separator: "\n").first { $0.hasPrefix("  \(spec.name) ") }
            let found = try #require(line, "\(spec.name) is not listed")
            #expect(found.hasSuffix(" " + spec.summary))
        }
        for arguments in [[], ["help"], ["--help"], ["-h"]] {
            let result = try await CommandRunner.run("pokedex", arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            #expect(result.output == expected + "\n", "\(arguments)")
            #expect(result.error.isEmpty, "\(arguments)")
        }
    }

    @Test("every command answers --help, -h and 'help <command>' with its help", arguments: names)
    func commandHelp(name: String) async throws {
        let spec = try #require(PokedexTool.command(named: name)?.spec)
        let expected = spec.help + "\n"
        #expect(expected.hasPrefix("usage: pokedex \(name)"))
        let ways = [
            [name, "--help"], [name, "-h"], ["help", name],
            // After other arguments, or in place of a required one.
            [name] + spec.declarations.prefix(1).map { "--\($0.name)" } + ["--help"],
        ]
        for arguments in ways {
            let result = try await CommandRunner.run("pokedex", arguments)
            #expect(result.status == 0, "\(arguments): \(result.error)")
            #expect(result.output == expected, "\(arguments)")
            #expect(result.error.isEmpty, "\(arguments): \(result.error)")
        }
    }

    @Test("every declared option and argument is in its command's usage and help", arguments: names)
    func everyOptionDocumented(name: String) throws {
        let spec = try #require(PokedexTool.command(named: name)?.spec)
        let helpLines = spec.help.split(separator: "\n").map(String.init)
        for option in spec.declarations {
            #expect(spec.usage.contains(option.synopsis), "\(option.synopsis) not in the usage")
            let line = helpLines.first { $0.hasPrefix("  \(option.synopsis) ") }
            let found = try #require(line, "\(option.synopsis) has no line in \(name)'s help")
            #expect(
                found.contains(option.help.split(separator: " ").prefix(3).joined(separator: " ")))
            if let defaultDescription = option.defaultDescription {
                #expect(spec.help.contains(defaultDescription), "\(option.name)'s default")
            }
        }
        for positional in spec.positionals {
            #expect(spec.usage.contains(positional.synopsis))
            #expect(helpLines.contains { $0.hasPrefix("  \(positional.placeholder) ") })
        }
        let names = spec.declarations.map(\.name)
        #expect(Set(names).count == names.count, "an option declared twice in \(name)")
    }

    @Test("sync's help names the bundled ids as the bundle holds them")
    func bundledIDs() throws {
        #expect(SyncCommand.bundledIDs == IDRuns.describe(try BundledPokeAPI.pokemonIDs()))
        #expect(SyncCommand.spec.help.contains("(ids \(SyncCommand.bundledIDs))"))
    }

    @Test("sync documents --concurrency and --live; list every stat threshold")
    func noLongerUndocumented() throws {
        let sync = try #require(PokedexTool.command(named: "sync")?.spec).help
        #expect(sync.contains("  --concurrency N "))
        #expect(sync.contains("  --live "))
        #expect(sync.contains("https://pokeapi.co/api/v2/"))
        let list = try #require(PokedexTool.command(named: "list")?.spec).help
        for stat in ["hp", "attack", "defense", "speed"] {
            #expect(list.contains("  --min-\(stat) N "))
        }
    }

    @Test("copy's help names both stores, the extensions, and --replace")
    func copyHelp() throws {
        let spec = try #require(PokedexTool.command(named: "copy")?.spec)
        #expect(
            spec.usage
                == "usage: pokedex copy <from> <to> [--replace] [--lock-timeout SECONDS]")
        #expect(spec.help.contains("  <from> "))
        #expect(spec.help.contains("  <to> "))
        #expect(spec.help.contains("  --replace "))
        #expect(spec.help.contains(".sqlite, .sqlite3 or .db for\nSQLite, .json for JSON"))
        let lines = spec.help.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= CommandSpec.helpWidth }, "help fits 80 columns")
        let store = try #require(PokedexTool.command(named: "list")?.spec.option(named: "store"))
        #expect(store.help.contains(".sqlite, .sqlite3 or .db (SQLite), .json (JSON)"))
    }

    @Test("help for a command that does not exist is a mistake: exit 2")
    func helpForUnknownCommand() async throws {
        let result = try await CommandRunner.pokedex("help", "frobnicate")
        #expect(result.status == 2)
        #expect(result.output.isEmpty)
        #expect(result.errorLines.first?.hasPrefix("pokedex: unknown command 'frobnicate'") == true)
        #expect(result.errorLines.last == "usage: pokedex help [<command>]")
    }
}
