import Foundation
import PokedexKit

/// `pokedex`: sync Pokémon into a local store and query them from the command line.
///
///     swift run pokedex sync
///     swift run pokedex show charizard
///
/// Output goes to standard output; progress, errors and hints to standard error. The exit
/// status is 0 on success, 1 when the work failed, and 2 for a mistake on the command line.
@main
struct PokedexTool {
    static func main() async {
        let status = await run(Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }

    /// Every command, in the order the overview lists them.
    static var commands: [any Command.Type] {
        [
            SyncCommand.self, ListCommand.self, ShowCommand.self, MovesCommand.self,
            MoveCommand.self, SearchCommand.self, EvolutionCommand.self,
            TypesCommand.self, FavoriteCommand.self, NoteCommand.self, StatsCommand.self,
            StatusCommand.self,
            CopyCommand.self, HelpCommand.self,
        ]
    }

    /// Every command's declaration.
    static var specs: [CommandSpec] { commands.map { $0.spec } }

    /// The commands' names, for messages: `sync, list, …`.
    static var names: String { specs.map(\.name).joined(separator: ", ") }

    /// The command with this name, or `nil`.
    static func command(named name: String) -> (any Command.Type)? {
        commands.first { $0.spec.name == name }
    }

    /// Runs one command line and returns the exit status.
    static func run(_ words: [String]) async -> Int32 {
        guard let name = words.first, !Arguments.helpWords.contains(name) else {
            Console.out(CommandSpec.overview(of: specs))
            return 0
        }
        guard let command = command(named: name) else {
            Console.error("pokedex: unknown command '\(name)'")
            Console.error("run 'pokedex help' for the commands: \(names)")
            return 2
        }
        let rest = Array(words.dropFirst())
        if Arguments.asksForHelp(rest, for: command.spec) {
            Console.out(command.spec.help)
            return 0
        }
        do {
            let arguments = try Arguments(rest, for: command.spec, among: specs)
            try await command.init(arguments).run()
            if let note = FallbackNote.take() { Console.error(note) }
            return 0
        } catch let error as UsageError {
            Console.error("pokedex: \(error)")
            Console.error(command.spec.usage)
            return 2
        } catch {
            // Well-formed arguments whose work failed (a store that cannot be used among
            // them): the error says what and where; the usage is for command-line mistakes.
            Console.error("pokedex: \(error)")
            return 1
        }
    }
}

/// A command that ran but could not do its work, with a message that says why.
struct CommandFailure: Error, CustomStringConvertible {
    var description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Standard output and standard error.
enum Console {
    static func out(_ text: String) {
        FileHandle.standardOutput.write(Data((text + "\n").utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data((text + "\n").utf8))
    }
}
