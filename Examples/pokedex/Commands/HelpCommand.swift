/// `pokedex help [<command>]`: the overview, or one command's help.
struct HelpCommand: Command {
    static let spec = CommandSpec(
        name: "help",
        summary: "Show this overview, or a command's help.",
        positionals: [
            Positional(placeholder: "<command>", help: "the command to explain", isOptional: true)
        ])

    /// The help to print.
    let text: String

    init(_ arguments: Arguments) throws(UsageError) {
        guard let name = arguments.positionals.first else {
            text = CommandSpec.overview(of: PokedexTool.specs)
            return
        }
        guard let command = PokedexTool.command(named: name) else {
            throw UsageError("unknown command '\(name)'; the commands are \(PokedexTool.names)")
        }
        text = command.spec.help
    }

    func run() {
        Console.out(text)
    }
}
