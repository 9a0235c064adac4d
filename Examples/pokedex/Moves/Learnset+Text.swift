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
    ///   - wording: The language of the headings and the moves' names, types and classes.
    /// - Returns: The lines, joined by newlines.
    func text(title: String, style: TerminalStyle = .plain, wording: Wording = .english) -> String {
        guard let game = LearnOptions.newestGame(groups.flatMap(\.moves).map(\.entry.versionGroup))
        else { return wording(.learnsNoMove, title) }
        let shown = groups.compactMap { group -> Group? in
            let moves = group.moves.filter { LearnOptions.game(of: $0.entry.versionGroup) == game }
            return moves.isEmpty ? nil : Group(method: group.method, moves: moves)
        }
        let count = Set(shown.flatMap(\.moves).map(\.move.id)).count
        var sections = CommandSpec.wrap(
            [wording(.learnsMoves, title, String(count), PokedexEntry.versionName(game))],
            width: PokedexEntry.width)
        for group in shown {
            let heading = style.heading(wording.method(group.method))
            let table = Self.table(group.moves, levels: group.method == .levelUp, wording: wording)
            sections.append(
                ([heading] + table.split(separator: "\n").map { "  " + $0 }).joined(separator: "\n")
            )
        }
        return sections.joined(separator: "\n\n")
    }

    /// A table of moves, with their level when `levels`, in `wording`'s language.
    static func table(_ moves: [LearnedMove], levels: Bool, wording: Wording = .english) -> String {
        var columns = [TableFormatter.Column]()
        if levels { columns.append(.init(title: wording(.levelColumn), alignment: .right)) }
        columns += [
            .init(title: wording(.moveColumn), alignment: .left),
            .init(title: wording(.typeColumn), alignment: .left),
            .init(title: wording(.classColumn), alignment: .left),
            .init(title: wording(.powerColumn), alignment: .right),
            .init(title: wording(.accuracyColumn), alignment: .right),
            .init(title: wording(.ppColumn), alignment: .right),
        ]
        let rows = moves.map { learned in
            (levels
                ? [learned.entry.level == 0 ? wording(.onEvolution) : String(learned.entry.level)]
                : []) + learned.move.tableCells(wording: wording)
        }
        return TableFormatter(columns: columns).format(rows)
    }
}

extension Move {
    /// The move's cells in a table: name, type, class, power, accuracy and PP, `—` where it
    /// has none; the name, type and class in `wording`'s language.
    func tableCells(wording: Wording = .english) -> [String] {
        [
            wording.text(name(in: wording.language), "move names") ?? name,
            wording.language == .english
                ? type.rawValue.capitalizedFirst : wording.typeName(type),
            damageClass.map(wording.damageClass) ?? "—",
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
