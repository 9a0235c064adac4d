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
        let width = rows.map(\.0.displayWidth).max() ?? 0
        let indent = String(repeating: " ", count: 2 + width + 3)
        return rows.map { left, right in
            let padding = String(repeating: " ", count: width - left.displayWidth + 3)
            let lines = wrap(
                right.split(separator: " ").map(String.init), width: helpWidth - indent.count)
            return "  " + left + padding + lines.joined(separator: "\n" + indent)
        }.joined(separator: "\n")
    }

    /// `parts` joined by spaces in lines of at most `width` columns (``DisplayWidth``: a
    /// Japanese, Korean or Chinese character takes two).
    ///
    /// A part that does not fit on the line goes to the next; a longer part than `width`
    /// stands on a line of its own, unless it is written without spaces between its words
    /// (Chinese and Japanese: Han and kana) and is wider than half the width: that is
    /// broken between characters where the line is full (``breakableUnits(_:)``). Korean,
    /// which has spaces, is wrapped by words.
    static func wrap(_ parts: [String], width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0
        func add(_ piece: String, _ pieceWidth: Int, separator: String) {
            var pieceWidth = pieceWidth
            var piece = piece
            if !line.isEmpty, lineWidth + separator.count + pieceWidth > width {
                lines.append(line)
                (line, lineWidth) = ("", 0)
            }
            if line.isEmpty, piece.first == " " {
                piece.removeFirst()
                pieceWidth -= 1
            }
            if !line.isEmpty {
                line += separator
                lineWidth += separator.count
            }
            line += piece
            lineWidth += pieceWidth
        }
        for part in parts {
            let partWidth = part.displayWidth
            let separator = line.isEmpty ? 0 : 1
            if lineWidth + separator + partWidth > width, partWidth > width / 2,
                part.contains(where: \.isWrittenWithoutSpaces)
            {
                // Break between characters: fill the line, then as many lines as it takes.
                for (index, unit) in Self.breakableUnits(part).enumerated() {
                    add(unit, unit.displayWidth, separator: index == 0 ? " " : "")
                }
            } else {
                add(part, partWidth, separator: " ")
            }
        }
        return line.isEmpty ? lines : lines + [line]
    }

    /// A part without spaces cut where a line may break: before and after each Han or kana
    /// character, but not before closing punctuation (`、`, `。`, `）`), nor inside a run of
    /// other characters (`53`, `(mega-x)`).
    static func breakableUnits(_ part: String) -> [String] {
        let closing: Set<Character> = [
            "、", "。", "，", "．", "！", "？", "」", "』", "）", "：", "；", "・", "ー",
        ]
        var units: [String] = []
        var previousIsRun = false
        for character in part {
            if closing.contains(character) || (!character.isWrittenWithoutSpaces && previousIsRun) {
                if units.isEmpty { units.append("") }
                units[units.count - 1].append(character)
            } else {
                units.append(String(character))
            }
            previousIsRun = !character.isWrittenWithoutSpaces
        }
        return units
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

extension Character {
    /// Whether the character belongs to a script written without spaces between words, so
    /// that a line may break before or after it: Han ideographs, kana, and the CJK
    /// punctuation and fullwidth forms that go with them.
    var isWrittenWithoutSpaces: Bool {
        guard let value = unicodeScalars.first?.value else { return false }
        return (0x3000...0x30FF).contains(value) || (0x3400...0x4DBF).contains(value)
            || (0x4E00...0x9FFF).contains(value) || (0xF900...0xFAFF).contains(value)
            || (0xFF00...0xFF60).contains(value) || (0x20000...0x3FFFD).contains(value)
    }
}
