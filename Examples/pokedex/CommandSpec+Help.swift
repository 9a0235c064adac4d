// The tool's help, derived from the commands' declarations: nothing here names an option, so
// an option cannot be accepted and left undocumented.
extension CommandSpec {
    /// The width help is wrapped to.
    static let helpWidth = 80

    /// The usage line, on one line for hints after a mistake:
    /// `usage: pokedex show <id|name> [--json] [--store PATH | --in-memory]`.
    var usage: String {
        ([usagePrefix] + usageParts).joined(separator: " ")
    }

    /// `usage: pokedex <name>`.
    private var usagePrefix: String { "usage: pokedex \(name)" }

    /// The positional arguments, then the option groups, as the usage line writes them.
    private var usageParts: [String] {
        positionals.map(\.synopsis) + options.map(\.synopsis)
    }

    /// The command's help: its usage, summary and discussion, then each argument and option
    /// on a line of its own with its default, wrapped to ``helpWidth``.
    var help: String {
        let indent = String(repeating: " ", count: usagePrefix.count + 1)
        let usageLines = Self.wrap(usageParts, width: Self.helpWidth - indent.count)
        var sections = [
            usagePrefix + " " + usageLines.joined(separator: "\n" + indent),
            ([summary] + discussion).joined(separator: "\n"),
        ]
        if !positionals.isEmpty {
            sections.append(
                "Arguments:\n" + Self.columns(positionals.map { ($0.placeholder, $0.help) }))
        }
        let options = declarations.map { ($0.synopsis, $0.helpText) }
        sections.append(
            "Options:\n" + Self.columns(options + [(Self.helpSynopsis, "show this help")]))
        return sections.joined(separator: "\n\n")
    }

    /// How the help options are written in help: `-h, --help`.
    static let helpSynopsis = Arguments.helpWords.sorted { $0.count < $1.count }
        .joined(separator: ", ")

    /// The tool's overview: how to start, then every command with its summary.
    ///
    /// - Parameter commands: The commands, in the order to list them.
    /// - Returns: The overview's text, several lines without a final newline.
    static func overview(of commands: [CommandSpec]) -> String {
        """
        pokedex — Pokémon from PokeAPI in a local store, queried from the command line.

        Start here (works offline, from the bundled data):
          swift run pokedex sync
          swift run pokedex show charizard
          swift run pokedex list --legendary --generation 1

        Commands:
        \(columns(commands.map { ($0.name, $0.summary) }))

        Run 'pokedex <command> --help' or 'pokedex help <command>' for a command's options.
        Exit status: 0 done, 1 the work failed, 2 a mistake on the command line.
        """
    }

    /// Rows of two columns, indented by two spaces, the second column aligned and wrapped
    /// to ``helpWidth``.
    static func columns(_ rows: [(String, String)]) -> String {
        let width = rows.map(\.0.count).max() ?? 0
        let indent = String(repeating: " ", count: 2 + width + 3)
        return rows.map { left, right in
            let padding = String(repeating: " ", count: width - left.count + 3)
            let lines = wrap(
                right.split(separator: " ").map(String.init), width: helpWidth - indent.count)
            return "  " + left + padding + lines.joined(separator: "\n" + indent)
        }.joined(separator: "\n")
    }

    /// `parts` joined by spaces in lines of at most `width` characters; a longer part stands
    /// on a line of its own.
    static func wrap(_ parts: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for part in parts {
            if line.isEmpty {
                line = part
            } else if line.count + 1 + part.count <= width {
                line += " " + part
            } else {
                lines.append(line)
                line = part
            }
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// Items as a list separated by commas, in lines of at most `width` characters:
    /// `Normal, Fighting,` / `Flying`.
    static func wrapList(_ items: [String], width: Int) -> [String] {
        wrap(items.dropLast().map { $0 + "," } + items.suffix(1), width: width)
    }

    /// Words as alternatives in a sentence: `a`, `a or b`, `a, b or c`.
    static func alternatives(_ words: [String]) -> String {
        guard let last = words.last else { return "" }
        return words.count == 1 ? last : words.dropLast().joined(separator: ", ") + " or " + last
    }
}
