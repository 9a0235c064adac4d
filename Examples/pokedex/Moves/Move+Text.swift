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
    ///   - wording: The language of the names, texts, headings and labels; the target
    ///     (`selected Pokémon`) stays in English.
    /// - Returns: The lines, joined by newlines.
    func text(
        learners: [MoveLearner], style: TerminalStyle = .plain, wording: Wording = .english
    ) -> String {
        let width = PokedexEntry.width
        let english = wording.language == .english
        let name = wording.text(name(in: wording.language), "move names") ?? self.name
        let typeName = english ? type.rawValue.capitalizedFirst : wording.typeName(type)
        var title = "#\(id) \(name) · \(style.type(type, typeName))"
        if let damageClass { title += " · \(wording.damageClass(damageClass))" }
        title += " · \(wording(.generation, String(generation)))"
        let numbers = [
            "\(wording(.powerColumn)) \(power.map(String.init) ?? "—")",
            "\(wording(.accuracy)) \(accuracy.map(String.init) ?? "—")",
            "\(wording(.ppColumn)) \(pp.map(String.init) ?? "—")",
            "\(wording(.priority)) \(priority)",
            target.replacing("-", with: " ").replacing("pokemon", with: "Pokémon"),
        ]
        var sections = [
            CommandSpec.wrap([title], width: width)
                + CommandSpec.wrap(numbers.joinedAsList, width: width)
        ]
        if let effect = wording.text(shortEffect(in: wording.language), "move effects") {
            sections.append(PokedexEntry.paragraph(effect, indent: ""))
        }
        if let flavorText = latestFlavorText(in: wording.language) {
            if PokedexLanguage(rawValue: flavorText.language).baseCode
                != wording.language.baseCode
            {
                FallbackNote.record("move descriptions", language: wording.language)
            }
            sections.append(
                PokedexEntry.paragraph(flavorText.text, indent: "")
                    + ["  — \(PokedexEntry.versionName(flavorText.version))"])
        }
        sections.append(Self.learnerLines(learners, style: style, wording: wording))
        return sections.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
    }

    /// Who learns the move, a paragraph per method: each Pokémon by name, with its level
    /// for level-up, in the newest game it learns the move in.
    static func learnerLines(
        _ learners: [MoveLearner], style: TerminalStyle, wording: Wording = .english
    ) -> [String] {
        guard !learners.isEmpty else { return [wording(.noLearner)] }
        var byMethod: [MoveLearnMethod: [String]] = [:]
        for learner in learners {
            guard let game = LearnOptions.newestGame(learner.entries.map(\.versionGroup))
            else { continue }
            let entries = learner.entries.filter {
                LearnOptions.game(of: $0.versionGroup) == game
            }
            for method in Set(entries.map(\.method)) {
                let levels = entries.filter { $0.method == method }.map(\.level)
                let name =
                    wording.language == .english
                    ? learner.pokemon.name
                    : SpeciesNames.name(of: learner.pokemon, wording: wording)
                        ?? learner.pokemon.name
                let evolution = wording.language == .english ? "evo" : wording(.onEvolution)
                byMethod[method, default: []].append(
                    method == .levelUp
                        ? "\(name) \(levels.map { $0 == 0 ? evolution : String($0) }.joined(separator: "/"))"
                        : name)
            }
        }
        let count = learners.count
        var lines = [
            "\(style.heading(wording(.learnedBy))) \(wording(.pokemonCount, String(count)))"
        ]
        for method in byMethod.keys.sorted() {
            let names = byMethod[method] ?? []
            lines.append("  \(wording.method(method)) (\(names.count))")
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
