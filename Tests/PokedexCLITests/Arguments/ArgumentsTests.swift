import Foundation
import PokedexKit
import Testing

@testable import pokedex

/// The parser accepts exactly what a command declares: each declared option, and nothing else.
@Suite("pokedex's parser, against each command's declarations")
struct ArgumentsTests {
    /// A valid value for each placeholder the commands use.
    ///
    /// A new placeholder needs one here, so that the test below parses every option.
    static let samples = [
        "A-B": "1-3", "URL": "http://127.0.0.1:9/", "N": "3", "PATH": "dex.json",
        "SECONDS": "1.5", "TEXT": "char", "T[,T…]": "fire,flying", "KEY": "-attack",
        "DIR": "http-cache", "TYPE": "rock", "NOTE-ID": "6F1C2A9E", "FILE": "token.txt",
        "MOVE": "earthquake", "METHOD": "egg", "LANG": "ja_JP.UTF-8",
    ]

    /// Arguments for the command's required positionals.
    static func positionals(of spec: CommandSpec) -> [String] {
        spec.positionals.filter { !$0.isOptional }.map { _ in "25" }
    }

    @Test(
        "every declared option parses, alone and in its own words",
        arguments: PokedexHelpTests.names)
    func everyDeclaredOptionParses(name: String) throws {
        let spec = try #require(PokedexTool.command(named: name)?.spec)
        let none = try Arguments(Self.positionals(of: spec), for: spec)
        #expect(spec.declarations.allSatisfy { !none.contains($0) }, "none given, none recorded")
        for option in spec.declarations {
            var words = Self.positionals(of: spec) + ["--\(option.name)"]
            if let placeholder = option.placeholder {
                words.append(
                    try #require(Self.samples[placeholder], "no sample for \(placeholder)"))
            }
            let arguments = try Arguments(words, for: spec, among: PokedexTool.specs)
            #expect(arguments.contains(option), "--\(option.name) given, not recorded")
            #expect(arguments.positionals == Self.positionals(of: spec))
        }
    }

    @Test(
        "an option the command does not declare is refused: another command's, or unknown",
        arguments: PokedexHelpTests.names)
    func undeclaredOptionsAreRefused(name: String) throws {
        let spec = try #require(PokedexTool.command(named: name)?.spec)
        let others = PokedexTool.specs.flatMap(\.declarations).filter {
            spec.option(named: $0.name) == nil
        }
        #expect(!others.isEmpty, "every command lacks some other command's option")
        for option in others {
            let words = Self.positionals(of: spec) + ["--\(option.name)"]
            let error = try #require(throws: UsageError.self) {
                try Arguments(words, for: spec, among: PokedexTool.specs)
            }
            #expect(
                error.description.hasPrefix("--\(option.name) makes no sense for \(name): "),
                "\(error)")
        }
        for word in ["--colour", "--help=yes", "--concurrency-limit"] {
            let error = try #require(throws: UsageError.self) {
                try Arguments(Self.positionals(of: spec) + [word], for: spec)
            }
            #expect(error.description.hasPrefix("unknown option --"), "\(error)")
        }
    }

    @Test("sync asks 4 at once of a server, 32 of the bundled data, unless told otherwise")
    func syncConcurrency() throws {
        func concurrency(_ words: [String]) throws -> Int {
            try SyncCommand(Arguments(words + ["--in-memory"], for: SyncCommand.spec)).concurrency
        }
        #expect(try concurrency([]) == 32)
        #expect(try concurrency(["--live"]) == 4)
        #expect(try concurrency(["--base-url", "http://127.0.0.1:8080"]) == 4)
        #expect(try concurrency(["--concurrency", "2"]) == 2)
        #expect(try concurrency(["--live", "--concurrency", "64"]) == 64)
    }

    @Test("values are converted by their declarations; defaults fill in what is absent")
    func valuesAndDefaults() throws {
        let sync = try Arguments(
            ["--range=4-6", "--concurrency", "8", "--in-memory"], for: SyncCommand.spec)
        #expect(sync[SyncCommand.Options.range] == 4...6)
        #expect(sync[SyncCommand.Options.concurrency] == 8)
        #expect(sync[CommonOptions.inMemory])
        #expect(sync[CommonOptions.lockTimeout] == .seconds(10))
        #expect(sync[SyncCommand.Options.baseURL] == nil)
        let list = try Arguments(["--min-attack", "100", "--sort", "-hp"], for: ListCommand.spec)
        let attack = try #require(ListCommand.Options.minimumStats.first { $0.stat == .attack })
        #expect(list[attack.option] == 100)
        #expect(list[ListCommand.Options.sort] == .stat(.hp, .descending))
        #expect(list[CommonOptions.limit] == nil)
        #expect(list[ListCommand.Options.type].isEmpty)
    }

    /// The keys `--sort` accepts are PokedexKit's one list: each parses, both ways, into a
    /// different order, and the help and the error name every one.
    @Test("every sort key parses, and the help and the error list them all")
    func sortKeys() throws {
        let convert = ListCommand.Options.sort.declaration.convert
        var orders: Set<PokemonSort> = []
        for key in PokemonSort.textKeys {
            orders.insert(try #require(try convert(key) as? PokemonSort))
            orders.insert(try #require(try convert("-" + key) as? PokemonSort))
        }
        #expect(orders.count == 2 * PokemonSort.textKeys.count)
        #expect(ListCommand.sortKeyList == "id, name, hp, attack, defense or speed")
        #expect(ListCommand.Options.sort.declaration.help.contains(ListCommand.sortKeyList))
        let error = try #require(throws: InvalidValue.self) { try convert("weight") }
        #expect(error.reason.contains(ListCommand.sortKeyList), "\(error.reason)")
    }

    @Test(
        "bad values name the option and what it expects",
        arguments: [
            (["--concurrency", "0"], "--concurrency expects 1 to 64, not '0'"),
            (["--lock-timeout", "-1"], "--lock-timeout expects a number of seconds from 0 to"),
            (["--lock-timeout", "1e300"], "--lock-timeout expects a number of seconds from 0 to"),
            (["--store", ""], "--store needs a path"),
            (["--store", "a.json", "--in-memory"], "give --store or --in-memory, not both"),
            (["--store", "a"], "--store expects a file ending in .sqlite, .sqlite3, .db"),
            (["--store", "a.JSONL"], "--store expects a file ending in .sqlite, .sqlite3, .db"),
            (["--base-url", "http://x", "--live"], "give --base-url or --live, not both"),
            (["--range", "1-2", "--range", "3-4"], "--range is given twice"),
            (["--refresh=no"], "--refresh takes no value"),
            (["--range"], "--range needs a value"),
            (["extra"], "unexpected argument 'extra'"),
        ])
    func badValues(words: [String], message: String) throws {
        let error = try #require(throws: UsageError.self) {
            try Arguments(words, for: SyncCommand.spec)
        }
        #expect(error.description.hasPrefix(message), "\(error)")
    }

    @Test("--help and -h ask for help as an option or an argument, not as a value")
    func asksForHelp() {
        let spec = ListCommand.spec
        #expect(Arguments.asksForHelp(["--help"], for: spec))
        #expect(Arguments.asksForHelp(["--type", "fire", "-h"], for: spec))
        #expect(Arguments.asksForHelp(["--name", "--help"], for: spec), "--help is no value")
        #expect(!Arguments.asksForHelp(["--name", "-h"], for: spec), "-h is --name's value")
        #expect(!Arguments.asksForHelp(["--name=-h", "--json"], for: spec))
        #expect(!Arguments.asksForHelp(["--helpful"], for: spec))
    }
}
