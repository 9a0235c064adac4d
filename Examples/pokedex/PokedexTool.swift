import Foundation
import PokedexKit

/// `pokedex`: sync Pokémon into a local store and query them from the command line.
///
///     swift run pokedex sync
///     swift run pokedex list --type fire --sort -attack
///
/// Output goes to standard output; progress, errors and hints to standard error. The exit
/// status is 0 on success, 1 when the work failed, and 2 for a mistake on the command line.
@main
struct PokedexTool {
    static func main() async {
        let status = await run(Array(CommandLine.arguments.dropFirst()))
        exit(status)
    }

    /// Runs one command line and returns the exit status.
    static func run(_ arguments: [String]) async -> Int32 {
        guard let name = arguments.first else {
            Console.out(Usage.overview)
            return 0
        }
        let rest = Array(arguments.dropFirst())
        do {
            switch name {
            case "sync": try await SyncCommand(rest).run()
            case "list": try await ListCommand(rest).run()
            case "show": try await ShowCommand(rest).run()
            case "favorite": try await FavoriteCommand(rest).run()
            case "stats": try await StatsCommand(rest).run()
            case "help", "--help", "-h": Console.out(Usage.overview)
            default: throw UsageError("unknown command '\(name)'")
            }
            return 0
        } catch let error as UsageError {
            Console.error("pokedex: \(error)")
            Console.error(Usage.hint(for: name))
            return 2
        } catch let error as UnopenableStore {
            // Well-formed arguments, but the store they lead to cannot be used: the work
            // failed (1), and the hint shows how to name another store.
            Console.error("pokedex: \(error)")
            Console.error(Usage.hint(for: name))
            return 1
        } catch {
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
