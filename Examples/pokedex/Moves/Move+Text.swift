import PokedexKit

// `pokedex move` as text: a move's entry and who learns it, and how, within 80 columns.
extension Move {
    /// The move's entry: its title and class, its numbers, its effect and description, then
    /// the Pokémon that learn it, by method.
    ///
    /// ```
    /// #53 Flamethrower · Fire · special · generation 1
    /// Power 90 · Accuracy 100 · PP 15 · Priority 0 · selected Pokémon
    /// ```
    ///
    /// - Parameters:
    ///   - learners: The Pokémon that learn it, each with its entries for it.
    ///   - style: How headings are shown.
    /// - Returns: The lines, joined by newlines.
    func text(learners: [MoveLearner], style: TerminalStyle = .plain) -> String {
        let width = PokedexEntry.width
        var title = "#\(id) \(displayName) · \(style.type(type, type.rawValue.capitalizedFirst))"
        if let damageClass { title += " · \(damageClass)" }
        title += " · generation \(generation)"
        let numbers = [
            "Power \(power.map(String.init) ?? "—")",
            "Accuracy \(accuracy.map(String.init) ?? "—")",
            "PP \(pp.map(String.init) ?? "—")", "Priority \(priority)",
            target.replacing("-", with: " ").replacing("pokemon", with: "Pokémon"),
        ]
        var sections = [[title] + CommandSpec.wrap(numbers.joinedAsList, width: width)]
        if let effect = shortEffect() {
            sections.append(PokedexEntry.paragraph(effect, indent: ""))
        }
        if let flavorText = flavorText() {
            sections.append(
                PokedexEntry.paragraph(flavorText.text, indent: "")
                    + ["  — \(PokedexEntry.versionName(flavorText.version))"])
        }
        sections.append(Self.learnerLines(learners, style: style))
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// Who learns the move, a paragraph per method: each Pokémon by name, with its level
    /// for level-up, in the newest game it learns the move in.
    static func learnerLines(_ learners: [MoveLearner], style: TerminalStyle) -> [String] {
        guard !learners.isEmpty else { return ["No stored Pokémon learns it."] }
        var byMethod: [MoveLearnMethod: [String]] = [:]
        for learner in learners {
            guard let game = LearnOptions.newestGame(learner.entries.map(\.versionGroup))
            else { continue }
            let entries = learner.entries.filter {
                LearnOptions.game(of: $0.versionGroup) == game
            }
            for method in Set(entries.map(\.method)) {
                let levels = entries.filter { $0.method == method }.map(\.level)
                let name = learner.pokemon.name
                byMethod[method, default: []].append(
                    method == .levelUp
                        ? "\(name) \(levels.map { $0 == 0 ? "evo" : String($0) }.joined(separator: "/"))"
                        : name)
            }
        }
        let count = learners.count
        var lines = ["\(style.heading("Learned by")) \(count) Pokémon"]
        for method in byMethod.keys.sorted() {
            let names = byMethod[method] ?? []
            lines.append("  \(method.displayName.capitalizedFirst) (\(names.count))")
            lines += CommandSpec.wrapList(names, width: PokedexEntry.width - 4).map { "    " + $0 }
        }
        return lines
    }
}

extension [String] {
    /// Parts of a line joined by ` · `, as words to wrap: each but the last ends with the dot.
    fileprivate var joinedAsList: [String] {
        enumerated().map { index, part in index < count - 1 ? part + " ·" : part }
    }
}
