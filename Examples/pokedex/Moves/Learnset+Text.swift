import PokedexKit

// `pokedex moves` as text: a learnset in a table per method, within 80 columns.
extension Learnset {
    /// The learnset of the newest game it has, a table per method: level-up moves with
    /// their level, the others by name.
    ///
    /// ```
    /// Level up
    ///   Lv  Move          Type    Class    Power  Acc.  PP
    ///   ──  ────────────  ──────  ───────  ─────  ────  ──
    ///    1  Air Slash     Flying  special     75    95  15
    /// ```
    ///
    /// - Parameters:
    ///   - title: The first line, such as `#6 Charizard`.
    ///   - style: How headings are shown.
    /// - Returns: The lines, joined by newlines.
    func text(title: String, style: TerminalStyle = .plain) -> String {
        guard let game = LearnOptions.newestGame(groups.flatMap(\.moves).map(\.entry.versionGroup))
        else { return "\(title) learns no move in the store." }
        let shown = groups.compactMap { group -> Group? in
            let moves = group.moves.filter { LearnOptions.game(of: $0.entry.versionGroup) == game }
            return moves.isEmpty ? nil : Group(method: group.method, moves: moves)
        }
        let count = Set(shown.flatMap(\.moves).map(\.move.id)).count
        var sections = [
            "\(title) learns \(count) moves in \(PokedexEntry.versionName(game))"
        ]
        for group in shown {
            let heading = style.heading(group.method.displayName.capitalizedFirst)
            let table = Self.table(group.moves, levels: group.method == .levelUp)
            sections.append(
                ([heading] + table.split(separator: "\n").map { "  " + $0 }).joined(separator: "\n")
            )
        }
        return sections.joined(separator: "\n\n")
    }

    /// A table of moves, with their level when `levels`.
    static func table(_ moves: [LearnedMove], levels: Bool) -> String {
        var columns = [TableFormatter.Column]()
        if levels { columns.append(.init(title: "Lv", alignment: .right)) }
        columns += [
            .init(title: "Move", alignment: .left), .init(title: "Type", alignment: .left),
            .init(title: "Class", alignment: .left), .init(title: "Power", alignment: .right),
            .init(title: "Acc.", alignment: .right), .init(title: "PP", alignment: .right),
        ]
        let rows = moves.map { learned in
            (levels ? [learned.entry.level == 0 ? "Evo" : String(learned.entry.level)] : [])
                + learned.move.tableCells
        }
        return TableFormatter(columns: columns).format(rows)
    }
}

extension Move {
    /// The move's cells in a table: name, type, class, power, accuracy and PP, `—` where it
    /// has none.
    var tableCells: [String] {
        [
            displayName, type.rawValue.capitalizedFirst, damageClass ?? "—",
            power.map(String.init) ?? "—", accuracy.map(String.init) ?? "—",
            pp.map(String.init) ?? "—",
        ]
    }
}

extension String {
    /// The text with its first letter in upper case: `"level up"` → `"Level up"`.
    var capitalizedFirst: String {
        prefix(1).uppercased() + dropFirst()
    }
}
